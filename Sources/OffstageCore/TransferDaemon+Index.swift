import Foundation

/// What the daemon keeps beside its tasks so that nothing it does at a turn costs in proportion to how many tasks
/// are stored: their ids by state, their order, the queue's totals, the tasks whose date has come, the dates the
/// others wait for, and the tasks paused for a full disk. Kept in step with `tasks` by `update` (one task's change)
/// and `rebuild` (after the tasks are loaded); nothing else writes it.
struct TaskIndex: Sendable, Equatable {
    /// Task ids by state (a scheduling pass, the pending-work question and the engine's checks ask for a state).
    private(set) var byState: [TransferState: Set<Int64>] = [:]
    /// Every task's id in ascending order (the rows of a list in id order).
    private(set) var order = SortedIDs()
    /// The queue's totals.
    private(set) var totals = TransferTotals()
    /// Queued and retrying tasks whose date (begin date, retry) has come: the only ones a scheduling pass looks at.
    private(set) var ready: Set<Int64> = []
    /// Queued and retrying tasks waiting for a date, earliest first (entries that no longer hold are skipped).
    private(set) var dueDates = DueDateHeap()
    /// Tasks that began to wait for a date since the last scheduling pass, whose wait it notes.
    var newlyDated: [Int64] = []
    /// Tasks the engine paused because the disk was full.
    private(set) var pausedForFullDisk: Set<Int64> = []
    /// The highest `taskIdentifier` of each session (a new task takes the next).
    private(set) var lastTaskIdentifier: [String: Int] = [:]
    /// The tasks with a rate limit of their own, and that limit (the rate limits' pass reads these, not the tasks).
    private(set) var ownLimits: [Int64: Int64] = [:]
    /// Counts the changes to the tasks, so a view's cached list knows when to look again.
    private(set) var version = 0

    /// The ids of tasks in `state`.
    func ids(_ state: TransferState) -> Set<Int64> { byState[state] ?? [] }

    /// Takes a task's new value (`previous`: its value before, nil for a new task) at `now`.
    mutating func update(_ task: TransferTask, previous: TransferTask?, now: Date) {
        version &+= 1
        if let previous {
            if previous.state != task.state {
                byState[previous.state]?.remove(task.id)
                byState[task.state, default: []].insert(task.id)
            }
        } else {
            order.insert(task.id)
            byState[task.state, default: []].insert(task.id)
        }
        totals.replace(previous, with: task)
        noteIdentifier(task)
        if task.options.rateLimit != nil || previous?.options.rateLimit != nil {
            ownLimits[task.id] = task.options.rateLimit
        }
        if task.isPausedForFullDisk {
            pausedForFullDisk.insert(task.id)
        } else {
            pausedForFullDisk.remove(task.id)
        }
        guard TransferDaemon.waits(task) else {
            ready.remove(task.id)
            return
        }
        if let date = TransferDaemon.dueDate(of: task), date > now {
            ready.remove(task.id)
            let alreadyThere =
                previous.map { TransferDaemon.waits($0) && TransferDaemon.dueDate(of: $0) == date } ?? false
            if !alreadyThere {
                dueDates.push(date, task.id)
                newlyDated.append(task.id)
            }
        } else {
            ready.insert(task.id)
        }
    }

    /// Rebuilds every part from `tasks` (after they were loaded) at `now`.
    mutating func rebuild(_ tasks: TaskMap, now: Date) {
        version &+= 1
        byState = [:]
        order = SortedIDs(tasks.keys)
        totals = TransferTotals(tasks.values)
        ready = []
        pausedForFullDisk = []
        lastTaskIdentifier = [:]
        ownLimits = [:]
        newlyDated = []
        var dated: [DueDateHeap.Entry] = []
        for task in tasks.values {
            byState[task.state, default: []].insert(task.id)
            noteIdentifier(task)
            if let limit = task.options.rateLimit { ownLimits[task.id] = limit }
            if task.isPausedForFullDisk { pausedForFullDisk.insert(task.id) }
            guard TransferDaemon.waits(task) else { continue }
            if let date = TransferDaemon.dueDate(of: task), date > now {
                dated.append(DueDateHeap.Entry(date: date, id: task.id))
            } else {
                ready.insert(task.id)
            }
        }
        dueDates.rebuild(dated)
    }

    /// Moves the waiting tasks whose date has come (by `now`) into `ready`, and drops the entries that no longer
    /// hold, so the earliest entry left is a true one.
    mutating func promoteDueTasks(now: Date, tasks: TaskMap) {
        while let first = dueDates.first {
            guard let task = tasks[first.id], TransferDaemon.waits(task),
                TransferDaemon.dueDate(of: task) == first.date
            else {
                dueDates.popFirst()
                continue
            }
            guard first.date <= now else { return }
            dueDates.popFirst()
            ready.insert(task.id)
        }
    }

    /// Whether a task in `running` has a limit of its own (a lookup per entry of the smaller of the two).
    func hasOwnLimit<Value>(among running: [Int64: Value]) -> Bool {
        guard !ownLimits.isEmpty else { return false }
        return ownLimits.count <= running.count
            ? ownLimits.keys.contains { running[$0] != nil } : running.keys.contains { ownLimits[$0] != nil }
    }

    private mutating func noteIdentifier(_ task: TransferTask) {
        lastTaskIdentifier[task.session] = max(lastTaskIdentifier[task.session] ?? 0, task.taskIdentifier)
    }
}

extension TransferDaemon {
    /// Whether a task waits for its turn: queued, or retrying.
    static func waits(_ task: TransferTask) -> Bool {
        task.state == .queued || task.state == .retrying
    }

    /// The date a waiting task waits for: its retry date while retrying, else its begin date (nil: none).
    static func dueDate(of task: TransferTask) -> Date? {
        switch task.state {
        case .retrying: task.retryAt
        case .queued: task.earliestBeginDate
        default: nil
        }
    }

    /// The ids of the tasks in `state`, from the index (no pass over every task).
    public func taskIDs(in state: TransferState) -> Set<Int64> { index.ids(state) }

    /// Every task's id in ascending order (the rows of a list in id order).
    public var order: SortedIDs { index.order }

    /// The queue's totals, kept as tasks change.
    public var totals: TransferTotals { index.totals }

    /// Counts the changes to `tasks`, so a view's cached list knows when to look again.
    public var version: Int { index.version }

    /// The earliest date a waiting task waits for (a begin date or a retry), if any.
    public var nextDueDate: Date? { index.dueDates.first?.date }
}
