import Foundation
import OffstageCore
import OffstageStore

/// Progress and checkpoints of a drained batch of engine reports in one transaction: with a thousand transfers
/// checkpointing, a transaction (and its fsync) per report kept the loop behind the engine.
extension DaemonRuntime {
    /// Feeds a progress or checkpoint report to the daemon and keeps its commit for the turn's one transaction;
    /// anything else it asks for is done after that transaction, in order, as `perform` would.
    func handleProgress(_ event: DaemonEvent) throws {
        let actions = daemon.handle(event, now: time.now())
        var effects: [DaemonAction] = []
        for action in actions {
            guard case .commit(let changes) = action else {
                effects.append(action)
                continue
            }
            if changes.outboxAdded.isEmpty && changes.outboxRemoved.isEmpty {
                pendingProgress.merge(changes)
            } else {
                // Outbox rows are written removals first: such a change keeps its own transaction, in order.
                try flushProgress()
                try store.apply(changes, now: time.now())
                for entry in changes.log { logged(entry) }
                appHost?.needsPump = true
            }
        }
        guard !effects.isEmpty else { return }
        try flushProgress()
        try performAfterCommit(effects)
    }

    /// Writes the progress commits gathered so far in one transaction.
    func flushProgress() throws {
        guard !pendingProgress.isEmpty else { return }
        let changes = pendingProgress
        pendingProgress = StoreChanges()
        try store.apply(changes, now: time.now())
        for entry in changes.log { logged(entry) }
    }
}
