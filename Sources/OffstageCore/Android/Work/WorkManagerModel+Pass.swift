import Foundation

/// What the scheduling pass decides for one ENQUEUED or BLOCKED request.
enum WorkVerdict: Equatable {
    /// It waits for this reason.
    case wait(WorkWaitReason)
    /// It starts now, as expedited work or regular; `consumesQuota`: it uses one unit of expedited quota.
    case run(expedited: Bool, consumesQuota: Bool)
    /// Expedited with `DROP_WORK_REQUEST` and out of quota: it is dropped.
    case drop
}

extension WorkManagerModel {
    /// Stops running workers that must stop, then starts every eligible request, in enqueue order.
    mutating func schedulingPass(in t: inout WorkTransition) {
        let now = t.now
        for index in state.requests.indices where state.requests[index].state == .running {
            if let reason = stopReason(index, now: now) {
                stop(index, reason: reason, backOff: reason == .timeout, emit: true, in: &t)
            }
        }
        for index in state.requests.indices where !t.stoppedNow.contains(state.requests[index].id) {
            guard let verdict = verdict(index, now: now) else { continue }
            switch verdict {
            case .wait(let reason):
                if state.requests[index].decisions.last?.outcome != .waiting(reason) {
                    update(index, in: &t) { $0.record(WorkDecision(time: now, outcome: .waiting(reason))) }
                }
            case .run:
                guard state.environment.workersCanStart else {
                    // Nothing holds it but the missing engine: it starts at the next `offstage run`.
                    if state.requests[index].decisions.last?.outcome != .waiting(.eligible) {
                        update(index, in: &t) { $0.record(WorkDecision(time: now, outcome: .waiting(.eligible))) }
                    }
                    continue
                }
                if case .run(let expedited, let consumesQuota) = verdict {
                    start(index, expedited: expedited, bypassed: false, consumesQuota: consumesQuota, in: &t)
                }
            case .drop:
                let id = state.requests[index].id
                update(index, in: &t) { request in
                    request.state = .cancelled
                    request.finishedAt = now
                    request.record(WorkDecision(time: now, outcome: .dropped))
                }
                cascade(from: id, to: .cancelled, in: &t)
            }
        }
    }

    /// Why running request `index` must stop now, if it must. Checked in this order: the 10-minute limit
    /// (TIMEOUT, unless foreground), then — unless `work run` started it — its constraints (CONSTRAINT_*), then —
    /// unless it runs expedited or as a foreground service — the system's gate: Doze and battery saver give
    /// DEVICE_STATE, a closed or ended bucket window APP_STANDBY, the user's restriction BACKGROUND_RESTRICTION,
    /// a network the bucket disabled CONSTRAINT_CONNECTIVITY.
    func stopReason(_ index: Int, now: Date) -> WorkStopReason? {
        let request = state.requests[index]
        guard let run = request.run else { return nil }
        if let deadline = run.deadline, now >= deadline { return .timeout }
        if run.bypassed { return nil }
        if let unmet = request.spec.constraints.firstUnmet(state.environment.inputs) { return unmet.stop }
        let needsNetwork = request.spec.constraints.needsNetwork
        switch state.environment.gate {
        case .closed(.backgroundRestricted, _):
            return run.notification == nil ? .backgroundRestriction : nil
        case .closed(let deferral, _):
            if run.expedited || run.notification != nil { return nil }
            switch deferral {
            case .doze, .batterySaver: return .deviceState
            case .bucketWindow, .restrictedBucket: return .appStandby
            case .networkDisabled: return needsNetwork ? .constraintConnectivity : nil
            case .backgroundRestricted: return .backgroundRestriction
            case .forceStopped: return .user
            }
        case .open(let closesAt, let networkAllowed):
            if run.expedited || run.notification != nil { return nil }
            if let closesAt, now >= closesAt { return .appStandby }
            if !networkAllowed && needsNetwork { return .constraintConnectivity }
            return nil
        }
    }

    /// The verdict for request `index` (nil unless ENQUEUED or BLOCKED). What holds it is checked in this
    /// order, and the first found is its reason: its chain (BLOCKED), its time (initial delay, backoff, next
    /// period), its constraints (network, charging, battery not low, idle, storage not low), then the system.
    ///
    /// The system part. Expedited work runs when the app is in the foreground (quota is not counted then) or
    /// while quota is left, exempt from bucket windows, Doze, battery saver and the bucket's network ban — an
    /// ASSUMPTION: the reference (§6.6) says only that quota applies; JobScheduler's expedited jobs are documented
    /// as exempt from those restrictions while their quota lasts. The user's background restriction still holds
    /// it. Out of quota, DROP_WORK_REQUEST drops it (ASSUMPTION: marked CANCELLED, dependents too) and
    /// RUN_AS_NON_EXPEDITED makes it regular work: the gate decides, and if the gate holds it the reason is the
    /// spent quota. Regular work needs the gate open, its window not yet ended, and the network allowed if it
    /// needs one.
    func verdict(_ index: Int, now: Date) -> WorkVerdict? {
        let request = state.requests[index]
        if request.state == .blocked { return .wait(.blocked(by: blockingNames(index))) }
        guard request.state == .enqueued else { return nil }
        if request.earliestRunAt > now { return .wait(timeReason(request)) }
        if let unmet = request.spec.constraints.firstUnmet(state.environment.inputs) { return .wait(unmet.reason) }
        let environment = state.environment
        let hold = gateHold(needsNetwork: request.spec.constraints.needsNetwork, now: now)
        if let policy = request.spec.expedited {
            if case .deferred(.backgroundRestricted, _)? = hold { return .wait(hold ?? .eligible) }
            if environment.appInForeground { return .run(expedited: true, consumesQuota: false) }
            if environment.expeditedQuotaLeft > 0 { return .run(expedited: true, consumesQuota: true) }
            if policy == .drop { return .drop }
            if hold != nil { return .wait(.expeditedQuotaSpent(until: environment.expeditedQuotaBackAt)) }
            return .run(expedited: false, consumesQuota: false)
        }
        if let hold { return .wait(hold) }
        return .run(expedited: false, consumesQuota: false)
    }

    /// What the request's time waits for: backoff after a retry or timeout, else the period (periodic) or the
    /// initial delay.
    func timeReason(_ request: WorkRequest) -> WorkWaitReason {
        if request.backedOff && request.runAttemptCount > 0 {
            return .backoff(until: request.earliestRunAt, attempt: min(request.runAttemptCount, Int.max - 1) + 1)
        }
        if request.spec.isPeriodic && !(request.periodCount == 0 && request.spec.initialDelay > 0) {
            return .nextPeriod(at: request.earliestRunAt)
        }
        return .initialDelay(until: request.earliestRunAt)
    }

    /// How the system's gate holds regular work now (nil: it lets it run).
    func gateHold(needsNetwork: Bool, now: Date) -> WorkWaitReason? {
        switch state.environment.gate {
        case .closed(let deferral, let opensAt):
            if deferral == .networkDisabled && !needsNetwork { return nil }
            return .deferred(deferral, opensAt: opensAt)
        case .open(let closesAt, let networkAllowed):
            if let closesAt, now >= closesAt { return .deferred(.bucketWindow, opensAt: nil) }
            if !networkAllowed && needsNetwork { return .deferred(.networkDisabled, opensAt: nil) }
            return nil
        }
    }
}
