import Foundation
import OffstageCore
import OffstageStore

/// An Android worker's work in progress; its outcome is the result simulated work returns.
typealias AndroidWorker = HostedWork<WorkResult>

/// One input to the Android side: an event for the system model or for WorkManager.
enum AndroidInput: Equatable {
    /// For `AndroidSystemModel`.
    case system(AndroidSystemEvent)
    /// For `WorkManagerModel`.
    case work(WorkEvent)
}

/// What one Android step collected: the store changes, the command's outcome, and the I/O to do after the commit.
struct AndroidStep {
    /// What to write.
    var changes = AndroidStoreChanges()
    /// Why the step's own event was refused.
    var refusals: [String] = []
    /// What the step's own event did, for the command's result (warnings, ids, log lines).
    var notes: [String] = []
    /// Workers to start after the commit.
    var starts: [WorkerLaunch] = []
    /// Workers to stop after the commit, by request id.
    var stops: [String] = []

    /// What the shared routine commits: the changes, and the command's outcome (refusals first, then notes).
    var commitment: Commitment {
        Commitment(changes: StoreCommit(android: changes), refusals: refusals, notes: notes)
    }
}
