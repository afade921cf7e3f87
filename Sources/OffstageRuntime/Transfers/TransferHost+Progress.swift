import Foundation
import OffstageCore
import OffstageStore

/// Progress and checkpoints of a drained batch of engine reports in one transaction: with a thousand transfers
/// checkpointing, a transaction (and its fsync) per report kept the loop behind the engine.
extension TransferHost {
    /// Feeds a progress or checkpoint report to the daemon and keeps its commit for the turn's one transaction;
    /// anything else it asks for is done after that transaction, in order, as `run` would.
    func handleProgress(_ event: DaemonEvent) throws {
        let actions = daemon.handle(event, now: context.time.now())
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
                try run([action], command: nil)
            }
        }
        guard !effects.isEmpty else { return }
        try flushProgress()
        try perform(effects)
    }

    /// Writes the progress commits gathered so far in one transaction.
    func flushProgress() throws {
        guard !pendingProgress.isEmpty else { return }
        let changes = pendingProgress
        pendingProgress = StoreChanges()
        try context.commit(Commitment(transfers: [.commit(changes)]), command: nil)
    }
}
