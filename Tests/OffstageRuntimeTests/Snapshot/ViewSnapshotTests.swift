import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// What the command line's views read from a snapshot, live and from the store: the app's session and registry,
/// `add`s still in the inbox with the ids they reserved, and the store's view of a home an engine holds.
@Suite struct ViewSnapshotTests {
    @Test func theLiveAndStoredViewsOfTheAppAgreeOnItsSessionAndRegistry() throws {
        let scenario = try AppScenario()
        try scenario.app(.open)
        try scenario.download("/gen/64k?seed=3", description: "photo")
        try scenario.wait { $0.allSatisfy { $0.state == .completed } }
        try scenario.runtime.settle()
        let live = scenario.runtime.snapshot().app
        let stored = try StoreSnapshot.read(
            home: scenario.home, store: scenario.store, configuration: .builtIn, now: scenario.clock.now(),
            monotonic: scenario.clock.steady()
        ).app
        #expect(live.session == "com.example.offstage.background")
        let record = try #require(live.registry.records.first)
        #expect(live.registry.records.count == 1)
        #expect(record.taskDescription == "photo" && record.status == .delivered && record.kind == .download)
        #expect(record.lastTaskIdentifier == 1 && record.taskID == 1)
        #expect(record.deliveredPath?.hasPrefix(scenario.home.documentsDirectory) == true)
        #expect(stored.session == live.session)
        #expect(stored.registry == live.registry)
        #expect(stored.phase == live.phase && stored.mistakes == live.mistakes)
    }

    @Test func anAddStillInTheInboxIsInTheLiveSnapshotWithItsReservedId() throws {
        let harness = try RuntimeHarness()
        try harness.enqueue(.appOpened)  // uses up an inbox id, no task id
        let id = try harness.download("/gen/1k", name: "later.bin")
        #expect(id == 1)
        let runtime = DaemonRuntime(home: harness.home, store: harness.store, options: harness.options())
        let snapshot = runtime.snapshot()
        let waiting = try #require(snapshot.transfers.first)
        #expect(snapshot.transfers.count == 1)
        #expect(waiting.id == 1 && waiting.name == "later.bin" && waiting.state == .queued)
        #expect(waiting.status == .waiting("waiting in the inbox"))
        let stored = try StoreSnapshot.read(home: harness.home, store: harness.store, configuration: .builtIn)
        #expect(stored.transfers.map(\.id) == [1])
    }

    @Test func theStoreViewOfAHomeAnEngineHoldsNeverSaysInterrupted() throws {
        let harness = try RuntimeHarness()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        var task = TransferTask(
            id: 1, session: "com.offstage.default", taskIdentifier: 1, kind: .download, url: "http://127.0.0.1:1/a",
            destinationDirectory: harness.home.documentsDirectory, createdAt: now)
        task.state = .running
        task.bytesWritten = 10
        var changes = StoreChanges()
        changes.tasks = [task]
        try harness.store.apply(changes, now: now)
        let held = try StoreSnapshot.read(
            home: harness.home, store: harness.store, configuration: .builtIn, now: now, owner: 4242)
        #expect(held.engine == EngineSnapshot(role: .attached, pid: 4242, home: harness.home.path))
        #expect(held.transfers.first?.status == .running)
        let free = try StoreSnapshot.read(home: harness.home, store: harness.store, configuration: .builtIn, now: now)
        #expect(free.transfers.first?.status == .interrupted)
    }

    @Test func aFreshHomeShowsTheConfiguredAppSessionAndMistakes() throws {
        let home = try TemporaryHome(prefix: "offstage-view")
        defer { home.remove() }
        var configuration = OffstageConfiguration.builtIn
        configuration.appSession.mistakes = AppMistakes(skipsCompletionHandler: true)
        let snapshot = try StoreSnapshot.read(home: home.home, store: nil, configuration: configuration)
        #expect(snapshot.app.session == configuration.appSession.sessionIdentifier)
        #expect(snapshot.app.mistakes == ["no-completion-handler"])
        #expect(snapshot.app.phase == .notRunning && snapshot.app.registry.records.isEmpty)
    }
}
