import Foundation

extension TransferDaemon {
    /// Applies what the engine reported about a request.
    mutating func apply(_ report: TransferReport, in transition: inout Transition) {
        switch report {
        case .checkpointed(let id, let offset):
            guard var task = tasks[id], task.kind == .download, !task.state.isTerminal else { return }
            // The current request's checkpoint, or a stopped one's final checkpoint when no newer request has
            // started (a newer request truncated the file to its own offset, so an older checkpoint is stale).
            guard (attempts[id] != nil) != (stopping[id] != nil) else { return }
            // New bytes earn back the attempts, so a server that drops every few megabytes still finishes;
            // bytes fetched again after a restart from zero do not, and neither does a stalled server's trickle
            // (under `stallBytes` past the most ever had).
            let most = highWater[id] ?? task.bytesWritten
            if offset > most {
                highWater[id] = offset
                if offset - most >= timings.stallBytes { task.attempts = 0 }
            }
            task.bytesWritten = offset
            update(task, in: &transition)
        case .responseAccepted(let id, let offset, let total, let validator, let suggestedName, let status, let encoding):
            guard attempts[id] != nil, stopping[id] == nil, var task = tasks[id] else { return }
            acceptedOffsets[id] = offset
            task.bytesExpected = total
            task.validator = validator
            task.httpStatus = status
            task.contentEncoding = encoding.map { Self.printable(String($0.prefix(40))) }
            if let suggestedName { task.suggestedName = suggestedName }
            task.effectiveURL = attempts[id]?.url
            update(task, in: &transition)
            if offset > 0 {
                let from = total >= 0 ? ByteText.part(offset, of: total) : ByteText.size(offset) + ", length unknown"
                transition.log(
                    .resumed, task.subject,
                    "from \(from) (\(HTTPStatus.text(status)), If-Range \(validator ?? "-"))")
            } else {
                let size = total >= 0 ? " " + ByteText.size(total) : ", length unknown"
                transition.log(
                    .started, task.subject,
                    "\(task.kind == .download ? "receiving" : "sending")\(size) (\(HTTPStatus.text(status)))")
            }
        case .restartedFromZero(let id, let reason):
            guard attempts[id] != nil, stopping[id] == nil, var task = tasks[id] else { return }
            startAgain(&task, reason: reason, in: &transition)
        case .progressed(let id, let bytes):
            guard attempts[id] != nil, stopping[id] == nil else { return }
            liveBytes[id] = bytes
        case .stalled(let id, let seconds):
            noteStall(id, seconds: seconds, now: transition.now)
        case .moving(let id):
            noteStall(id, seconds: nil, now: transition.now)
        case .ended(let id, let end):
            if let pending = stopping[id] {
                stopping[id] = pending > 1 ? pending - 1 : nil
                // A paused task's request has stopped, its final checkpoint applied: now say where it paused.
                if pending == 1, let task = tasks[id], task.state == .paused { logPause(task, in: &transition) }
                return
            }
            guard let attempt = attempts.removeValue(forKey: id), let task = tasks[id] else { return }
            liveBytes[id] = nil
            acceptedOffsets[id] = nil
            stalls[id] = nil
            finish(task, attempt: attempt, end: end, in: &transition)
        }
    }

    /// Decides what follows the end of a request.
    private mutating func finish(
        _ task: TransferTask, attempt: Attempt, end: TransferEnd, in transition: inout Transition
    ) {
        var task = task
        switch end {
        case .completed(let bytes, _, _)
        where task.kind == .download && task.bytesExpected >= 0 && bytes != task.bytesExpected:
            let expected = ByteText.exact(task.bytesExpected) + (task.bytesExpected == 1 ? " was" : " were")
            let reason = "body of \(ByteText.exact(bytes)) where \(expected) expected"
            scheduleRetry(task, reason: reason, retryAfter: nil, in: &transition)
        case .completed(let bytes, let status, let summary):
            task.httpStatus = status
            task.attempts = 0
            task.error = nil
            task.retryAt = nil
            if task.kind == .upload {
                task.state = .completed
                task.bytesWritten = bytes
                task.responseSummary = summary
                update(task, in: &transition)
                transition.log(
                    .uploaded, task.subject,
                    "\(ByteText.size(bytes)), \(HTTPStatus.text(status))"
                        + (summary.map { ": \(Self.printable($0))" } ?? ""))
                transition.actions.append(.announce(task))
            } else {
                enterFinishing(&task, bytes: bytes, in: &transition)
            }
        case .rejected(let verdict):
            reject(task, attempt: attempt, verdict: verdict, in: &transition)
        case .interrupted(let reason, _):
            // A stall counts as an attempt like any other interruption (its reconnection resumes with If-Range).
            scheduleRetry(task, reason: reason, retryAfter: nil, in: &transition)
        case .diskFull(let bytes):
            task.state = .paused
            task.bytesWritten = bytes
            task.error =
                "\(TransferTask.diskFullPrefix) \(ByteText.size(bytes)) kept; resumes by itself when there is room, "
                + "or offstage resume \(task.id)"
            update(task, in: &transition)
            transition.log(.paused, task.subject, task.error ?? "")
        case .permanentFailure(let reason):
            fail(&task, reason: reason, in: &transition)
        case .stopped:
            break
        }
    }

    /// Marks a download's body complete and asks for delivery; the outbox row makes it survive a kill.
    private mutating func enterFinishing(_ task: inout TransferTask, bytes: Int64, in transition: inout Transition) {
        task.state = .finishing
        task.bytesWritten = bytes
        if task.bytesExpected < 0 { task.bytesExpected = bytes }
        transition.log(.finishing, task.subject, "\(ByteText.size(bytes)) received and synced")
        proceedToDelivery(&task, in: &transition)
    }

    private mutating func reject(
        _ task: TransferTask, attempt: Attempt, verdict: ResponseVerdict, in transition: inout Transition
    ) {
        var task = task
        switch verdict {
        case .accept:
            scheduleRetry(task, reason: "request ended without a body", retryAfter: nil, in: &transition)
        case .redirect(let location):
            switch redirectPolicy.decide(location: location, current: attempt.url, visited: attempt.visited) {
            case .follow(let next):
                transition.log(.redirected, task.subject, "to \(Self.printable(URLCredentials.masked(next)))")
                var followed = attempt
                followed.visited.append(attempt.url)
                followed.url = URLCredentials.stripped(next)
                begin(task, attempt: followed, in: &transition)
            case .refuse(let reason):
                fail(&task, reason: Self.printable(reason), in: &transition)
            }
        case .restartFromZero(let reason):
            guard attempt.restarts < 3 else {
                task.bytesWritten = 0
                task.bytesExpected = -1
                task.validator = nil
                update(task, in: &transition)
                scheduleRetry(
                    task, reason: "server keeps refusing to resume: \(reason)", retryAfter: nil,
                    in: &transition)
                return
            }
            startAgain(&task, reason: reason, in: &transition)
            var again = attempt
            again.restarts += 1
            begin(task, attempt: again, in: &transition)
        case .restartWithBody(_, _, let reason):
            // The engine takes such a body itself (`.restartedFromZero`); ending on it means no body came.
            scheduleRetry(
                task, reason: "request ended without a body (\(reason))", retryAfter: nil, in: &transition
            )
        case .alreadyComplete(let total):
            enterFinishing(&task, bytes: total, in: &transition)
        case .malformed(let reason):
            // A server that breaks HTTP's framing will break it again: retrying would only repeat the damage.
            fail(&task, reason: "malformed response: \(Self.printable(reason))", in: &transition)
        case .httpError(let status, let retryAfter):
            task.httpStatus = status
            let reason = HTTPStatus.text(status)
            if RetryPolicy.isTransient(status: status) {
                scheduleRetry(task, reason: reason, retryAfter: retryAfter, in: &transition)
            } else {
                fail(&task, reason: reason, in: &transition)
            }
        }
    }

    /// Drops a download's partial bytes and validator to start again from zero, and says why: in the event log
    /// (`the file changed on the server (ETag "v1" → "v2"): starting again from zero`) and in `restarts`, which
    /// views show until the task is done.
    mutating func startAgain(_ task: inout TransferTask, reason: String, in transition: inout Transition) {
        let reason = Self.printable(reason)
        restarts[task.id] = TransferRestart(
            reason: reason, droppedBytes: max(task.bytesWritten, liveBytes[task.id] ?? 0), at: transition.now)
        liveBytes[task.id] = nil
        task.bytesWritten = 0
        task.bytesExpected = -1
        task.validator = nil
        update(task, in: &transition)
        transition.log(.restarted, task.subject, "\(reason): starting again from zero")
    }

    /// Schedules the next attempt with backoff, or fails the task when attempts or time run out.
    mutating func scheduleRetry(
        _ task: TransferTask, reason: String, retryAfter: Double?, in transition: inout Transition
    ) {
        var task = task
        task.attempts += 1
        let reason = Self.printable(reason)
        let limit = session(of: task).timeoutIntervalForResource
        if transition.now.timeIntervalSince(task.createdAt) >= limit {
            return fail(
                &task, reason: "\(reason); resource timeout of \(Clamped.int(limit)) s reached", in: &transition)
        }
        if task.attempts >= retryPolicy.maxAttempts {
            return fail(&task, reason: "\(reason) (after \(Plural.count(task.attempts, "attempt")))", in: &transition)
        }
        let delay = retryPolicy.delay(attempt: max(1, task.attempts), taskID: task.id, retryAfter: retryAfter)
        task.state = .retrying
        task.retryAt = transition.now + delay
        task.error = reason
        update(task, in: &transition)
        transition.log(
            .retryScheduled, task.subject,
            "\(reason); attempt \(task.attempts) of \(retryPolicy.maxAttempts); next in \(DurationText.short(delay))")
    }

    /// Fails a task for good. A download's partial file is kept only while a manual resume could use it (bytes
    /// fetched under a strong validator, so `If-Range` can continue them); otherwise it is removed at once.
    mutating func fail(_ task: inout TransferTask, reason: String, in transition: inout Transition) {
        task.state = .failed
        task.retryAt = nil
        task.error = reason
        let resumable = task.validator != nil && task.bytesWritten > 0
        if task.kind == .download, !resumable, task.deliveredPath == nil {
            task.bytesWritten = 0
            task.validator = nil
            transition.actions.append(.removePart(taskID: task.id))
        }
        update(task, in: &transition)
        transition.log(.failed, task.subject, reason)
        transition.actions.append(.announce(task))
    }

    /// Records the delivery path chosen by finalisation, before the file is put there.
    mutating func choosePath(_ id: Int64, path: String, in transition: inout Transition) {
        guard var task = tasks[id], task.state == .finishing else { return }
        task.deliveredPath = path
        update(task, in: &transition)
        transition.actions.append(.deliver(task))
    }

    /// Completes a delivery: the file is in place, the outbox item done. A task of the model app's session was
    /// handed to the app (`didFinishDownloadingTo`), which moved the file itself: the system says only that.
    mutating func markDelivered(_ id: Int64, in transition: inout Transition) {
        guard var task = tasks[id], task.state == .finishing else { return }
        task.state = .completed
        update(task, in: &transition)
        transition.changes.outboxRemoved.append(id)
        let handed =
            "handed the temporary file to the app (didFinishDownloadingTo); it was removed as the callback returned"
        if appSessions.contains(task.session) { return transition.log(.delivered, task.subject, handed) }
        transition.log(.delivered, task.subject, task.deliveredPath.map { "as \(Self.printable($0))" } ?? handed)
        transition.actions.append(.announce(task))
    }

    /// Server-controlled text made safe for logs and terminals: control characters escaped, at most 300 characters.
    public static func printable(_ text: String) -> String {
        // Printable ASCII (a URL, most names) is its own escape, one column a byte.
        if isPrintableASCII(text) { return text.utf8.count > 300 ? String(text.prefix(300)) + "…" : text }
        let out = escapingControls(text)
        return out.count > 300 ? String(out.prefix(300)) + "…" : out
    }

    /// `text` as one printable line of any length: line breaks and other control or bidi characters become `\\xNN`
    /// or `\\u{N}`.
    public static func escapingControls(_ text: String) -> String {
        if isPrintableASCII(text) { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if FileNameSanitizer.isForbidden(scalar) {
                out +=
                    scalar.value <= 0xFF
                    ? String(format: "\\x%02X", scalar.value) : String(format: "\\u{%X}", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether every byte of `text` is printable ASCII (space to `~`): nothing in it to escape.
    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
            ?? text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
}

/// The engine's stall reports, measured on real time.
extension TransferDaemon {
    /// Since when running task `id` has been stalled (the engine found fewer than `timings.stallBytes` received in
    /// `timings.stallWindow` seconds of real time), or nil while it moves or does not run.
    public func stalledSince(_ id: Int64) -> Date? {
        attempts[id] == nil ? nil : stalls[id]
    }

    /// Records the engine's word that the request of `id` stalled `seconds` ago (or moves again: nil).
    mutating func noteStall(_ id: Int64, seconds: Double?, now: Date) {
        guard attempts[id] != nil, stopping[id] == nil else { return }
        stalls[id] = seconds.map { now - Clamped.within($0, 0...86_400) }
    }
}
