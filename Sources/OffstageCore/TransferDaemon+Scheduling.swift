import Foundation

extension TransferDaemon {
    /// Starts every task that may run now, records why the others wait, and asks for the next wake-up.
    ///
    /// Only the tasks whose date has come are looked at (`ready`); those waiting for a date stay in `dueDates`
    /// until it comes, so a pass costs what is ready, not what is stored.
    mutating func schedule(in transition: inout Transition) {
        let now = transition.now
        // A wall clock that went back first: a retry's date recomputed from now goes back into the date heap.
        recomputeRetriesAfterTheClockWentBack(in: &transition)
        index.promoteDueTasks(now: now, tasks: tasks)
        noteNewlyDated(now: now, in: &transition)
        var candidates: [TransferTask] = []
        for id in index.ready where attempts[id] == nil && exclusive?.contains(id) ?? true {
            if let task = tasks[id] { candidates.append(task) }
        }
        candidates.sort { ($0.priority, -$0.id) > ($1.priority, -$1.id) }
        var busy: [HostSlot: Int]?
        for task in candidates {
            if let blocked = conditionBlock(for: task) {
                noteWaiting(task, blocked, in: &transition)
                continue
            }
            // The connections in use per session and origin, counted once per pass (not once per candidate).
            if busy == nil { busy = busyConnections() }
            let slot = HostSlot(task)
            if let full = connectionBlock(for: task, busy: busy?[slot] ?? 0) {
                noteWaiting(task, full, in: &transition)
                continue
            }
            busy?[slot, default: 0] += 1
            waitReasons[task.id] = nil
            begin(task, attempt: Attempt(url: task.url, visited: [], restarts: 0), in: &transition)
        }
        var wake = nextDueDate
        if let check = nextDiskCheckWake(now: now) { wake = min(wake ?? check, check) }
        if let wake { transition.actions.append(.wake(at: wake)) }
    }

    /// Notes the wait of each task that began to wait for a date since the last pass (`earliest begin in 3 h`),
    /// once; a task waiting for a date keeps no reason of its own (its status says when).
    private mutating func noteNewlyDated(now: Date, in transition: inout Transition) {
        guard !index.newlyDated.isEmpty else { return }
        let dated = index.newlyDated
        index.newlyDated = []
        for id in dated {
            guard let task = tasks[id], Self.waits(task), let date = Self.dueDate(of: task), date > now else {
                continue
            }
            if task.state == .queued {
                noteWaiting(task, "earliest begin in \(Self.duration(date.timeIntervalSince(now)))", in: &transition)
            }
            waitReasons[id] = nil
        }
    }

    /// Sends a request for a task: from its durable offset for downloads, from byte 0 for uploads.
    mutating func begin(_ task: TransferTask, attempt: Attempt, in transition: inout Transition) {
        var task = task
        if task.state != .running || task.checksumState != nil {
            task.state = .running
            task.retryAt = nil
            task.checksumState = nil  // new bytes: whatever was verified before no longer holds
            update(task, in: &transition)
        }
        attempts[task.id] = attempt
        acceptedOffsets[task.id] = nil
        stalls[task.id] = nil
        let offset = task.kind == .download ? task.bytesWritten : 0
        var request = TransferRequest(
            taskID: task.id, kind: task.kind, url: attempt.url, method: task.method, offset: offset,
            validator: offset > 0 ? task.validator : nil, uploadPath: task.uploadPath,
            idleTimeout: session(of: task).timeoutIntervalForRequest, stallWindow: timings.stallWindow,
            stallBytes: timings.stallBytes)
        request.headers = task.options.headers
        request.compressed = task.options.compressed
        transition.actions.append(.start(request))  // its rate comes in `applyRateLimits`
    }

    /// A session's connections to one origin (scheme, host and port of a task's URL): what its limit counts.
    struct HostSlot: Hashable {
        let session: String
        let origin: String?

        init(_ task: TransferTask) {
            session = task.session
            origin = URLCredentials.origin(of: task.url)
        }
    }

    /// The requests in flight per session and origin.
    func busyConnections() -> [HostSlot: Int] {
        var busy: [HostSlot: Int] = [:]
        for id in attempts.keys {
            if let task = tasks[id] { busy[HostSlot(task), default: 0] += 1 }
        }
        return busy
    }

    /// Why the session's per-host connection limit keeps a task waiting (`busy` of its slots in use), or nil when a
    /// slot is free.
    func connectionBlock(for task: TransferTask, busy: Int) -> String? {
        let session = session(of: task)
        guard busy >= session.httpMaximumConnectionsPerHost else { return nil }
        return "waiting for a connection slot (\(busy) of \(session.httpMaximumConnectionsPerHost) in use)"
    }

    /// Remembers a wait reason, logging it only when it changes (a restart's pass counts it in `startWaits`
    /// instead, for its one summary line).
    private mutating func noteWaiting(_ task: TransferTask, _ reason: String, in transition: inout Transition) {
        // Log a wait when its kind changes, not when only a countdown or a count in it does.
        let previous = waitReasons[task.id].map(WaitSummary.kind)
        waitReasons[task.id] = reason
        if startWaits != nil {
            startWaits?.waiting(reason)
        } else if previous != WaitSummary.kind(reason) {
            transition.log(.waiting, task.subject, reason)
        }
    }

    /// A short human duration: `45 s`, `12 min`, `3 h`; from 48 h on in days, months and years (`2 d 3 h`,
    /// `9 y 11 mo`; `LongDuration`).
    public static func duration(_ seconds: Double) -> String {
        let s = Clamped.within(seconds, 0...Double.greatestFiniteMagnitude)
        if s < 90 { return "\(Clamped.int(s.rounded(.up))) s" }
        if s < 90 * 60 { return "\(Clamped.int((s / 60).rounded())) min" }
        if s < 48 * 3600 { return "\(Clamped.int((s / 3600).rounded())) h" }
        return LongDuration.text(s) ?? "more than 10 years"
    }

    /// A retry further off than any wait the policy gives means the wall clock went back: its wait is recomputed
    /// from now (the attempt's backoff), so it never waits out the jump.
    mutating func recomputeRetriesAfterTheClockWentBack(in transition: inout Transition) {
        let now = transition.now
        let longest = max(retryPolicy.maxDelay, retryPolicy.retryAfterCap) + 1
        // Only the retrying tasks (the daemon's index), not every stored task.
        for id in index.ids(.retrying).sorted() {
            guard var task = tasks[id], task.state == .retrying, let at = task.retryAt,
                at.timeIntervalSince(now) > longest
            else { continue }
            let delay = retryPolicy.delay(attempt: max(1, task.attempts), taskID: task.id, retryAfter: nil)
            task.retryAt = now + delay
            update(task, in: &transition)
            transition.log(
                .retryScheduled, task.subject,
                "the wall clock went back: the retry is recomputed from now, in \(Self.duration(delay)) (it was "
                    + "\(Self.duration(at.timeIntervalSince(now))) away)")
        }
    }
}
