import Foundation
import OffstageCore
import OffstageDashboard
import OffstageTestSupport
import OffstageUI
import Synchronization
import Testing

/// Scripted key sequences through the whole loop on a grid terminal, a fake engine and a manual frame clock:
/// each step runs without waiting, so the tests never sleep.
@Suite struct DashboardLoopTests {
    let terminal = GridTerminal(size: Size(width: 80, height: 24))
    let clock = ManualFrameClock()

    func loop(_ backend: FakeEngineClient) -> DashboardLoop {
        DashboardLoop(terminal: terminal, engine: backend, clock: clock)
    }

    func rows() -> [String] {
        let screen = terminal.presented
        return (0..<(screen?.height ?? 0)).map { screen?.text(row: $0) ?? "" }
    }

    @Test func theFirstSnapshotIsDrawnAndNothingIsRedrawnWhileNothingChanges() {
        let backend = FakeEngineClient(snapshot: SnapshotSamples.retryingDownload)
        let dashboard = loop(backend)
        #expect(dashboard.step(wait: false) == nil)
        #expect(terminal.presentCount == 1)
        #expect(rows().contains { $0.contains("Transfers") })
        for _ in 0..<5 { dashboard.step(wait: false) }
        #expect(terminal.presentCount == 1)
    }

    @Test func atMostTenFramesASecond() {
        let backend = FakeEngineClient(snapshot: SnapshotSamples.demoMidway)
        let dashboard = loop(backend)
        dashboard.step(wait: false)
        var changed = SnapshotSamples.demoMidway
        changed.transfers[0].bytes += 1_000_000
        backend.publish(changed)
        clock.advance(by: 0.05)
        dashboard.step(wait: false)
        #expect(terminal.presentCount == 1)
        clock.advance(by: 0.05)
        dashboard.step(wait: false)
        #expect(terminal.presentCount == 2)
    }

    @Test func aSnapshotRightAfterAKeysFrameIsDrawnWhenTheNextFrameIsAllowed() {
        var frozen = SnapshotSamples.retryingDownload
        let backend = FakeEngineClient(snapshot: frozen)
        let dashboard = loop(backend)
        dashboard.step(wait: false)
        terminal.enqueue(keys: [.character("x")])  // nothing runs: the key bar says so
        clock.advance(by: 0.2)
        dashboard.step(wait: false)
        let afterKey = terminal.presentCount
        frozen.clock.now = frozen.clock.now.addingTimeInterval(600)  // a jump while frozen
        backend.publish(frozen)
        clock.advance(by: 0.01)
        dashboard.step(wait: false)
        #expect(terminal.presentCount == afterKey, "within the frame interval")
        #expect((dashboard.waitTime ?? .infinity) <= 0.1, "the loop comes back for the frame it held")
        clock.advance(by: 0.1)
        dashboard.step(wait: false)
        #expect(
            terminal.presentCount == afterKey + 1, "drawn once the interval passed, without another key")
    }

    @Test func theHeaderClockMovesBetweenSnapshots() {
        // ×60 and no transfer of unknown size: only the extrapolated clock can make a new frame.
        let backend = FakeEngineClient(snapshot: SnapshotSamples.relaunchReconciliation)
        let dashboard = loop(backend)
        dashboard.step(wait: false)
        let before = rows()[0]
        clock.advance(by: 2)
        dashboard.step(wait: false)
        #expect(terminal.presentCount == 2)
        #expect(rows()[0] != before)
        #expect(rows()[0].contains("22:15:20"))
    }

    @Test func whileProgressFlowsTheClocksNextSecondWaitsForTheNextSnapshot() {
        // Real time, snapshots half a second apart (progress, as the engine publishes it for a dashboard): the
        // second that begins 0.05 s after the last one is drawn with the next snapshot's frame (0.5 s after it),
        // not in a frame of its own.
        var snapshot = SnapshotSamples.retryingDownload
        snapshot.clock.rate = .real
        snapshot.clock.now = SnapshotSamples.at(0.45)
        let backend = FakeEngineClient(snapshot: snapshot)
        let dashboard = loop(backend)
        dashboard.step(wait: false)
        #expect((dashboard.waitTime ?? 0) > 0.54, "one snapshot: the clock alone makes the next frame")
        clock.advance(by: 0.5)
        snapshot.clock.now = SnapshotSamples.at(0.95)
        snapshot.transfers[0].name = "dataset-2.parquet"
        backend.publish(snapshot)
        dashboard.step(wait: false)
        #expect(terminal.presentCount == 2)
        let wait = dashboard.waitTime ?? 0
        #expect(wait > 0.5 && wait < 0.6, "wait for the snapshot due 0.5 s after the last one")
        // The snapshot is late: the clock goes on alone.
        clock.advance(by: wait)
        dashboard.step(wait: false)
        #expect(terminal.presentCount == 3)
    }

    @Test func withoutProgressTheClocksNextSecondIsDrawnOnTime() {
        var snapshot = SnapshotSamples.retryingDownload
        snapshot.clock.rate = .real
        snapshot.clock.now = SnapshotSamples.at(0.7)
        let backend = FakeEngineClient(snapshot: snapshot)
        let dashboard = loop(backend)
        dashboard.step(wait: false)
        clock.advance(by: 2)
        snapshot.clock.now = SnapshotSamples.at(2.95)
        backend.publish(snapshot)
        dashboard.step(wait: false)
        // Two seconds since the last snapshot is no progress: the next second is 0.05 s away.
        #expect((dashboard.waitTime ?? 1) < 0.11)
    }

    @Test func helpOpensAndEscapeClosesItAndQQuits() {
        let backend = FakeEngineClient(snapshot: SnapshotSamples.demoMidway)
        let dashboard = loop(backend)
        dashboard.step(wait: false)
        terminal.enqueue(keys: [.character("?")])
        clock.advance(by: 0.2)
        dashboard.step(wait: false)
        #expect(rows().joined().contains("force-quit"))
        terminal.enqueue(keys: [.escape])
        clock.advance(by: 0.2)
        dashboard.step(wait: false)
        #expect(!rows().joined().contains("this help"))
        terminal.enqueue(keys: [.character("q")])
        #expect(dashboard.step(wait: false) == .quit)
    }

    @Test func keysBecomeCommandsForTheEngine() throws {
        let snapshot = SnapshotSamples.demoMidway
        let backend = FakeEngineClient(snapshot: snapshot)
        let dashboard = loop(backend)
        dashboard.step(wait: false)
        let running = try #require(snapshot.transfers.first { $0.state == .running })
        #expect(dashboard.state.selectedTransfer == snapshot.transfers.first?.id)
        terminal.enqueue(keys: [.character("p")])
        dashboard.step(wait: false)
        #expect(backend.sent == [.pause(id: running.id)])
        terminal.enqueue(keys: [.character("w")])
        dashboard.step(wait: false)
        #expect(backend.sent.last == .setClockRate(.warped(10)))
    }

    @Test func aRefusalReachesTheKeyBar() throws {
        let snapshot = SnapshotSamples.demoMidway
        let backend = FakeEngineClient(snapshot: snapshot)
        let dashboard = loop(backend)
        dashboard.step(wait: false)
        let running = try #require(snapshot.transfers.first { $0.state == .running })
        backend.refuse("task \(running.id) is already paused")
        terminal.enqueue(keys: [.character("p")])
        dashboard.step(wait: false)
        clock.advance(by: 0.2)
        dashboard.step(wait: false)
        #expect(
            rows().last?.contains(
                "pause of task \(running.id) refused: task \(running.id) is already paused") == true)
    }

    @Test func theStoryPlaysUntilTheUserPressesAKey() throws {
        let backend = FakeEngineClient(snapshot: SnapshotSamples.demoMidway)
        let dashboard = loop(backend)
        let story = try StoryParser.parse(
            text:
                "title two steps\nsay the app opens\ndo app open\npause 5\nsay the user goes home\ndo app background\n",
            name: "two", source: "two.story")
        let ran = Mutex<[[String]]>([])
        dashboard.runStoryCommand = { words in
            ran.withLock { $0.append(words) }
            return StoryCommandResult(ok: true, lines: ["done"])
        }
        dashboard.story = StoryPlayer(story: story, mode: .dashboard)
        dashboard.step(wait: false)
        #expect(ran.withLock { $0 } == [["app", "open"]])
        #expect(rows().joined().contains("1/2 the app opens"))
        terminal.enqueue(keys: [.down])
        dashboard.step(wait: false)
        clock.advance(by: 10)
        dashboard.step(wait: false)
        #expect(ran.withLock { $0 } == [["app", "open"]])
        #expect(rows().joined().contains("you have the controls"))
    }

    @Test func spacePausesTheStoryAndTheRightArrowRunsItsNextStep() throws {
        let backend = FakeEngineClient(snapshot: SnapshotSamples.demoMidway)
        let dashboard = loop(backend)
        let story = try StoryParser.parse(
            text: "say first\npause 30\nsay second\npause 30\nsay third\n", name: "s", source: "s.story")
        dashboard.story = StoryPlayer(story: story, mode: .dashboard)
        dashboard.step(wait: false)
        #expect(rows().joined().contains("1/3 first"))
        terminal.enqueue(keys: [.character(" ")])
        dashboard.step(wait: false)
        clock.advance(by: 0.2)
        dashboard.step(wait: false)
        #expect(rows().joined().contains("⏸ paused (space resumes, → steps)"))
        clock.advance(by: 60)
        dashboard.step(wait: false)
        #expect(rows().joined().contains("1/3 first"), "a paused story holds its pause")
        terminal.enqueue(keys: [.right])
        dashboard.step(wait: false)
        clock.advance(by: 0.2)
        dashboard.step(wait: false)
        #expect(rows().joined().contains("2/3 second"), "→ ends the pause and the next step runs")
        #expect(rows().joined().contains("⏸ paused"), "and the story stays paused")
        #expect(dashboard.story != nil, "the story keeps the controls")
    }

    @Test func anEngineThatStopsEndsTheLoopWithItsReason() {
        let backend = FakeEngineClient(snapshot: SnapshotSamples.empty)
        let dashboard = loop(backend)
        dashboard.step(wait: false)
        backend.end("the engine stopped (signal 15)")
        #expect(dashboard.step(wait: false) == .engineEnded("the engine stopped (signal 15)"))
    }

    @Test func aResizeRedrawsForTheNewSize() {
        let backend = FakeEngineClient(snapshot: SnapshotSamples.demoMidway)
        let dashboard = loop(backend)
        dashboard.step(wait: false)
        terminal.resize(to: Size(width: 30, height: 8))
        clock.advance(by: 0.2)
        dashboard.step(wait: false)
        #expect(terminal.presented?.size == Size(width: 30, height: 8))
        #expect(rows().joined().contains("too small"))
    }
}
