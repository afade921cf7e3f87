import Foundation
import OffstageClock
import OffstageCore
import OffstageStore

/// The store's transfers one at a time, each as `StoreSnapshot.read` shows it, for `ls` of a home of any size:
/// no `Snapshot` and no array of every task is made, and the partial files are found with one look at `parts/`.
///
/// A transfer's `history` (event-log lines) is left empty: no listing prints it.
public enum StoreListing {
    /// Hands every transfer of the home to `body` in id order (the stored tasks and the `add` commands still in the
    /// inbox), as the store's view at `now` shows it (`owner`: the pid of an engine that holds the home but did not
    /// answer, as in `StoreSnapshot.read`), and gives their totals. `body` runs while the store is being read: it
    /// must not use the store.
    ///
    /// `live` holds rows a running engine sent (`Store.taskIDsWithLiveView`): each replaces the store's row of its
    /// task while both say the same state (else the store, read after it, is newer).
    @discardableResult
    public static func forEach(
        home: OffstageHome, store: Store, configuration: OffstageConfiguration,
        now: Date = SystemTimeSource().now(), retryPolicy: RetryPolicy = RetryPolicy(), owner: Int32? = nil,
        live: [Int64: TransferSnapshot] = [:], _ body: (TransferSnapshot) throws -> Void
    ) throws -> TransferTotals {
        let interrupted = owner == nil
        let session = configuration.appSession.sessionIdentifier
        let outbox = Set(try store.outbox().map(\.taskID))
        let parts = PartSizes.all(home: home)
        var inbox = try StoreSnapshot.inboxAdds(store, defaultDirectory: home.documentsDirectory, now: now)
            .sorted { $0.id < $1.id }[...]
        var totals = TransferTotals()
        func emit(_ task: TransferTask) throws {
            if var row = live[task.id], row.state == task.state {
                row.history = []
                totals.add(row: row)
                return try body(row)
            }
            var transfer = SnapshotParts.transfer(
                task, bytes: task.bytesWritten, resumedFrom: 0, speed: nil, eta: nil,
                status: SnapshotParts.status(
                    of: task, waitReason: nil, now: now, maxAttempts: retryPolicy.maxAttempts,
                    waitingForApp: task.session == session && outbox.contains(task.id), interrupted: interrupted),
                history: [])
            if transfer.kind == .download, transfer.state != .completed { transfer.partBytes = parts[transfer.id] }
            totals.add(row: transfer)
            try body(transfer)
        }
        try store.forEachTask { task in
            while let next = inbox.first, next.id < task.id {
                try emit(next)
                inbox.removeFirst()
            }
            try emit(task)
        }
        for task in inbox { try emit(task) }
        return totals
    }
}
