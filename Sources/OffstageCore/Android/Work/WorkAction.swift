import Foundation

/// Store changes of one WorkManager transition, written in one transaction before anything else happens.
public struct WorkChanges: Codable, Sendable, Equatable {
    /// Requests added or changed (whole rows).
    public var upserts: [WorkRequest]
    /// Ids of requests deleted (unique-work REPLACE, or a finished request a new one took the name of).
    public var removals: [String]

    /// Changes.
    public init(upserts: [WorkRequest] = [], removals: [String] = []) {
        self.upserts = upserts
        self.removals = removals
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool { upserts.isEmpty && removals.isEmpty }
}

/// A worker to start.
public struct WorkerLaunch: Sendable, Equatable {
    /// The request's id.
    public var id: String
    /// Its name.
    public var name: String
    /// What to do.
    public var worker: WorkerKind
    /// `inputData`.
    public var input: [String: String]
    /// `runAttemptCount` of this run (1 for the first).
    public var attempt: Int
    /// When it must stop unless it calls `setForegroundAsync` (the 10-minute limit).
    public var deadline: Date?

    /// A launch.
    public init(id: String, name: String, worker: WorkerKind, input: [String: String], attempt: Int, deadline: Date?) {
        self.id = id
        self.name = name
        self.worker = worker
        self.input = input
        self.attempt = attempt
        self.deadline = deadline
    }
}

/// An imperative for the runtime around WorkManager.
public enum WorkAction: Sendable, Equatable {
    /// Write these changes in one transaction before doing anything else.
    case persist(WorkChanges)
    /// The request was enqueued with this id (the CLI prints it).
    case enqueued(id: String, name: String, state: WorkState)
    /// KEEP (or UPDATE) found unfinished work with the name: this existing id stands.
    case kept(id: String, name: String)
    /// A warning WorkManager logs (a coerced value, a deprecated policy); the CLI prints it.
    case warn(String)
    /// The call was refused (WorkManager's exception text, or why the command does not apply); nothing changed.
    case refuse(String)
    /// The system refused a call of this request's worker with this exception (its `setForegroundAsync` from the
    /// background, API 31+): the events show it, and nothing changed.
    case workerCallRefused(id: String, reason: String)
    /// Start this worker now; it reports `.workerFinished` when it returns.
    case startWorker(WorkerLaunch)
    /// Stop this running worker (its result, if it still comes, is ignored).
    case stopWorker(id: String, reason: WorkStopReason)
    /// Show a foreground-service notification for this worker (`setForegroundAsync`).
    case startForegroundNotification(id: String, notification: String)
    /// Remove this worker's foreground-service notification.
    case stopForegroundNotification(id: String)
    /// This request started as expedited work and used one unit of the app's expedited quota.
    case consumedExpeditedQuota(id: String)
    /// Call back with `.timerFired` at this date (the earliest date anything can change by itself).
    case scheduleWake(at: Date)
}
