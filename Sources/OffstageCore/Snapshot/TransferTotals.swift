/// The queue's totals: how many tasks are in each state, the bytes done of the known total, the overall rate and
/// ETA. The daemon keeps them as tasks change (one task's change costs the same however many are stored), so a view
/// shows them for a home of any size without the engine looking at every task.
///
/// Bytes count the tasks still in the queue or done: a failed or cancelled task's bytes are left out.
public struct TransferTotals: Codable, Sendable, Equatable {
    /// Tasks waiting for their turn (queued).
    public var queued = 0
    /// Tasks with a request in flight.
    public var running = 0
    /// Tasks waiting to try again.
    public var retrying = 0
    /// Tasks paused by the user or by a full disk.
    public var paused = 0
    /// Tasks whose body is complete and whose delivery is under way.
    public var finishing = 0
    /// Tasks delivered (or, for uploads, answered).
    public var completed = 0
    /// Tasks that gave up.
    public var failed = 0
    /// Tasks cancelled.
    public var cancelled = 0
    /// Bytes received or sent by the counted tasks (a running task's live bytes once `live` is added).
    public var bytesDone: Int64 = 0
    /// The known sizes of the counted tasks.
    public var bytesTotal: Int64 = 0
    /// Unfinished tasks whose size is not known yet (their bytes are in `bytesDone`, not in `bytesTotal`).
    public var unknownSizes = 0
    /// The overall rate: the running tasks' speeds added up (nil: nothing moves, or not measured yet).
    public var speed: Double?

    /// No tasks.
    public init() {}

    /// The totals of `tasks`, counted one by one (for a list read from the store).
    public init(_ tasks: some Sequence<TransferTask>) {
        for task in tasks { add(task) }
    }

    /// Every task counted.
    public var count: Int {
        queued + running + retrying + paused + finishing + completed + failed + cancelled
    }
    /// Tasks that move now: running or being delivered.
    public var active: Int { running + finishing }
    /// Tasks waiting for their turn or for their next attempt.
    public var waiting: Int { queued + retrying }

    /// Seconds until the counted tasks are done at the overall rate (nil: nothing moves, or a size is unknown).
    public var eta: Double? {
        guard let speed, speed > 0, unknownSizes == 0, bytesTotal > bytesDone else { return nil }
        return Double(bytesTotal - bytesDone) / speed
    }

    /// Counts `task` in.
    public mutating func add(_ task: TransferTask) { apply(task, sign: 1) }

    /// Counts `task` out.
    public mutating func remove(_ task: TransferTask) { apply(task, sign: -1) }

    /// Counts `old` out (when there was one) and `new` in.
    public mutating func replace(_ old: TransferTask?, with new: TransferTask) {
        if let old { remove(old) }
        add(new)
    }

    /// Adds the bytes a running task has received beyond its checkpoint (`live` over `written`).
    public mutating func addLive(_ live: Int64, over written: Int64) {
        bytesDone = bytesDone &+ max(0, live - written)
    }

    private mutating func apply(_ task: TransferTask, sign: Int) {
        switch task.state {
        case .queued: queued += sign
        case .running: running += sign
        case .retrying: retrying += sign
        case .paused: paused += sign
        case .finishing: finishing += sign
        case .completed: completed += sign
        case .failed: failed += sign
        case .cancelled: cancelled += sign
        }
        guard task.state != .failed, task.state != .cancelled else { return }
        let written = max(0, task.bytesWritten)
        bytesDone = bytesDone &+ Int64(sign) &* written
        if task.bytesExpected >= 0 {
            bytesTotal = bytesTotal &+ Int64(sign) &* max(task.bytesExpected, written)
        } else if task.state == .completed {
            bytesTotal = bytesTotal &+ Int64(sign) &* written
        } else {
            unknownSizes += sign
        }
    }
}
