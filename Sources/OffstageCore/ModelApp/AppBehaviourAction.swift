import Foundation

/// An imperative of the model app's code for the runtime, in the order `AppBehaviour.handle` lists them.
public enum AppBehaviourAction: Sendable, Equatable {
    /// Write these app changes (registry records, event-log lines) in one transaction.
    case commit(AppChanges)
    /// Read the registry from the app's own storage (it does so at every launch).
    case loadRegistry
    /// `URLSession(configuration: .background(withIdentifier:))`, then `getAllTasks`; answer `.sessionRecreated`.
    case recreateSession
    /// Register the BG task handlers (the scheduler's launch events), before `didFinishLaunching` returns.
    case registerBGTaskHandlers
    /// `beginBackgroundTask(withName:expirationHandler:)`; the work takes `workSeconds`, then `endBackgroundTask`.
    case beginBackgroundTask(name: String, hasExpirationHandler: Bool, workSeconds: Double)
    /// `endBackgroundTask` for this identifier: its work is done at steady time `at` (nil: now), or its expiration
    /// handler ends it.
    case endBackgroundTask(BackgroundTaskID, at: Double?)
    /// The session calls this delegate method now (the event log shows it; the session's task state follows it).
    case callDelegate(DelegateCall, subject: String)
    /// Move the handed-over temporary file to its destination before `didFinishDownloadingTo` returns, then
    /// answer `.fileMoved` (nothing more happens for the delivery when the move fails).
    case moveFileSynchronously
    /// The app deferred the move (its mistake): the system removes the temporary file as the callback returns.
    case deferFileMove(temporaryFile: String, log: LogEntry)
    /// `didFinishDownloadingTo` returned, after this line of the app's (its move, when it made one): the system's
    /// own line, that it handed the temporary file over and removed it, comes here, after the app's.
    case didFinishDownloadingReturned(log: LogEntry?)
    /// Commit the delivery (the outbox row, the task, this registry record) in one transaction, with these lines.
    case acknowledgeDelivery(record: AppRecord?, log: LogEntry)
    /// `downloadTask(withResumeData:)` for this record, from the resume data of the session's task with this
    /// `taskIdentifier` (nil: the newest resumable task the system kept with the record's `taskDescription`).
    case recreateFromResumeData(AppRecord, taskIdentifier: Int?)
    /// Create the record's task again from scratch, for this reason.
    case reEnqueue(AppRecord, why: String)
    /// Adopt the system's task with this `taskIdentifier` into the registry.
    case adopt(taskIdentifier: Int)
    /// Cancel the system's task with this `taskIdentifier`: the app does not know it.
    case cancel(taskIdentifier: Int)
    /// Tell the system `urlSessionDidFinishEvents` was delivered for this handler's session.
    case reportEventsFinished(CompletionHandlerToken)
    /// Call the completion handler (the system learns `.completionHandlerCalled`).
    case callCompletionHandler(CompletionHandlerToken)
    /// The app does not call the handler (its mistake): log this line; the watchdog kills it at the deadline.
    case withholdCompletionHandler(CompletionHandlerToken, log: LogEntry)
}
