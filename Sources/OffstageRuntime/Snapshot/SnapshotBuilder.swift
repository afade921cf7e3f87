import Foundation
import OffstageCore

/// What the runtime remembers to build snapshots: each running task's speed and where its attempt began, the
/// newest event-log lines, and each task's recent history. Owned by the loop.
struct SnapshotBuilder {
    /// One task's attempt as the builder follows it.
    struct Attempt {
        /// Bytes already there when the attempt began.
        var resumedFrom: Int64
        /// The attempt's speed.
        var estimator = SpeedEstimator()
        /// Whether the task was running at the last look.
        var running: Bool
    }

    /// Attempts by task id.
    private(set) var attempts: [Int64: Attempt] = [:]
    /// The newest event-log lines, oldest first (at most `Snapshot.eventLimit`).
    private(set) var events: [LogEntry] = []
    /// The newest lines about each task (`task N`), oldest first.
    private(set) var histories: [String: [LogEntry]] = [:]
    /// The sequence number of the last snapshot built.
    private(set) var sequence: UInt64 = 0
    /// How many lines `events` has taken in all (the seed's included).
    private(set) var recorded = 0
    /// The app session's tasks by `taskIdentifier`, as far as the daemon's order has been looked at.
    private var appIDs = AppTaskIDs(session: "")

    /// The app session's task ids by `taskIdentifier`, and how much of the daemon's order they cover.
    struct AppTaskIDs {
        /// The session.
        var session: String
        /// Home ids by `taskIdentifier`.
        var ids: [Int: Int64] = [:]
        /// How many positions of the daemon's order were taken in.
        var covered = 0
        /// The id at the last position taken in (to tell the order did not change under them).
        var lastID: Int64?
    }

    /// Starts from the store's newest lines (oldest first).
    mutating func seed(_ entries: [LogEntry]) {
        events = Array(entries.suffix(Snapshot.eventLimit))
        histories = SnapshotParts.histories(entries)
        recorded = events.count
    }

    /// Adds a line the runtime logged.
    mutating func record(_ entry: LogEntry) {
        recorded += 1
        events.append(entry)
        if events.count > Snapshot.eventLimit { events.removeFirst(events.count - Snapshot.eventLimit) }
        guard entry.subject.hasPrefix("task ") else { return }
        histories[entry.subject, default: []].append(entry)
        if let count = histories[entry.subject]?.count, count > SnapshotParts.historyLimit {
            histories[entry.subject]?.removeFirst(count - SnapshotParts.historyLimit)
        }
    }

    /// A request for a task went out from `offset`: a new attempt, whose bytes up to `offset` were already there.
    mutating func began(_ id: Int64, offset: Int64) {
        attempts[id] = Attempt(resumedFrom: offset, running: true)
    }

    /// Follows the daemon's tasks: a task entering `running` starts a new attempt from its durable offset; a
    /// running one feeds its live bytes to its speed estimator. Looks only at tasks in flight (cheap every turn).
    mutating func track(_ daemon: TransferDaemon, now: Date) {
        let running = daemon.runningTaskIDs.filter { daemon.tasks[$0]?.state == .running }
        for (id, attempt) in attempts where attempt.running && !running.contains(id) {
            if daemon.tasks[id] == nil {
                attempts[id] = nil
            } else {
                attempts[id]?.running = false
            }
        }
        for id in running {
            guard let task = daemon.tasks[id] else { continue }
            var attempt = attempts[id] ?? Attempt(resumedFrom: 0, running: false)
            if !attempt.running {
                attempt = Attempt(resumedFrom: task.kind == .download ? task.bytesWritten : 0, running: true)
            }
            let bytes = daemon.liveBytes[id] ?? task.bytesWritten
            // What the server agreed to resume from; bytes below where the attempt began mean it started again
            // from zero, so nothing of it is resumed.
            if let accepted = daemon.acceptedOffsets[id] { attempt.resumedFrom = accepted }
            if bytes < attempt.resumedFrom { attempt.resumedFrom = 0 }
            attempt.estimator.record(bytes: bytes, at: now)
            attempts[id] = attempt
        }
    }

    /// The transfers as a view shows them, in id order.
    func transfers(
        _ daemon: TransferDaemon, now: Date, maxAttempts: Int, waitingForApp: Set<Int64>
    ) -> [TransferSnapshot] {
        daemon.order.compactMap { id in
            daemon.tasks[id].map {
                row(
                    $0, daemon: daemon, now: now, maxAttempts: maxAttempts, waitingForApp: waitingForApp,
                    history: true)
            }
        }
    }

    /// One task as a view shows it: its live bytes, speed, ETA and status (`history`: with its event-log lines).
    func row(
        _ task: TransferTask, daemon: TransferDaemon, now: Date, maxAttempts: Int,
        waitingForApp: Set<Int64>,
        history: Bool
    ) -> TransferSnapshot {
        let bytes = daemon.liveBytes[task.id] ?? task.bytesWritten
        let attempt = attempts[task.id]
        let running = task.state == .running
        let speed = running ? attempt?.estimator.speed(at: now) : nil
        let eta =
            running && task.bytesExpected >= 0
            ? attempt?.estimator.eta(remaining: task.bytesExpected - bytes, at: now) : nil
        let status = SnapshotParts.status(
            of: task, waitReason: daemon.waitReasons[task.id], now: now, maxAttempts: maxAttempts,
            waitingForApp: waitingForApp.contains(task.id), interrupted: false)
        return SnapshotParts.transfer(
            task, bytes: bytes,
            resumedFrom: running ? (daemon.acceptedOffsets[task.id] ?? 0) : (attempt?.resumedFrom ?? 0),
            speed: speed, eta: eta,
            status: status, history: history ? histories[task.subject] ?? [] : [],
            restart: daemon.restarts[task.id],
            stalledSince: running ? daemon.stalledSince(task.id) : nil,
            appliedRate: running ? daemon.appliedRateLimit(task.id) : nil)
    }

    /// The queue's totals now: the daemon's, with the running tasks' live bytes and speeds (they cost what runs).
    func totals(_ daemon: TransferDaemon, now: Date) -> TransferTotals {
        var totals = daemon.totals
        var speed = 0.0
        var measured = false
        for id in daemon.runningTaskIDs {
            guard let task = daemon.tasks[id], task.state == .running else { continue }
            totals.addLive(daemon.liveBytes[id] ?? task.bytesWritten, over: task.bytesWritten)
            if let rate = attempts[id]?.estimator.speed(at: now) {
                speed += rate
                measured = true
            }
        }
        totals.speed = measured ? speed : nil
        return totals
    }

    /// The home's id of each task of the app's session by its `taskIdentifier`, taken in as tasks are added
    /// (a task's session and `taskIdentifier` never change), so a publication looks only at new tasks.
    mutating func appTaskIDs(_ daemon: TransferDaemon, session: String) -> [Int: Int64] {
        let order = daemon.order
        let stale =
            appIDs.session != session || appIDs.covered > order.count
            || (appIDs.covered > 0 && order[appIDs.covered - 1] != appIDs.lastID)
        if stale { appIDs = AppTaskIDs(session: session) }
        for position in appIDs.covered..<order.count {
            guard let task = daemon.tasks[order[position]] else { continue }
            if task.session == session, task.taskIdentifier != 0 {
                appIDs.ids[task.taskIdentifier] = task.id
            }
        }
        appIDs.covered = order.count
        appIDs.lastID = order.last
        return appIDs.ids
    }

    /// The next sequence number.
    mutating func nextSequence() -> UInt64 {
        sequence += 1
        return sequence
    }
}
