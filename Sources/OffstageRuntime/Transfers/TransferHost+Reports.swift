import Foundation
import OffstageCore
import OffstageStore

/// The engine's reports of a drained batch in one transaction (`ReportBatch`): with a thousand transfers reporting,
/// a transaction (and its fsync) per report kept the loop behind the engine. The transitions their effects cause
/// (a delivery's chosen path, its end) join the next transaction of the same flush.
extension TransferHost {
    /// Feeds an engine report to the daemon; its commit waits for the turn's transaction, its effects for that commit.
    func handleReport(_ event: DaemonEvent) throws {
        try take(daemon.handle(event, now: context.time.now()))
    }

    /// Adds a transition to the batch (committing the batch's changes first when the two cannot be merged: its effects
    /// still wait, and nothing is committed later than before).
    func take(_ actions: [DaemonAction]) throws {
        if batch.conflicts(with: actions) { try commitBatch() }
        batch.add(actions)
    }

    /// Commits the batch's changes, then performs its effects; the transitions those cause are committed and carried
    /// out the same way, until nothing is left.
    func flushReports() throws {
        guard !performingBatch else { return }
        performingBatch = true
        defer { performingBatch = false }
        while !batch.isEmpty {
            try commitBatch()
            try perform(batch.takeEffects())
        }
    }

    /// Writes the batch's changes in one transaction (its effects stay).
    func commitBatch() throws {
        let changes = batch.takeChanges()
        guard !changes.isEmpty else { return }
        try context.commit(Commitment(transfers: [.commit(changes)]), command: nil)
        if !changes.outboxAdded.isEmpty { app?.needsPump = true }
    }
}
