import Foundation
import OffstageCore
import OffstageUI

/// Plays a story, step by step, as a pure machine: given the time and the engine's newest snapshot, it says what
/// to do (`StoryAction`); the shell (the dashboard's loop, on a terminal or headless) carries that out and hands
/// back what a `do` printed.
///
/// Times are the shell's seconds (`FrameClock`). `story check` plays in `.check` mode: pauses are skipped and counted
/// as dashboard time, so the length and the gaps it measures are those an audience would see.
public struct StoryPlayer: Sendable {
    /// How the story is played.
    public enum Mode: Sendable, Equatable {
        /// In the dashboard, for an audience: pauses take their time.
        case dashboard
        /// Headless, as fast as it allows: pauses are skipped.
        case check
    }

    /// How long the player lets the engine catch up.
    public struct Timing: Sendable, Equatable {
        /// After a command, a key or a jump, how long before a snapshot is taken to show its effect (the engine
        /// publishes a change within its snapshot interval).
        public var settle: Double
        /// How long an `expect` may take to come true (after `settle`).
        public var expectGrace: Double

        /// Timing for an engine that publishes at most every `snapshotInterval` seconds.
        public init(snapshotInterval: Double = 0.25, expectGrace: Double = 3) {
            settle = snapshotInterval + 0.15
            self.expectGrace = expectGrace
        }
    }

    /// The step in progress.
    enum Current: Sendable {
        /// A `do` handed to the shell; `commandEnded` finishes it.
        case command
        /// A `pause`, until this time.
        case pause(until: Double)
        /// A `wait`.
        case wait(WaitProgress)
        /// An `expect`, which may still come true until this time.
        case expect(until: Double)
    }

    /// How far a `wait` has got.
    struct WaitProgress: Sendable {
        /// The engine time by which it must be met (set from the first snapshot after it started).
        var limit: Date?
        /// The engine time when it started.
        var clockAtStart: Date?
        /// When the last jump was asked for.
        var jumpedAt: Double?
        /// Whether a `wait DURATION` moved the clock to its end.
        var advanced = false
    }

    /// The story.
    public let story: Story
    /// How it is played.
    public let mode: Mode
    let timing: Timing
    /// The line in progress, or the next one to start.
    var position = 0
    var current: Current?
    /// How it ended (nil while it plays).
    public private(set) var outcome: StoryOutcome?
    /// The `say` shown, with its count (`3/9 …`).
    var said: String?
    var saidCount = 0
    /// What the step in progress is doing, after the narration (`waiting for delivered …`).
    var status: String?
    /// The event log as the story saw it.
    public private(set) var log = StoryEventLog()
    /// The index in `log` of the last line a `wait` cannot be met by: the one the last `wait` was met by, or the
    /// last one seen when a `do` or `key` step last acted (-1: none yet).
    var cursor = -1
    /// When the visible state changed.
    public private(set) var timeline = StoryTimeline()
    /// Seconds of `pause` skipped (check mode), added to the shell's time to make dashboard time.
    var skipped = 0.0
    /// When a command, a key or a jump last acted on the engine.
    var actedAt = -Double.infinity
    /// Keys the story pressed (each is a visible change).
    var keysPressed = 0
    /// Whether the audience paused the story (space).
    public private(set) var isPaused = false
    var pausedAt: Double?
    /// Steps the audience let run while paused (→).
    var stepBudget = 0
    /// Whether → asked the `wait` in progress to jump the clock even though something moves.
    var forceJump = false
    var summary = StorySummary()
    /// The newest snapshot seen.
    var latest: Snapshot?

    /// A player for `story`.
    public init(story: Story, mode: Mode, timing: Timing = Timing()) {
        self.story = story
        self.mode = mode
        self.timing = timing
    }

    /// The line under the dashboard's panes: the narration, what the step in progress is doing, and whether the
    /// audience paused the story.
    public var narration: String {
        var line = said ?? story.title
        if let status { line += "  " + status }
        if isPaused { line = "⏸ paused (space resumes, → steps) · " + line }
        return line
    }

    /// Whether the story is over.
    public var isFinished: Bool { outcome != nil }

    /// The line in progress (nil: not started, or over).
    public var currentLine: StoryLine? { position < story.lines.count ? story.lines[position] : nil }

    /// The earliest shell time at which `advance` has something to do without a new snapshot (nil: only a snapshot
    /// or a key moves it on).
    public var wakeAt: Double? {
        guard outcome == nil, !(isPaused && stepBudget == 0) else { return nil }
        switch current {
        case nil: return 0
        case .command: return nil
        case .pause(let until): return until
        case .expect(let until): return min(until, actedAt + timing.settle)
        case .wait(let progress):
            return max(actedAt, progress.jumpedAt ?? -.infinity) + timing.settle
        }
    }

    /// Runs what is due at shell time `now` with the engine's newest snapshot (nil: none yet).
    public mutating func advance(now: Double, snapshot: Snapshot?) -> [StoryAction] {
        if let snapshot {
            log.absorb(snapshot.events)
            latest = snapshot
        }
        var actions: [StoryAction] = []
        while outcome == nil {
            // Paused by the audience: nothing goes on (a `pause` keeps its time left) until space or →.
            if isPaused && stepBudget == 0 { break }
            if current == nil {
                guard position < story.lines.count else {
                    finish(now: now, into: &actions)
                    break
                }
                start(now: now, into: &actions)
                if case .command? = current { break }
                continue
            }
            guard evaluate(now: now, into: &actions) else { break }
            complete()
        }
        observe(now: now)
        return actions
    }

    /// What the shell's run of the current `do` step printed; a refusal fails the story.
    public mutating func commandEnded(_ result: StoryCommandResult, now: Double) -> [StoryAction] {
        guard case .command? = current, let line = currentLine else { return [] }
        let words: [String]
        let mustRefuse: Bool
        switch line.step {
        case .run(let run): (words, mustRefuse) = (run, false)
        case .refused(let run): (words, mustRefuse) = (run, true)
        default: return []
        }
        actedAt = now
        var actions: [StoryAction] = result.lines.map { .log("    " + $0) }
        let shown = "$ offstage " + words.map(StoryWords.quoted).joined(separator: " ")
        if let last = result.lines.last {
            actions.append(.message(shown + (mustRefuse ? " → refused: " : " → ") + last))
        }
        if result.ok == mustRefuse {
            let reason =
                mustRefuse
                ? "the command was accepted; the story expects a refusal" : "the command was refused"
            fail(reason, shown: result.lines, now: now, into: &actions)
            return actions
        }
        complete()
        return actions
    }

    /// Space: pauses the story, or lets it go on.
    public mutating func togglePause(now: Double) {
        guard outcome == nil else { return }
        if isPaused, let pausedAt {
            let paused = now - pausedAt
            switch current {
            case .pause(let until)?: current = .pause(until: until + paused)
            case .expect(let until)?: current = .expect(until: until + paused)
            default: break
            }
            isPaused = false
            stepBudget = 0
            self.pausedAt = nil
        } else {
            isPaused = true
            pausedAt = now
        }
    }

    /// →: ends a `pause` now, makes a `wait` jump the clock now, and while paused lets one more step run.
    public mutating func stepForward(now: Double) {
        guard outcome == nil else { return }
        switch current {
        case .pause?:
            current = .pause(until: now)
            // While paused, a `pause` ended this way is not the step → runs: the one after it is.
            if isPaused { stepBudget += 1 }
        case .wait?: forceJump = true
        default: break
        }
        if isPaused { stepBudget += 1 }
    }

    /// Dashboard time for shell time `now`.
    func dashboardTime(_ now: Double) -> Double { now + skipped }

    /// Marks the step in progress done and moves to the next line.
    mutating func complete() {
        current = nil
        position += 1
        summary.steps += 1
        if isPaused, stepBudget > 0 { stepBudget -= 1 }
    }

    /// Notes the visible state for the timeline.
    mutating func observe(now: Double) {
        // Before the engine's first snapshot the dashboard shows the narration over an empty engine.
        var state = StoryVisibleState(
            snapshot: latest ?? DashboardLoop.placeholder, narration: narration, eventLines: log.lines.count)
        state.keys = keysPressed
        timeline.observe(state, at: dashboardTime(now), line: currentLine?.number)
    }

    /// Ends the story as passed.
    mutating func finish(now: Double, into actions: inout [StoryAction]) {
        observe(now: now)
        status = nil
        said = nil
        timeline.end(at: dashboardTime(now), line: nil)
        let outcome = StoryOutcome.passed(measured(now: now))
        self.outcome = outcome
        actions.append(.ended(outcome))
    }

    /// Ends the story at the current step, with why.
    mutating func fail(
        _ reason: String, shown: [String] = [], now: Double, into actions: inout [StoryAction]
    ) {
        guard let line = currentLine else { return }
        timeline.end(at: dashboardTime(now), line: line.number)
        let failure = StoryFailure(
            place: story.place(line), step: position + 1, text: line.step.text, reason: reason,
            shown: shown)
        let outcome = StoryOutcome.failed(failure, measured(now: now))
        self.outcome = outcome
        current = nil
        actions.append(.ended(outcome))
    }

    private func measured(now: Double) -> StorySummary {
        var summary = self.summary
        summary.length = timeline.length(at: dashboardTime(now))
        summary.longestGap = timeline.longestGap.seconds
        summary.gapEndedAtLine = timeline.longestGap.endedAtLine
        return summary
    }
}

/// What the shell does for a story.
public enum StoryAction: Equatable, Sendable {
    /// Run a `do` step's command line (its words, as after `offstage`) and answer with `commandEnded`.
    case run([String])
    /// Hand these inputs to the dashboard as if typed (the story keeps the controls).
    case keys([TerminalInput])
    /// Jump the engine's clock to its next deadline.
    case jumpClock
    /// Move the engine's clock forward by these seconds (nothing is due before then).
    case advanceClock(Double)
    /// Show this on the key bar (a command's result).
    case message(String)
    /// A line for the transcript (`story check`, plain output): a step and what it did.
    case log(String)
    /// The story is over.
    case ended(StoryOutcome)
}
