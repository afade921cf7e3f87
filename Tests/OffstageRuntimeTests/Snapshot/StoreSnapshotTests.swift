import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// The durable view built from the store alone, when no engine runs.
@Suite struct StoreSnapshotTests {
    @Test func aTaskStoredAsRunningIsInterruptedAndAQueuedAddWaits() throws {
        let harness = try RuntimeHarness()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        var task = TransferTask(
            id: 1, session: "com.offstage.default", taskIdentifier: 1, kind: .download,
            url: "http://127.0.0.1:1/files/big.iso", destinationDirectory: harness.home.documentsDirectory,
            createdAt: now)
        task.state = .running
        task.bytesWritten = 4096
        task.bytesExpected = 8192
        var changes = StoreChanges()
        changes.tasks = [task]
        changes.log = [LogEntry(time: now, kind: .started, subject: "task 1", reason: "from byte 0")]
        try harness.store.apply(changes, now: now)
        let pending = try harness.download("/gen/1k", name: "later.bin")

        let snapshot = try StoreSnapshot.read(
            home: harness.home, store: harness.store, configuration: .builtIn, now: now)

        #expect(snapshot.engine == EngineSnapshot(role: .notRunning, home: harness.home.path))
        try #require(snapshot.transfers.count == 2)
        let interrupted = snapshot.transfers[0]
        #expect(interrupted.status == .interrupted)
        #expect(interrupted.name == "big.iso")
        #expect(interrupted.bytes == 4096 && interrupted.bytesExpected == 8192)
        #expect(interrupted.speed == nil && interrupted.eta == nil)
        #expect(interrupted.history.map(\.reason) == ["from byte 0"])
        let waiting = snapshot.transfers[1]
        #expect(waiting.id == pending)
        #expect(waiting.name == "later.bin")
        #expect(waiting.status == .waiting("waiting for an engine to run"))
        #expect(snapshot.events.last?.subject == "task 1")
        #expect(snapshot.app.phase == .notRunning)
        #expect(snapshot.requests.isEmpty && snapshot.runningTasks.isEmpty)
        #expect(snapshot.clock.now == now)
    }

    @Test func theStoreViewShowsTheAppAsStored() throws {
        let scenario = try AppScenario()
        try scenario.app(.open)
        let snapshot = try StoreSnapshot.read(
            home: scenario.home, store: scenario.store, configuration: .builtIn, now: scenario.clock.now(),
            monotonic: scenario.clock.steady())
        #expect(snapshot.app.phase == .active)
        #expect(snapshot.app.backgroundTimeRemaining == nil)
        #expect(snapshot.app.forceQuit == false)
        #expect(snapshot.events.contains { $0.kind == .appLifecycle })
    }

    @Test func noStoreIsAnEmptyView() throws {
        let home = try TemporaryHome(prefix: "offstage-snapshot")
        defer { home.remove() }
        let snapshot = try StoreSnapshot.read(home: home.home, store: nil, configuration: .builtIn)
        #expect(snapshot.isEmpty)
        #expect(snapshot.engine.role == .notRunning)
    }
}
