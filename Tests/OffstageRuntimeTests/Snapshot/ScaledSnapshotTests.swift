import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Synchronization
import Testing

/// Publications that cost what a view shows and what changed: a big home's start is said, a publication where
/// nothing changed carries no rows, and a view that asks for a window gets that window with the rest counted.
@Suite struct ScaledSnapshotTests {
    /// The updates the local face was handed.
    final class Updates: Sendable {
        private let received = Mutex<[SnapshotUpdate]>([])
        /// A sink for `DaemonRuntime.deliverLocally`.
        var sink: @Sendable (SnapshotUpdate) -> Void {
            { [self] update in received.withLock { $0.append(update) } }
        }
        /// Every update so far.
        var all: [SnapshotUpdate] { received.withLock { $0 } }
    }

    /// A started runtime on a home of `count` waiting tasks (begin dates a year out), its local face taking updates.
    private struct BigHome {
        let harness: RuntimeHarness
        let clock = ManualTimeSource()
        let steady = ManualSteadyClock()
        let updates = Updates()
        let runtime: DaemonRuntime

        init(count: Int) throws {
            harness = try RuntimeHarness()
            let now = clock.now()
            var changes = StoreChanges()
            for index in 1...count {
                var task = TransferTask(
                    id: Int64(index), session: "com.offstage.default", taskIdentifier: index, kind: .download,
                    url: "http://127.0.0.1:9/file-\(index).bin",
                    destinationDirectory: harness.home.documentsDirectory,
                    createdAt: now)
                task.earliestBeginDate = now.addingTimeInterval(365 * 86_400 + Double(index))
                changes.tasks.append(task)
            }
            try harness.store.apply(changes, now: now)
            let steady = self.steady
            let options = harness.options { options in
                options.untilIdle = false
                options.listens = false
                options.onSnapshot = { _ in }
                options.snapshotClock = { steady.now() }
            }
            runtime = DaemonRuntime(
                home: harness.home, store: harness.store, options: options, time: clock)
            runtime.deliverLocally(updates.sink)
            try runtime.start()
        }
    }

    @Test func aBigHomeSaysItIsReadingItsTasksBeforeItsFirstTrueFrame() throws {
        let home = try BigHome(count: 1_500)
        defer { try? home.runtime.shutdown() }
        let starting = try #require(home.updates.all.first?.whole, "a frame before the tasks are read")
        #expect(starting.engine.role == .starting && starting.engine.loadingTasks == 1_500)
        #expect(starting.transfers.isEmpty)
        try home.runtime.runOneTurn()
        let first = try #require(home.updates.all.last?.whole, "the first true frame goes whole")
        #expect(first.engine.role == .hosting)
        #expect(first.transferTotals.count == 1_500 && first.transferTotals.queued == 1_500)
    }

    @Test func aPublicationWithNothingChangedCarriesNoRowsHoweverManyTasksAreStored() throws {
        let home = try BigHome(count: 1_500)
        defer { try? home.runtime.shutdown() }
        try home.runtime.runOneTurn()
        let whole = try JSONEncoder().encode(try #require(home.updates.all.last)).count
        let before = home.updates.all.count
        // Only the shown clock's second moves.
        home.clock.advance(by: 1)
        home.steady.advance(by: 1)
        try home.runtime.runOneTurn()
        #expect(home.updates.all.count == before + 1)
        let update = try #require(home.updates.all.last)
        #expect(update.whole == nil && update.transfers.isEmpty && update.removed.isEmpty)
        #expect(update.clock != nil)
        let size = try JSONEncoder().encode(update).count
        #expect(size < 2_000, "\(size) bytes for a clock's second")
        #expect(whole > 100 * size, "the whole was \(whole) bytes")
        // Nothing at all changes: nothing goes out.
        home.steady.advance(by: 0.5)
        try home.runtime.runOneTurn()
        #expect(home.updates.all.count == before + 1)
    }

    @Test func aViewThatAsksForAWindowGetsItsRowsAndTheRestCounted() throws {
        let home = try BigHome(count: 1_500)
        defer { try? home.runtime.shutdown() }
        try home.runtime.runOneTurn()
        let window = SnapshotSubscription(
            transfers: .window(filter: nil, first: 700, rows: 20, selected: nil))
        home.runtime.subscribeLocally(window)
        home.steady.advance(by: 1)
        try home.runtime.runOneTurn()
        let update = try #require(home.updates.all.last)
        #expect(update.listing?.value?.count == 1_500)
        #expect(
            update.removed.count == 1_500 - 60,
            "the rows beyond the window and its margins leave the view")
        let snapshot = home.runtime.snapshot(for: window)
        #expect(snapshot.transfers.map(\.id) == Array(681...740))
        #expect(snapshot.listing?.offset == 680 && snapshot.listedTransfers == 1_500)
        #expect(snapshot.transferTotals.count == 1_500, "the totals count every task")

        let filtered = SnapshotSubscription(
            transfers: .window(filter: "file-14", first: 0, rows: 5, selected: 1_450))
        let found = home.runtime.snapshot(for: filtered)
        #expect(found.listing?.count == 111, "file-14, file-140…149, file-1400…1499")
        #expect(found.listing?.selectedPosition == 61)
        #expect(found.transfers.contains { $0.id == 1_450 })
    }
}
