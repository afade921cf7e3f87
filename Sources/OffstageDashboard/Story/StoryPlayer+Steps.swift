import Foundation
import OffstageCore

/// Starting and following each kind of step.
extension StoryPlayer {
    /// Starts the line at `position`.
    mutating func start(now: Double, into actions: inout [StoryAction]) {
        let line = story.lines[position]
        actions.append(.log("\(story.place(line)) \(line.step.text)"))
        status = nil
        switch line.step {
        case .say(let text):
            saidCount += 1
            said = "\(saidCount)/\(story.narrationCount) \(text)"
            observe(now: now)  // the new narration ends a gap at this line
            complete()
        case .run(let words), .refused(let words):
            current = .command
            waitAfterLinesSeen()
            actions.append(.run(words))
        case .keys(let inputs):
            waitAfterLinesSeen()
            actions.append(.keys(inputs))
            keysPressed += 1
            actedAt = now
            complete()
        case .wait(let wait):
            current = .wait(WaitProgress(limit: nil, clockAtStart: nil, jumpedAt: nil))
            status = "… waiting for " + Self.lookingFor(wait)
        case .expect:
            current = .expect(until: max(now, actedAt + timing.settle) + timing.expectGrace)
        case .pause(let seconds):
            if mode == .check {
                observe(now: now)  // what shows before the skipped pause is what the audience would look at
                skipped += seconds
                complete()
            } else {
                current = .pause(until: now + seconds)
            }
        }
    }

    /// A `do` or `key` acts now: the next `wait` is met only by a line logged after the ones seen so far, so it
    /// cannot be met by one that came before what it waits for (three pushes delivered, then one held: waiting
    /// for "delivered" must not find the three).
    private mutating func waitAfterLinesSeen() {
        cursor = max(cursor, log.lines.count - 1)
    }

    /// Follows the step in progress; true when it is done (false: not yet, or it failed).
    mutating func evaluate(now: Double, into actions: inout [StoryAction]) -> Bool {
        switch current {
        case nil: return true
        case .command?: return false
        case .pause(let until)?: return now >= until
        case .expect(let until)?: return expect(until: until, now: now, into: &actions)
        case .wait(var progress)?:
            let done = wait(&progress, now: now, into: &actions)
            if outcome == nil, !done { current = .wait(progress) }
            return done
        }
    }

    /// An `expect`: holds once the engine has caught up and the view shows the text; fails when it still does not
    /// by `until`.
    private mutating func expect(until: Double, now: Double, into actions: inout [StoryAction])
        -> Bool
    {
        guard let line = currentLine, case .expect(let view, let text) = line.step,
            let snapshot = latest,
            now >= actedAt + timing.settle
        else { return false }
        let shown = StoryViews.text(view, snapshot: snapshot, log: log.lines)
        if StoryViews.shows(shown, text) {
            summary.expects += 1
            actions.append(.log("    holds"))
            return true
        }
        guard now >= until else { return false }
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        fail(
            "`offstage \(view.rawValue)` does not show \"\(text)\"; it showed", shown: lines, now: now,
            into: &actions)
        return false
    }

    /// A `wait`: met by the first event line of its kind after the one the last wait was met by. While nothing
    /// moves, the clock jumps to the next deadline; it fails when engine time passes its limit, or when nothing
    /// moves and nothing is due.
    private mutating func wait(
        _ progress: inout WaitProgress, now: Double, into actions: inout [StoryAction]
    ) -> Bool {
        guard let line = currentLine, case .wait(let wait) = line.step, let snapshot = latest else {
            return false
        }
        let clock = snapshot.clock.now
        if progress.limit == nil {
            progress.limit = clock.addingTimeInterval(wait.within)
            progress.clockAtStart = clock
        }
        if let index = log.lines.indices.dropFirst(cursor + 1).first(where: {
            wait.isMet(by: log.lines[$0])
        }) {
            cursor = index
            let entry = log.lines[index]
            actions.append(.log("    met: \(entry.kind.rawValue) \(entry.subject)  \(entry.reason)"))
            status = nil
            forceJump = false
            return true
        }
        let skippedAhead = clock.timeIntervalSince(progress.clockAtStart ?? clock)
        let lookingFor = Self.lookingFor(wait)
        let settled = now >= max(actedAt, progress.jumpedAt ?? -.infinity) + timing.settle
        guard settled else { return false }
        let timeOnly = wait.kind == nil
        if timeOnly, let limit = progress.limit, clock >= limit {
            status = nil
            return true
        }
        if let limit = progress.limit, clock >= limit {
            fail(
                "no \(lookingFor) within \(StoryDuration.spoken(wait.within)) of engine time; the newest events",
                shown: recentEvents, now: now, into: &actions)
            return false
        }
        let moving = Self.moving(snapshot)
        if moving > 0, !forceJump {
            status = "… waiting for \(lookingFor) (the clock runs: \(moving) moving)"
            return false
        }
        if timeOnly, let limit = progress.limit, snapshot.clock.nextDeadline.map({ $0 > limit }) ?? true {
            // Nothing can happen before the wait ends: the clock moves to its end at once (once; a shell that
            // cannot move it leaves the clock where it is).
            guard !progress.advanced else { return true }
            let rest = limit.timeIntervalSince(clock)
            actions.append(.advanceClock(rest))
            actions.append(
                .log(
                    "    ⏩ nothing moves and nothing is due before the wait ends: the clock moves \(StoryDuration.spoken(rest))"
                ))
            progress.advanced = true
            progress.jumpedAt = now
            status = "⏩ \(StoryDuration.spoken(skippedAhead + rest)) later: nothing moves until then"
            return false
        }
        guard let next = snapshot.clock.nextDeadline else {
            fail(
                "nothing moves and nothing is due: no \(lookingFor) can come; the newest events",
                shown: recentEvents, now: now, into: &actions)
            return false
        }
        // Something due now is the engine's to do at its next turn; a deadline ahead is dead time to jump through.
        if next <= clock, !forceJump { return false }
        let jump = max(0, next.timeIntervalSince(clock))
        if let limit = progress.limit, next > limit, !forceJump {
            fail(
                "no \(lookingFor) within \(StoryDuration.spoken(wait.within)) of engine time: nothing moves, and the "
                    + "next thing due is \(StoryDuration.spoken(jump)) away; the newest events",
                shown: recentEvents, now: now, into: &actions)
            return false
        }
        actions.append(.jumpClock)
        actions.append(.log("    ⏩ nothing moves: the clock jumps \(StoryDuration.spoken(jump))"))
        forceJump = false
        progress.jumpedAt = now
        status =
            "⏩ \(StoryDuration.spoken(skippedAhead + jump)) later: nothing moves until then (waiting for \(lookingFor))"
        return false
    }

    /// What a wait waits for, in words (`delivered episode`, `2 h of engine time`).
    static func lookingFor(_ wait: StoryWait) -> String {
        guard let kind = wait.kind else { return "\(StoryDuration.spoken(wait.within)) of engine time" }
        return kind.rawValue + (wait.subject.map { " \($0)" } ?? "")
    }

    /// How many things move by themselves now, so the clock is left to run: transfers moving bytes and BG task
    /// handlers running a real command.
    static func moving(_ snapshot: Snapshot) -> Int {
        snapshot.transfers.filter { $0.state == .running }.count
            + snapshot.runningTasks.filter { !$0.simulated }.count
    }

    /// The newest event lines, for a failure.
    private var recentEvents: [String] {
        log.lines.suffix(8).map { "\($0.kind.rawValue) \($0.subject)  \($0.reason)" }
    }
}
