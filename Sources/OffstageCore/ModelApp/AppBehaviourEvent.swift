import Foundation

/// What the app's code learns at launch once its background session is recreated: the facts reconciliation needs.
public struct LaunchFacts: Sendable, Equatable {
    /// The app's registry, as it read it from its own storage at this launch.
    public var registry: AppRegistry
    /// `getAllTasks` of the recreated session (the system's tasks it learned).
    public var allTasks: [SessionTask]
    /// The deliveries the system holds for the session.
    public var outbox: [PendingDelivery]
    /// The home's task id of each of the session's `taskIdentifier`s (shown beside it where they differ).
    public var homeIDs: [Int: Int64]
    /// What the app does with records and tasks the other side does not know.
    public var policy: ReconciliationPolicy
    /// Lines the session's creation logged (Apple's warning for an identifier already live).
    public var creationLog: [LogEntry]

    /// Facts.
    public init(
        registry: AppRegistry, allTasks: [SessionTask], outbox: [PendingDelivery], homeIDs: [Int: Int64] = [:],
        policy: ReconciliationPolicy = ReconciliationPolicy(), creationLog: [LogEntry] = []
    ) {
        self.registry = registry
        self.allTasks = allTasks
        self.outbox = outbox
        self.homeIDs = homeIDs
        self.policy = policy
        self.creationLog = creationLog
    }
}

/// A finished download the session hands to the app (`didWriteData`, `didFinishDownloadingTo`, the move,
/// `didCompleteWithError`).
public struct DownloadHandover: Sendable, Equatable {
    /// The task's `taskIdentifier` in its session.
    public var taskIdentifier: Int
    /// How the event log names the task ("task 3").
    public var subject: String
    /// Bytes written.
    public var bytesWritten: Int64
    /// Bytes expected (−1 when unknown).
    public var bytesExpected: Int64
    /// The temporary file `didFinishDownloadingTo` hands over.
    public var temporaryFile: String
    /// The final HTTP status.
    public var httpStatus: Int
    /// The app's registry record for the task (nil when it cannot match it).
    public var record: AppRecord?
    /// What the app knows the task by when it has no record: its `taskDescription`, or a label in memory.
    public var unmatched: UnmatchedTask

    /// A handover.
    public init(
        taskIdentifier: Int, subject: String, bytesWritten: Int64, bytesExpected: Int64, temporaryFile: String,
        httpStatus: Int, record: AppRecord?, unmatched: UnmatchedTask = .noTaskDescription
    ) {
        self.unmatched = unmatched
        self.taskIdentifier = taskIdentifier
        self.subject = subject
        self.bytesWritten = bytesWritten
        self.bytesExpected = bytesExpected
        self.temporaryFile = temporaryFile
        self.httpStatus = httpStatus
        self.record = record
    }
}

/// A task that ended without a file to hand over (an upload, a failure, a cancellation).
public struct CompletionHandover: Sendable, Equatable {
    /// The task's `taskIdentifier` in its session.
    public var taskIdentifier: Int
    /// How the event log names the task.
    public var subject: String
    /// How it ended.
    public var end: TaskEnd
    /// Whether it is an upload (a response under 400 delivers it).
    public var isUpload: Bool
    /// The app's registry record for the task (nil when it cannot match it).
    public var record: AppRecord?
    /// What the app knows the task by when it has no record.
    public var unmatched: UnmatchedTask

    /// A handover.
    public init(
        taskIdentifier: Int, subject: String, end: TaskEnd, isUpload: Bool, record: AppRecord?,
        unmatched: UnmatchedTask = .noTaskDescription
    ) {
        self.unmatched = unmatched
        self.taskIdentifier = taskIdentifier
        self.subject = subject
        self.end = end
        self.isUpload = isUpload
        self.record = record
    }
}

/// Why the app has no registry record for a task the session hands it.
public enum UnmatchedTask: Sendable, Equatable {
    /// The task has no `taskDescription` and the app keeps no label for it (its mistake).
    case noTaskDescription
    /// The app knows the task only by this label in memory (no record would survive a kill).
    case labelInMemory(String)
    /// The registry has no record with this `taskDescription`.
    case noRecord(taskDescription: String)
}

/// A fact the model app's own code reacts to (its delegate's side of the contract), for `AppBehaviour.handle`.
public enum AppBehaviourEvent: Sendable, Equatable {
    /// The system made this app-delegate call (from `AppLifecycleAction.callDelegate`).
    case delegate(AppDelegateCall)
    /// The app recreated its background session at launch and asked it for `getAllTasks`: it reconciles.
    case sessionRecreated(LaunchFacts)
    /// The session has a finished download for the app.
    case download(DownloadHandover)
    /// The app moved the handed-over file (`deliveredPath`, nil when it was not moved): the download completes.
    case fileMoved(deliveredPath: String?)
    /// The session has a task that ended without a file for the app.
    case completion(CompletionHandover)
    /// Nothing waits any more for this session in the system's outbox.
    case outboxDrained(session: String)
    /// `beginBackgroundTask` returned this identifier at steady time `steady` (`.invalid`: the system refused).
    case backgroundTaskGranted(BackgroundTaskID, steady: Double)
    /// The system called the expiration handler of this background task.
    case expirationHandlerCalled(BackgroundTaskID)
    /// Steady time reached `steady`: work the app does in the background may be done.
    case timePassed(steady: Double)
}
