import Foundation

/// Collects the store changes and actions of one state change, so they come out as one transaction.
struct Transition {
    /// The time of the event being handled.
    let now: Date
    /// What goes to the store, in one transaction.
    var changes = StoreChanges()
    /// Side effects, executed after the commit.
    var actions: [DaemonAction] = []
    /// Where each saved task is in `changes.tasks`, so saving a task again replaces it in constant time.
    private var saved: [Int64: Int] = [:]

    /// A transition at `now` with nothing in it yet.
    init(now: Date) {
        self.now = now
    }

    /// Records a task's new value (the last value saved for an id is the one written).
    mutating func save(_ task: TransferTask) {
        if let index = saved[task.id] {
            changes.tasks[index] = task
        } else {
            saved[task.id] = changes.tasks.count
            changes.tasks.append(task)
        }
    }

    /// Appends an event-log line.
    mutating func log(_ kind: LogKind, _ subject: String, _ reason: String = "") {
        changes.log.append(LogEntry(time: now, kind: kind, subject: subject, reason: reason))
    }

    /// The commit (when there is anything to write) followed by the side effects.
    func finish() -> [DaemonAction] {
        (changes.isEmpty ? [] : [.commit(changes)]) + actions
    }
}

extension TransferTask {
    /// How the task is named in the event log.
    public var subject: String { "task \(id)" }
}
