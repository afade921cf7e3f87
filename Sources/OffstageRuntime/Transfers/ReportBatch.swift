import OffstageCore

/// The transitions of the engine's reports in one turn: their store changes merged for one transaction, their side
/// effects kept in order until it is durable.
///
/// A thousand downloads send a thousand heads, ends and deliveries within a second or two; a transaction (and the log's
/// `fdatasync`) for each was most of the loop's writing. Every transition still commits before any of its effects, and
/// effects run in the order their transitions were made.
struct ReportBatch {
    /// The changes so far, merged in order: a task saved twice keeps its later value.
    private(set) var changes = StoreChanges()
    /// The side effects so far, in order.
    private(set) var effects: [DaemonAction] = []
    /// Where each task saved in `changes` is, so a later value replaces it in constant time.
    private var slots: [Int64: Int] = [:]
    /// The tasks whose outbox row `changes` adds.
    private var outboxAdds: Set<Int64> = []

    /// Whether nothing waits: no change and no effect.
    var isEmpty: Bool { changes.isEmpty && effects.isEmpty }

    /// Whether `next` cannot join the changes: it removes an outbox row they add (rows are written removals first, so
    /// merged, the add would outlive the removal). The changes so far are committed first.
    func conflicts(with next: [DaemonAction]) -> Bool {
        guard !outboxAdds.isEmpty else { return false }
        return next.contains { action in
            guard case .commit(let changes) = action else { return false }
            return changes.outboxRemoved.contains { outboxAdds.contains($0) }
        }
    }

    /// Adds a transition's actions: its commit to the changes, everything else to the effects.
    mutating func add(_ actions: [DaemonAction]) {
        for action in actions {
            guard case .commit(let later) = action else {
                effects.append(action)
                continue
            }
            merge(later)
        }
    }

    /// Takes the changes, leaving the effects.
    mutating func takeChanges() -> StoreChanges {
        defer {
            changes = StoreChanges()
            slots = [:]
            outboxAdds = []
        }
        return changes
    }

    /// Takes the effects, leaving the changes.
    mutating func takeEffects() -> [DaemonAction] {
        defer { effects = [] }
        return effects
    }

    private mutating func merge(_ later: StoreChanges) {
        for task in later.tasks {
            if let slot = slots[task.id] {
                changes.tasks[slot] = task
            } else {
                slots[task.id] = changes.tasks.count
                changes.tasks.append(task)
            }
        }
        changes.sessions += later.sessions
        changes.log += later.log
        changes.outboxRemoved += later.outboxRemoved
        changes.outboxAdded += later.outboxAdded
        for item in later.outboxAdded { outboxAdds.insert(item.taskID) }
        changes.conditions = later.conditions ?? changes.conditions
        changes.settings = later.settings ?? changes.settings
    }
}
