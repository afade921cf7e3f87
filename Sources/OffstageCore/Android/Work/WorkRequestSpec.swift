import Foundation

/// `ListenableWorker.Result`: how a worker's run ended.
public enum WorkResult: String, Codable, Sendable, CaseIterable {
    /// `Result.success()`.
    case success
    /// `Result.failure()`: a permanent failure; dependents fail too.
    case failure
    /// `Result.retry()`: a transient failure, retried with the request's backoff.
    case retry
}

/// What a work request's worker does; the runtime carries it out after `.startWorker`.
public enum WorkerKind: Codable, Sendable, Equatable {
    /// Runs this shell command; exit 0 is success, anything else failure.
    case shell(String)
    /// Downloads this URL through the transfer engine.
    case download(String)
    /// Simulated work: takes this many seconds, then ends with this result.
    case simulated(seconds: Double, result: WorkResult)
}

/// `OutOfQuotaPolicy`: what an expedited request does when the app's expedited quota is spent.
public enum OutOfQuotaPolicy: String, Codable, Sendable, CaseIterable {
    /// `RUN_AS_NON_EXPEDITED_WORK_REQUEST`: it runs as a regular request.
    case runAsNonExpedited = "RUN_AS_NON_EXPEDITED_WORK_REQUEST"
    /// `DROP_WORK_REQUEST`: it is dropped.
    case drop = "DROP_WORK_REQUEST"
}

/// One-time or periodic.
public enum WorkKind: Codable, Sendable, Equatable {
    /// `OneTimeWorkRequest`.
    case oneTime
    /// `PeriodicWorkRequest` with its interval and flex (seconds).
    case periodic(PeriodicSchedule)

    /// The schedule, for periodic work.
    public var schedule: PeriodicSchedule? {
        if case .periodic(let schedule) = self { return schedule }
        return nil
    }
}

/// A work request as the app builds it (`OneTimeWorkRequest.Builder` / `PeriodicWorkRequest.Builder`).
///
/// Build one, then call `validated()`: it coerces what WorkManager coerces (with the warnings WorkManager logs)
/// and throws what WorkManager throws. The model validates again at enqueue, so a spec decoded from anywhere
/// is checked where it enters.
public struct WorkRequestSpec: Codable, Sendable, Equatable {
    /// What the worker does.
    public var worker: WorkerKind
    /// One-time or periodic.
    public var kind: WorkKind
    /// `setInitialDelay`, seconds.
    public var initialDelay: Double
    /// `addTag`.
    public var tags: [String]
    /// `setInputData`.
    public var input: [String: String]
    /// `setConstraints`.
    public var constraints: WorkConstraints
    /// `setBackoffCriteria`.
    public var backoff: BackoffCriteria
    /// `setExpedited(policy)`; nil: not expedited.
    public var expedited: OutOfQuotaPolicy?

    /// A request; the defaults are WorkManager's (no delay, no constraints, exponential 30 s backoff).
    public init(
        worker: WorkerKind, kind: WorkKind = .oneTime, initialDelay: Double = 0, tags: [String] = [],
        input: [String: String] = [:], constraints: WorkConstraints = WorkConstraints(),
        backoff: BackoffCriteria = BackoffCriteria(), expedited: OutOfQuotaPolicy? = nil
    ) {
        self.worker = worker
        self.kind = kind
        self.initialDelay = initialDelay
        self.tags = tags
        self.input = input
        self.constraints = constraints
        self.backoff = backoff
        self.expedited = expedited
    }

    /// Whether it is periodic.
    public var isPeriodic: Bool { kind.schedule != nil }
}

/// A request WorkManager refuses, with WorkManager's message (its `IllegalArgumentException` text).
public struct WorkRequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message.
    public var message: String

    /// An error with this message.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
