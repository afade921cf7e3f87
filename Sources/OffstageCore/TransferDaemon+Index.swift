import Foundation

/// What the daemon keeps beside its tasks so that nothing it does at a turn costs in proportion to how many tasks
/// are stored: their order, the queue's totals, the tasks whose date has come, the dates the others wait for, and
/// the tasks paused for a full disk. Kept up to date by `update` and rebuilt when the tasks are loaded.
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

    /// Takes a task's new value into the indexes (`previous`: its value before, nil for a new task).
    mutating func index(_ task: TransferTask, previous: TransferTask?, now: Date) {
        version &+= 1
        if previous == nil { order.insert(task.id) }
        totals.replace(previous, with: task)
        lastTaskIdentifier[task.session] = max(
            lastTaskIdentifier[task.session] ?? 0, task.taskIdentifier)
        if task.isPausedForFullDisk {
            pausedForFullDisk.insert(task.id)
        } else {
            pausedForFullDisk.remove(task.id)
        }
        guard Self.waits(task) else {
            ready.remove(task.id)
            return
        }
        if let date = Self.dueDate(of: task), date > now {
            ready.remove(task.id)
            let alreadyThere = previous.map { Self.waits($0) && Self.dueDate(of: $0) == date } ?? false
            if !alreadyThere {
                dueDates.push(date, task.id)
                newlyDated.append(task.id)
            }
        } else {
            ready.insert(task.id)
        }
    }

    /// Rebuilds every index from the tasks (after they were loaded).
    mutating func reindex(now: Date) {
        version &+= 1
        order = SortedIDs(tasks.keys)
        totals = TransferTotals(tasks.values)
        ready = []
        pausedForFullDisk = []
        lastTaskIdentifier = [:]
        newlyDated = []
        var dated: [DueDateHeap.Entry] = []
        for task in tasks.values {
            lastTaskIdentifier[task.session] = max(
                lastTaskIdentifier[task.session] ?? 0, task.taskIdentifier)
            if task.isPausedForFullDisk { pausedForFullDisk.insert(task.id) }
            guard Self.waits(task) else { continue }
            if let date = Self.dueDate(of: task), date > now {
                dated.append(DueDateHeap.Entry(date: date, id: task.id))
            } else {
                ready.insert(task.id)
            }
        }
        dueDates.rebuild(dated)
    }

    /// Moves the waiting tasks whose date has come (by `now`) into `ready`, and drops the entries that no longer
    /// hold, so the earliest entry left is a true one.
    mutating func promoteDueTasks(now: Date) {
        while let first = dueDates.first {
            guard let task = tasks[first.id], Self.waits(task), Self.dueDate(of: task) == first.date
            else {
                dueDates.popFirst()
                continue
            }
            guard first.date <= now else { return }
            dueDates.popFirst()
            ready.insert(task.id)
        }
    }

    /// The earliest date a waiting task waits for (a begin date or a retry), if any.
    public var nextDueDate: Date? { dueDates.first?.date }

    /// How many waiting tasks wait for a date (entries that no longer hold are counted until a pass drops them).
    var datedCount: Int { dueDates.count }
}
