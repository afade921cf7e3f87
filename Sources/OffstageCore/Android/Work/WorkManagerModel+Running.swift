import Foundation

extension WorkManagerModel {
    /// The runtime reports a worker's result. A result for a request that is not RUNNING (its worker was
    /// stopped, or it was cancelled) is ignored, as WorkManager ignores a stopped worker's result.
    mutating func finish(_ id: String, result: WorkResult, in t: inout WorkTransition) {
        let now = t.now
        guard let index = index(of: id), state.requests[index].state == .running else {
            return t.actions.append(.refuse("No running worker \(id); its result is ignored"))
        }
        if state.requests[index].run?.notification != nil { t.actions.append(.stopForegroundNotification(id: id)) }
        let periodic = state.requests[index].spec.isPeriodic
        update(index, in: &t) { request in
            request.run = nil
            request.stopReason = .notStopped
            request.record(WorkDecision(time: now, outcome: .finished(result)))
            if let pending = request.pendingSpec {
                request.spec = pending
                request.pendingSpec = nil
            }
            switch (result, periodic) {
            case (.retry, _):
                request.state = .enqueued
                request.backedOff = true
                request.lastEnqueueAt = now
            case (_, true):
                // Periodic work is rescheduled whatever the result; runAttemptCount restarts for the next period.
                request.state = .enqueued
                request.backedOff = false
                request.periodCount += 1
                request.runAttemptCount = 0
                request.lastEnqueueAt = now
            case (.success, false):
                request.state = .succeeded
                request.finishedAt = now
            case (.failure, false):
                request.state = .failed
                request.finishedAt = now
            }
            request.earliestRunAt = request.nextRunTime()
        }
        switch state.requests[index].state {
        case .succeeded: unblock(after: id, in: &t)
        case .failed: cascade(from: id, to: .failed, in: &t)
        default: break
        }
    }

    /// `setForegroundAsync`: the worker becomes a foreground service with a notification; the 10-minute limit
    /// no longer applies, nor do bucket windows and Doze. From API 31 the system refuses it while the app is in the
    /// background (the environment says why): the worker runs on as it was.
    mutating func setForeground(_ id: String, notification: String, in t: inout WorkTransition) {
        let now = t.now
        guard let index = index(of: id), state.requests[index].state == .running else {
            return t.actions.append(.refuse("setForegroundAsync: \(id) is not running"))
        }
        if let refusal = state.environment.foregroundServiceRefusal {
            return t.actions.append(.workerCallRefused(id: id, reason: refusal))
        }
        update(index, in: &t) { request in
            request.run?.notification = notification
            request.record(WorkDecision(time: now, outcome: .foreground))
        }
        t.actions.append(.startForegroundNotification(id: id, notification: notification))
    }

    /// `offstage work run NAME`: every ENQUEUED request with the name starts now, bypassing delays, backoff,
    /// constraints and the system's gate (chains still hold: BLOCKED work cannot run).
    mutating func runNow(_ name: String, in t: inout WorkTransition) {
        let named = state.requests.indices.filter { state.requests[$0].name == name }
        let ready = named.filter { state.requests[$0].state == .enqueued }
        guard !ready.isEmpty else {
            let states = Set(named.map { state.requests[$0].state })
            let why =
                named.isEmpty
                ? "no work named \(name)"
                : states.contains(.blocked)
                    ? "\(name) is BLOCKED by \(named.flatMap { blockingNames($0) }.joined(separator: ", "))"
                    : states.contains(.running) ? "\(name) is already RUNNING" : "\(name) is finished"
            return t.actions.append(.refuse(why))
        }
        for index in ready { start(index, expedited: false, bypassed: true, consumesQuota: false, in: &t) }
    }

    /// The system stopped a running job for its own reason: back to ENQUEUED, no backoff.
    mutating func systemStop(_ id: String, reason: WorkStopReason, in t: inout WorkTransition) {
        guard let index = index(of: id), state.requests[index].state == .running else {
            return t.actions.append(.refuse("No running worker \(id) to stop"))
        }
        stop(index, reason: reason, backOff: false, emit: true, in: &t)
    }

    /// Starts request `index`'s worker.
    mutating func start(_ index: Int, expedited: Bool, bypassed: Bool, consumesQuota: Bool, in t: inout WorkTransition)
    {
        let now = t.now
        update(index, in: &t) { request in
            request.state = .running
            request.runAttemptCount = min(request.runAttemptCount, Int.max - 1) + 1
            request.run = WorkRun(startedAt: now, expedited: expedited, bypassed: bypassed)
            request.record(WorkDecision(time: now, outcome: .started(expedited: expedited, bypassed: bypassed)))
        }
        let request = state.requests[index]
        if consumesQuota {
            state.environment.expeditedQuotaLeft = max(0, state.environment.expeditedQuotaLeft - 1)
            t.actions.append(.consumedExpeditedQuota(id: request.id))
        }
        t.actions.append(
            .startWorker(
                WorkerLaunch(
                    id: request.id, name: request.name, worker: request.spec.worker, input: request.spec.input,
                    attempt: request.runAttemptCount, deadline: request.run?.deadline)))
    }

    /// Ends request `index`'s run: the worker is told to stop and its foreground notification removed.
    mutating func endRun(_ index: Int, reason: WorkStopReason, in t: inout WorkTransition) {
        let id = state.requests[index].id
        t.actions.append(.stopWorker(id: id, reason: reason))
        if state.requests[index].run?.notification != nil { t.actions.append(.stopForegroundNotification(id: id)) }
        update(index, in: &t) { $0.run = nil }
    }

    /// A running request is stopped and goes back to ENQUEUED (`onStopped`) with `reason`; it runs again once
    /// allowed, after backoff only when `backOff` (a timeout).
    mutating func stop(_ index: Int, reason: WorkStopReason, backOff: Bool, emit: Bool, in t: inout WorkTransition) {
        let now = t.now
        if emit { endRun(index, reason: reason, in: &t) }
        update(index, in: &t) { request in
            request.run = nil
            request.state = .enqueued
            request.stopReason = reason
            request.lastEnqueueAt = now
            request.backedOff = backOff
            if let pending = request.pendingSpec {
                request.spec = pending
                request.pendingSpec = nil
            }
            request.earliestRunAt = backOff ? request.nextRunTime() : now
            request.record(WorkDecision(time: now, outcome: .stopped(reason)))
        }
        t.stoppedNow.insert(state.requests[index].id)
    }
}
