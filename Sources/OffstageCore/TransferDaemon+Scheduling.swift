import Foundation

extension TransferDaemon {
    /// Starts every task that may run now, records why the others wait, and asks for the next wake-up.
    mutating func schedule(in transition: inout Transition) {
        let now = transition.now
        var wake: Date?
        func wakeAt(_ date: Date) { wake = min(wake ?? date, date) }
        recomputeRetriesAfterTheClockWentBack(in: &transition)

        let candidates = tasks.values
            .filter { ($0.state == .queued || $0.state == .retrying) && attempts[$0.id] == nil }
            .filter { exclusive?.contains($0.id) ?? true }
            .sorted { ($0.priority, -$0.id) > ($1.priority, -$1.id) }
        for task in candidates {
            if task.state == .retrying, let at = task.retryAt, at > now {
                wakeAt(at)
                noteWaiting(task, "retry in \(Self.duration(at.timeIntervalSince(now)))", in: &transition)
                continue
            }
            if let earliest = task.earliestBeginDate, earliest > now {
                wakeAt(earliest)
                noteWaiting(
                    task, "earliest begin in \(Self.duration(earliest.timeIntervalSince(now)))", in: &transition)
                continue
            }
            if let blocked = conditionBlock(for: task) {
                noteWaiting(task, blocked, in: &transition)
                continue
            }
            if let full = connectionBlock(for: task) {
                noteWaiting(task, full, in: &transition)
                continue
            }
            waitReasons[task.id] = nil
            begin(task, attempt: Attempt(url: task.url, visited: [], restarts: 0), in: &transition)
        }
        if let check = nextDiskCheckWake(now: now) { wakeAt(check) }
        if let wake { transition.actions.append(.wake(at: wake)) }
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

    /// Why the session's per-host connection limit keeps a task waiting, or nil when a slot is free.
    func connectionBlock(for task: TransferTask) -> String? {
        let session = session(of: task)
        let host = URLCredentials.origin(of: task.url)
        let busy = attempts.keys.compactMap { tasks[$0] }.filter {
            $0.session == task.session && URLCredentials.origin(of: $0.url) == host
        }.count
        guard busy >= session.httpMaximumConnectionsPerHost else { return nil }
        return "waiting for a connection slot (\(busy) of \(session.httpMaximumConnectionsPerHost) in use)"
    }

    /// Remembers a wait reason, logging it only when it changes.
    private mutating func noteWaiting(_ task: TransferTask, _ reason: String, in transition: inout Transition) {
        // Log a wait when its kind changes, not when only a countdown or a count in it does.
        func kind(_ text: String) -> String {
            String(text.unicodeScalars.filter { !CharacterSet.decimalDigits.contains($0) })
        }
        let previous = waitReasons[task.id].map(kind)
        waitReasons[task.id] = reason
        if previous != kind(reason), !reason.hasPrefix("retry in") { transition.log(.waiting, task.subject, reason) }
    }

    /// A short human duration: `45 s`, `12 min`, `3 h`.
    public static func duration(_ seconds: Double) -> String {
        let s = Clamped.within(seconds, 0...Double.greatestFiniteMagnitude)
        if s < 90 { return "\(Clamped.int(s.rounded(.up))) s" }
        if s < 90 * 60 { return "\(Clamped.int((s / 60).rounded())) min" }
        if s < 48 * 3600 { return "\(Clamped.int((s / 3600).rounded())) h" }
        if s > 3_650 * 86_400 { return "more than 10 years" }
        return "\(Clamped.int((s / 86400).rounded())) d"
    }

    /// A retry further off than any wait the policy gives means the wall clock went back: its wait is recomputed
    /// from now (the attempt's backoff), so it never waits out the jump.
    mutating func recomputeRetriesAfterTheClockWentBack(in transition: inout Transition) {
        let now = transition.now
        let longest = max(retryPolicy.maxDelay, retryPolicy.retryAfterCap) + 1
        for id in tasks.keys.sorted() {
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
