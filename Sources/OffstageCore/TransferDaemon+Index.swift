/// The daemon's tasks by state, kept in step with `tasks`, so what the loop asks on every event (what may start,
/// whether work is left, what is paused for a full disk) costs the tasks in that state, not every stored task.
struct TaskIndex: Sendable, Equatable {
    /// Task ids by state.
    private(set) var byState: [TransferState: Set<Int64>] = [:]
    /// Tasks the engine paused because the disk was full.
    private(set) var pausedForFullDisk: Set<Int64> = []

    /// The index of `tasks`.
    init<Tasks: Sequence>(_ tasks: Tasks) where Tasks.Element == TransferTask {
        for task in tasks { insert(task) }
    }

    /// The ids of tasks in `state`.
    func ids(_ state: TransferState) -> Set<Int64> { byState[state] ?? [] }

    /// Moves a task from its old value's place (nil: new) to its new one's.
    mutating func update(_ task: TransferTask, from old: TransferTask?) {
        if let old {
            guard old.state != task.state || old.isPausedForFullDisk != task.isPausedForFullDisk else { return }
            byState[old.state]?.remove(old.id)
            pausedForFullDisk.remove(old.id)
        }
        insert(task)
    }

    private mutating func insert(_ task: TransferTask) {
        byState[task.state, default: []].insert(task.id)
        if task.isPausedForFullDisk { pausedForFullDisk.insert(task.id) }
    }
}

extension TransferDaemon {
    /// The ids of the tasks in `state`, from the index (no pass over every task).
    public func taskIDs(in state: TransferState) -> Set<Int64> { index.ids(state) }
}
