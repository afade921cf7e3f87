import Foundation
import OffstageCore
import OffstageDashboard
import OffstageUI
import Testing

/// The story player as a pure machine: times and snapshots in, actions out; no engine, no terminal, no sleeping.
@Suite struct StoryPlayerTests {
    func story(_ text: String) throws -> Story { try StoryParser.parse(text: text, name: "s", source: "s.story") }

    /// An idle engine at `seconds` past the sample's time, with these events and its next deadline.
    func idle(at seconds: Double = 0, events: [LogEntry] = [], next: Double? = nil) -> Snapshot {
        var snapshot = SnapshotSamples.empty
        snapshot.clock = ClockSnapshot(now: SnapshotSamples.at(seconds), nextDeadline: next.map(SnapshotSamples.at))
        snapshot.events = events
        return snapshot
    }

    func failureOf(_ player: StoryPlayer) -> StoryFailure? {
        if case .failed(let failure, _)? = player.outcome { failure } else { nil }
    }

    @Test func checkModeSkipsPausesAndCountsThemAsDashboardTime() throws {
        var player = StoryPlayer(story: try story("say one\npause 5\nsay two\npause 3\n"), mode: .check)
        let actions = player.advance(now: 0, snapshot: idle())
        guard case .passed(let summary)? = player.outcome else {
            Issue.record("not passed: \(actions)")
            return
        }
        #expect(summary.steps == 4)
        #expect(summary.length >= 8, "the skipped pauses are dashboard time")
        #expect(summary.longestGap >= 5)
    }

    @Test func spacePausesTheStoryAndTheArrowEndsAPause() throws {
        var player = StoryPlayer(story: try story("say one\npause 5\nsay two\npause 5\nsay three\n"), mode: .dashboard)
        _ = player.advance(now: 0, snapshot: idle())
        #expect(player.narration == "1/3 one")
        player.togglePause(now: 1)
        #expect(player.narration.hasPrefix("⏸ paused (space resumes, → steps)"))
        _ = player.advance(now: 20, snapshot: nil)
        #expect(player.narration.hasSuffix("1/3 one"), "a paused story stays where it is")
        player.togglePause(now: 21)
        _ = player.advance(now: 24, snapshot: nil)
        #expect(player.narration == "1/3 one", "the pause got back the 20 s it was held")
        _ = player.advance(now: 25.1, snapshot: nil)
        #expect(player.narration == "2/3 two")
        player.stepForward(now: 26)
        _ = player.advance(now: 26, snapshot: nil)
        #expect(player.isFinished, "→ ended the second pause at once")
        #expect(player.outcome?.summary.steps == 5)
    }

    @Test func aWrongExpectFailsWithItsPlaceAndWhatTheViewShowed() throws {
        let snapshot = SnapshotSamples.demoMidway
        var player = StoryPlayer(story: try story("say look\n\nexpect ls no such transfer\n"), mode: .check)
        _ = player.advance(now: 0, snapshot: snapshot)
        #expect(player.outcome == nil, "the engine gets its grace to show it")
        _ = player.advance(now: 10, snapshot: snapshot)
        let failure = try #require(failureOf(player))
        #expect(failure.place == "s.story:3")
        #expect(failure.step == 2)
        #expect(failure.reason == "`offstage ls` does not show \"no such transfer\"; it showed")
        #expect(failure.shown == TaskTable.text(snapshot).split(separator: "\n").map(String.init))
    }

    @Test func anExpectHoldsWithRunsOfSpacesCountingAsOne() throws {
        let snapshot = SnapshotSamples.demoMidway
        let name = try #require(snapshot.transfers.first?.name)
        var player = StoryPlayer(story: try story("expect ls   \(name)  \n"), mode: .check)
        _ = player.advance(now: 1, snapshot: snapshot)
        #expect(player.outcome?.summary.expects == 1)
    }

    @Test func aWaitJumpsTheClockThroughDeadTimeAndIsMetByTheNextEvent() throws {
        var player = StoryPlayer(story: try story("wait event delivered a.bin within 1h\n"), mode: .check)
        var actions = player.advance(now: 0, snapshot: idle(next: 600))
        actions += player.advance(now: 1, snapshot: idle(next: 600))
        #expect(actions.contains(.jumpClock))
        #expect(player.narration.contains("⏩ 10 min later"))
        let delivered = LogEntry(time: SnapshotSamples.at(600), kind: .delivered, subject: "task 1", reason: "as a.bin")
        _ = player.advance(now: 2, snapshot: idle(at: 600, events: [delivered]))
        #expect(player.outcome?.summary.steps == 1)
        #expect(failureOf(player) == nil)
    }

    @Test("a wait after a do is met by a line logged after the do, never by one from before it")
    func aWaitAfterADoIsNotMetByAnOlderLine() throws {
        let text = "do push --content-available\nwait event push delivered within 1h\n"
        var player = StoryPlayer(story: try story(text), mode: .check)
        let before = LogEntry(time: SnapshotSamples.at(0), kind: .push, subject: "app", reason: "push delivered: 3 of 3")
        _ = player.advance(now: 0, snapshot: idle(events: [before], next: 600))
        _ = player.commandEnded(StoryCommandResult(ok: true, lines: ["push deferred"]), now: 0)
        _ = player.advance(now: 1, snapshot: idle(events: [before], next: 600))
        _ = player.advance(now: 2, snapshot: idle(events: [before], next: 600))
        #expect(player.outcome == nil, "the line from before the do does not meet the wait")
        let after = LogEntry(time: SnapshotSamples.at(600), kind: .push, subject: "app", reason: "the held push delivered")
        _ = player.advance(now: 3, snapshot: idle(at: 600, events: [before, after]))
        #expect(player.outcome?.summary.steps == 2)
        #expect(failureOf(player) == nil)
    }

    @Test func aWaitThatNothingCanMeetFailsAtOnceWithTheNewestEvents() throws {
        var player = StoryPlayer(story: try story("wait event delivered a.bin within 1h\n"), mode: .check)
        let old = LogEntry(time: SnapshotSamples.at(0), kind: .taskAdded, subject: "task 1", reason: "download")
        _ = player.advance(now: 0, snapshot: idle(events: [old], next: 7200))
        _ = player.advance(now: 1, snapshot: idle(events: [old], next: 7200))
        let failure = try #require(failureOf(player))
        #expect(failure.reason.hasPrefix("no delivered a.bin within 1 h of engine time: nothing moves"))
        #expect(failure.shown == ["task-added task 1  download"])
    }

    @Test func aDoMustBeAcceptedAndARefusedMustBeRefused() throws {
        var player = StoryPlayer(story: try story("do app open\nrefused app open\n"), mode: .check)
        #expect(player.advance(now: 0, snapshot: idle()) == [.log("s.story:1 do app open"), .run(["app", "open"])])
        _ = player.commandEnded(StoryCommandResult(ok: true, lines: ["opened the app"]), now: 0)
        _ = player.advance(now: 0, snapshot: idle())
        _ = player.commandEnded(StoryCommandResult(ok: true, lines: ["opened the app"]), now: 0)
        let failure = try #require(failureOf(player))
        #expect(failure.place == "s.story:2")
        #expect(failure.reason == "the command was accepted; the story expects a refusal")
        #expect(failure.shown == ["opened the app"])
    }
}
