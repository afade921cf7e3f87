import Foundation

/// A fact the transfer daemon reacts to: a command, an engine report, a timer or a condition change.
public enum DaemonEvent: Sendable, Equatable {
    /// The daemon started with what the store held.
    case started(sessions: [SessionConfiguration], tasks: [TransferTask], conditions: DeviceConditions)
    /// A session was created or reconfigured.
    case sessionConfigured(SessionConfiguration)
    /// A user asked for a transfer; `id` was assigned by the store; `defaultDirectory` receives downloads.
    case addRequested(id: Int64, spec: TransferSpec, defaultDirectory: String)
    /// A user asked for a batch of downloads; the store reserved the ids `firstID` onwards, one per URL.
    case batchAddRequested(firstID: Int64, batch: TransferBatch, defaultDirectory: String)
    /// A user asked to pause a task.
    case pauseRequested(id: Int64)
    /// A user asked to resume a paused or failed task.
    case resumeRequested(id: Int64)
    /// A user asked to cancel a task.
    case cancelRequested(id: Int64)
    /// The system cancels every unfinished task of these sessions (−999 with this reason, e.g. a force-quit);
    /// partial files and validators are kept, so each download's resume data stays valid.
    case systemCancelRequested(sessions: Set<String>, reason: String)
    /// The app called `downloadTask(withResumeData:)` for this cancelled or failed download: it continues from
    /// its kept partial file.
    case resumeFromResumeDataRequested(id: Int64)
    /// The device conditions changed.
    case conditionsChanged(DeviceConditions)
    /// A user set or lifted (nil) the engine-wide rate limit, in bytes a second.
    case rateLimitRequested(bytesPerSecond: Int64?)
    /// A user set or lifted (nil) one task's own rate limit, in bytes a second.
    case taskRateLimitRequested(id: Int64, bytesPerSecond: Int64?)
    /// The digest of a finished download's partial file was computed (lowercase hexadecimal).
    case checksumComputed(id: Int64, digest: String)
    /// A finished download's partial file could not be read to compute its digest, for this reason.
    case checksumUnreadable(id: Int64, reason: String)
    /// The completion hook run for this task ended: exit 0 (`failure` nil), or why not.
    case hookEnded(id: Int64, failure: String?)
    /// The engine reported on a request.
    case engine(TransferReport)
    /// Finalisation chose the file a download will be delivered as (not yet written).
    case deliveryPathChosen(id: Int64, path: String)
    /// Finalisation put the file in place and removed the partial file.
    case delivered(id: Int64)
    /// Finalisation could not complete, for this reason.
    case deliveryFailed(id: Int64, reason: String)
    /// A wake-up the daemon asked for came due.
    case timerFired
    /// The free space on the disk that holds the partial files, measured while a task is paused for a full disk.
    case diskSpaceChecked(freeBytes: Int64)
    /// The daemon is stopping cleanly: requests in flight are stopped and their tasks queued again.
    case shutdownRequested
}

/// An imperative for the shell around the daemon.
public enum DaemonAction: Sendable, Equatable {
    /// Write these changes in one transaction before doing anything else.
    case commit(StoreChanges)
    /// Start this HTTP request.
    case start(TransferRequest)
    /// Change the rate limit of this task's running request at once (nil: no limit).
    case limit(taskID: Int64, bytesPerSecond: Int64?)
    /// Compute the digest of this finished download's partial file and report it as `.checksumComputed`.
    case verifyChecksum(TransferTask)
    /// Tell whoever listens (the completion hook) that this task ended: delivered, answered or failed for good.
    case announce(TransferTask)
    /// What the command did, for its result (said after the default "ok" would be).
    case note(String)
    /// Stop the request of this task (pause or cancel); the engine reports `.stopped`.
    case stop(taskID: Int64)
    /// Delete this task's partial file.
    case removePart(taskID: Int64)
    /// Run finalisation for this task (choose a name, or put the file in place).
    case deliver(TransferTask)
    /// Call back with `.timerFired` at this date (the earliest wake wins).
    case wake(at: Date)
    /// Measure the free space on the disk that holds the partial files and report it as `.diskSpaceChecked`.
    case measureDiskSpace
    /// The event was not acted on, for this reason (an illegal transition, an unknown task).
    case refuse(String)
}
