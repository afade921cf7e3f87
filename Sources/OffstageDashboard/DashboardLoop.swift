import Foundation
import OffstageCore
import OffstageRuntime
import OffstageUI
import Synchronization

/// The dashboard's loop: reads inputs and snapshots, runs the reducer, carries out effects, and presents at
/// most ten frames a second, none when nothing on screen changed.
///
/// It owns the terminal (one thread touches it). Between two snapshots it extrapolates the clock, so countdowns
/// move once a second without the engine publishing; bars of unknown size animate only while such a transfer runs.
public final class DashboardLoop {
    /// Why the loop ended.
    public enum Exit: Equatable, Sendable {
        /// The user pressed `q`.
        case quit
        /// A signal asked it to stop (SIGINT, SIGTERM, SIGHUP).
        case signal(Int32)
        /// The engine went away, with the reason.
        case engineEnded(String)
        /// The story ended (a loop that `endsWithStory`).
        case storyEnded(StoryOutcome)
    }

    /// The shortest time between two frames.
    public static let frameInterval = 0.1

    let terminal: any TerminalDevice
    /// The engine the dashboard shows and commands: hosted in this process, or attached to another's.
    let engine: any EngineClient
    let clock: any FrameClock
    /// The dashboard's own state.
    public private(set) var state = DashboardState()
    /// The last snapshot received.
    public private(set) var snapshot: Snapshot?
    /// The story playing while it has the controls (nil: the user has them, or there is none).
    public var story: StoryPlayer?
    /// Runs a story's `do` step (its command line's words) against the engine.
    public var runStoryCommand: ([String]) -> StoryCommandResult = { _ in
        StoryCommandResult(ok: false, lines: ["this dashboard cannot run a story's commands"])
    }
    /// Moves the engine's clock forward by some seconds, for a story's `wait DURATION` through dead time (the
    /// engine's own commands only jump to its next deadline).
    public var advanceClock: (Double) -> Void = { _ in }
    /// Gets each line of the story's transcript (the steps and what they did).
    public var onStoryLog: (String) -> Void = { _ in }
    /// Gets the script line each time it changes (plain output prints it).
    public var onScriptLine: (String) -> Void = { _ in }
    /// The script line last handed to `onScriptLine`.
    private var scriptLineShown: String?
    /// Gets every new snapshot (plain output prints its lines from it).
    public var onSnapshot: (Snapshot) -> Void = { _ in }
    /// Whether the loop ends when the story does (headless); else the keys go to the user.
    public var endsWithStory = false
    /// How the story ended (nil: none played, or it has not ended).
    public private(set) var storyOutcome: StoryOutcome?
    private var receivedAt = 0.0
    /// The time between the last two snapshots' arrivals (nil: fewer than two so far).
    private var snapshotGap: Double?
    /// What the last presented frame's render keeps to skip drawing unchanged panes in the next one.
    private var renderCache = RenderCache()
    private var lastFrameAt = -Double.infinity
    private var lastFrame: Screen?
    /// Whether something changed since the last frame that the frame rate has not let through yet.
    private var framePending = false
    private var pendingExit: Exit?
    /// Signals caught by the terminal adapter, posted from another thread.
    private let signals = SignalBox()
    /// The commands sent and not yet executed.
    private var sent = SentCommands()
    /// What the loop last asked the engine to send (nil: nothing yet).
    private var subscribed: SnapshotSubscription?
    /// Whether a transfer that ends sends a notification to the terminal (`transfers.json`, `--no-notify`).
    public var notifications = false

    /// A loop on a terminal and an engine.
    public init(
        terminal: any TerminalDevice, engine: any EngineClient,
        clock: any FrameClock = SystemFrameClock()
    ) {
        self.terminal = terminal
        self.engine = engine
        self.clock = clock
    }

    /// Tells the loop a signal arrived; safe from any thread.
    public func post(signal: Int32) {
        signals.post(signal)
        terminal.wake()
    }

    /// Runs until `q`, a signal, or the engine ends.
    public func run() -> Exit {
        while true {
            if let exit = step(wait: true) { return exit }
        }
    }

    /// One pass: new snapshot, inputs (waiting for them until the next frame is due when `wait`), the script,
    /// then a frame if one is due. Returns why the loop ends, or nil to go on.
    @discardableResult
    public func step(wait: Bool) -> Exit? {
        absorbSnapshot()
        let timeout = wait ? waitTime : 0
        let inputs = terminal.readInputs(timeout: timeout)
        absorbSnapshot()
        for input in inputs { handle(input) }
        if let signal = signals.take() { return .signal(signal) }
        if let exit = pendingExit { return exit }
        if let reason = engine.ended { return .engineEnded(reason) }
        if let notice = sent.refusals(from: engine).last { state.message = notice }
        runStory()
        if let line = state.scriptLine, line != scriptLineShown {
            scriptLineShown = line
            onScriptLine(line)
        }
        if let exit = pendingExit { return exit }
        subscribeToShownRows()
        presentIfDue()
        return nil
    }

    /// The frame the loop would draw now (for tests and `offstage render`).
    public func currentFrame() -> Screen {
        let view = displayedSnapshot()
        return DashboardView.render(
            snapshot: view, state: state, size: terminal.size, capabilities: terminal.capabilities)
    }

    private func absorbSnapshot() {
        guard let next = engine.snapshot(newerThan: snapshot?.sequence) else { return }
        let now = clock.seconds()
        snapshotGap = snapshot == nil ? nil : now - receivedAt
        if notifications {
            for line in TransferNotice.ended(from: snapshot, to: next) { terminal.notify(line) }
        }
        snapshot = next
        receivedAt = now
        DashboardReducer.reconcile(state: &state, snapshot: next)
        onSnapshot(next)
    }

    /// Asks the engine for the transfer rows the pane shows and a page on each side (the rest counted), so a home
    /// of 100,000 tasks costs the dashboard what a screenful does; again whenever the pane moves or its filter
    /// changes.
    private func subscribeToShownRows() {
        let rows = DashboardView.visibleRows(snapshot: displayedSnapshot(), state: state, size: terminal.size)
        let shown = max(1, rows[.transfers]?.count ?? 1)
        let jump = state.transferJump
        let wanted = SnapshotSubscription(
            transfers: .window(
                filter: state.filters[.transfers], first: jump.map { max(0, $0 - shown / 2) } ?? state.transferScroll,
                rows: shown, selected: jump == nil ? state.selectedTransfer : nil))
        guard wanted != subscribed else { return }
        subscribed = wanted
        engine.subscribe(wanted)
    }

    /// The snapshot with its clock carried forward to now.
    func displayedSnapshot() -> Snapshot {
        guard let snapshot else { return Self.placeholder }
        let elapsed = max(0, clock.seconds() - receivedAt) * snapshot.clock.rate.factor
        return snapshot.advanced(by: elapsed)
    }

    private func handle(_ input: TerminalInput) {
        if story != nil, input.isTyped {
            switch input {
            case .key(.character(" ")):
                story?.togglePause(now: clock.seconds())
                showNarration()
                return
            case .key(.right):
                story?.stepForward(now: clock.seconds())
                return
            default:
                story = nil
                state.scriptLine = "script stopped: you have the controls (? for help)"
            }
        }
        handleScripted(input)
    }

    /// Handles an input as the dashboard's own (a story's `key` steps come here without stopping the story).
    private func handleScripted(_ input: TerminalInput) {
        let view = displayedSnapshot()
        let size = terminal.size
        // PgUp/PgDn move by the rows the focused pane shows, as the view lays it out.
        let rows =
            DashboardView.visibleRows(snapshot: view, state: state, size: size)[state.focus]?.count ?? 1
        let effects = DashboardReducer.handle(
            input, state: &state, snapshot: view, visibleRows: max(1, rows),
            hit: { [state] mouse in
                DashboardView.hitTest(x: mouse.x, y: mouse.y, snapshot: view, state: state, size: size)
            })
        for effect in effects { perform(effect) }
        if case .resize = input { terminal.invalidate() }
        lastFrame = nil
    }

    private func perform(_ effect: DashboardEffect) {
        switch effect {
        case .quit:
            pendingExit = .quit
        case .redrawAll:
            terminal.invalidate()
            lastFrame = nil
        default:
            if let line = sent.send(effect, to: engine) { state.message = line }
        }
    }

    /// Plays the story's due steps and carries out what they ask for.
    private func runStory() {
        guard story != nil else { return }
        var actions = story?.advance(now: clock.seconds(), snapshot: snapshot) ?? []
        while !actions.isEmpty {
            let action = actions.removeFirst()
            switch action {
            case .run(let words):
                let result = runStoryCommand(words)
                absorbSnapshot()
                actions += story?.commandEnded(result, now: clock.seconds()) ?? []
                actions += story?.advance(now: clock.seconds(), snapshot: snapshot) ?? []
            case .keys(let inputs):
                for input in inputs { handleScripted(input) }
            case .jumpClock:
                perform(.jumpToNextDeadline)
            case .advanceClock(let seconds):
                advanceClock(seconds)
            case .message(let text):
                state.message = text
            case .log(let line):
                onStoryLog(line)
            case .ended(let outcome):
                storyOutcome = outcome
                story = nil
                state.scriptLine = Self.endLine(outcome)
                if endsWithStory { pendingExit = .storyEnded(outcome) }
            }
        }
        showNarration()
    }

    /// The story's narration on the script line.
    private func showNarration() {
        if let story { state.scriptLine = story.narration }
    }

    /// The script line once the story is over.
    static func endLine(_ outcome: StoryOutcome) -> String {
        switch outcome {
        case .passed: "the story is over: the keys are yours (? for help, q to quit)"
        case .failed(let failure, _):
            "✗ step \(failure.step) (\(failure.place)) failed: "
                + (failure.reason.components(separatedBy: "; ").first ?? failure.reason)
                + " (the keys are yours)"
        }
    }

    private func presentIfDue() {
        let now = clock.seconds()
        guard now - lastFrameAt >= Self.frameInterval - 0.001 else {
            // Too soon after the last frame: come back when the next one is allowed (a snapshot that arrived
            // just after a key's frame must not wait for the next key).
            framePending = true
            return
        }
        framePending = false
        if needsAnimation { state.animationFrame &+= 1 }
        let frame = DashboardView.render(
            snapshot: displayedSnapshot(), state: state, size: terminal.size,
            capabilities: terminal.capabilities,
            cache: &renderCache)
        guard frame != lastFrame else { return }
        terminal.present(frame)
        lastFrame = frame
        lastFrameAt = now
    }

    /// Whether something on screen moves by itself: an unknown-size transfer running.
    private var needsAnimation: Bool {
        snapshot?.transfers.contains { $0.state == .running && $0.bytesExpected == nil } ?? false
    }

    /// How long the loop waits for input now: until the next frame is due when something moves or a frame was
    /// held back, else until the displayed second changes (the header clock), else until the script's next step.
    public var waitTime: Double? {
        let now = clock.seconds()
        let frameDue = max(0, lastFrameAt + Self.frameInterval - now)
        if lastFrame == nil || framePending || needsAnimation { return frameDue }
        var wait = 1.0
        if let snapshot {
            let rate = snapshot.clock.rate.factor
            if rate == 0 {
                wait = 3600
            } else {
                let shown = snapshot.clock.now.timeIntervalSince1970 + (now - receivedAt) * rate
                let untilNextSecond = (1 - shown.truncatingRemainder(dividingBy: 1)) / rate
                wait = max(frameDue, progressTick(untilNextSecond + 0.005, now: now))
            }
        }
        if let next = story?.wakeAt { wait = min(wait, max(0, next - now)) }
        return wait
    }

    /// The longest gap between snapshots that counts as the engine publishing progress (it publishes progress
    /// twice a second, `RuntimeOptions.publishForDashboards`).
    static let progressGap = 0.6

    /// When to draw the header clock's next second, `tick` seconds from `now`: while the engine publishes progress
    /// and its next snapshot is due less than `progressGap` after that second begins, the snapshot's frame shows the
    /// new second (a moment later) instead of a frame of its own; if that snapshot is late, the clock goes on alone.
    private func progressTick(_ tick: Double, now: Double) -> Double {
        guard let gap = snapshotGap, gap <= Self.progressGap else { return tick }
        let expected = receivedAt + gap - now
        guard expected > tick, expected < tick + Self.progressGap else { return tick }
        return expected + 0.05
    }

    /// What is shown before the first snapshot arrives.
    static let placeholder = Snapshot(
        clock: ClockSnapshot(now: Date(timeIntervalSince1970: 0)),
        engine: EngineSnapshot(role: .starting, home: ""))
}
