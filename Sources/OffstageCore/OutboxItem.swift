/// A delivery waiting in the outbox: written with the state change that caused it, removed when done.
public struct OutboxItem: Codable, Sendable, Equatable {
    /// The task being delivered.
    public var taskID: Int64
    /// What is delivered, e.g. `didFinishDownloading`.
    public var kind: String

    /// A download's body is complete: `didFinishDownloadingTo`, then `didCompleteWithError`.
    public static let didFinishDownloading = "didFinishDownloading"
    /// An app-session task ended another way (failed, cancelled, an upload answered): `didCompleteWithError`.
    public static let didComplete = "didComplete"

    /// An outbox item.
    public init(taskID: Int64, kind: String) {
        self.taskID = taskID
        self.kind = kind
    }
}

/// Everything one state change writes to the store, in one transaction.
public struct StoreChanges: Sendable, Equatable {
    /// Tasks to insert or replace.
    public var tasks: [TransferTask] = []
    /// Sessions to insert or replace.
    public var sessions: [SessionConfiguration] = []
    /// Event-log lines to append.
    public var log: [LogEntry] = []
    /// Outbox items to add.
    public var outboxAdded: [OutboxItem] = []
    /// Task identifiers whose outbox items are done.
    public var outboxRemoved: [Int64] = []
    /// New device conditions, when they changed.
    public var conditions: DeviceConditions?
    /// New engine-wide transfer settings (the rate limit), when they changed.
    public var settings: TransferSettings?

    /// No changes.
    public init() {}

    /// Adds `later`'s changes after these, as if both were written in order: a task saved in both keeps the later
    /// value, the other parts are appended (conditions: the later ones when set). Outbox rows are written removals
    /// first, so two changes that both touch the outbox are not merged this way.
    public mutating func merge(_ later: StoreChanges) {
        for task in later.tasks {
            if let index = tasks.lastIndex(where: { $0.id == task.id }) {
                tasks[index] = task
            } else {
                tasks.append(task)
            }
        }
        sessions += later.sessions
        log += later.log
        outboxAdded += later.outboxAdded
        outboxRemoved += later.outboxRemoved
        conditions = later.conditions ?? conditions
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool {
        tasks.isEmpty && sessions.isEmpty && log.isEmpty && outboxAdded.isEmpty && outboxRemoved.isEmpty
            && conditions == nil && settings == nil
    }
}

extension StoreChanges {
    /// Changes that only remove a task's outbox row: its delivery is done.
    public static func acknowledging(_ taskID: Int64) -> StoreChanges {
        var changes = StoreChanges()
        changes.outboxRemoved = [taskID]
        return changes
    }
}
