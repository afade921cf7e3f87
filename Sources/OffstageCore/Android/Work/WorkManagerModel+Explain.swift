import Foundation

extension WorkManagerModel {
    /// Why request `id` is not running now (ENQUEUED or BLOCKED only): the first thing holding it, in the order
    /// `verdict` documents; `.eligible` when nothing does (it starts at the next pass).
    public func waitReason(for id: String, now: Date) -> WorkWaitReason? {
        guard let index = index(of: id), let verdict = verdict(index, now: now) else { return nil }
        switch verdict {
        case .wait(let reason): return reason
        case .run: return .eligible
        case .drop: return .expeditedQuotaSpent(until: state.environment.expeditedQuotaBackAt)
        }
    }

    /// The earliest date after `now` at which something changes by itself: a delay, backoff or period ends, a
    /// running worker reaches its 10-minute limit, the job window closes or opens, expedited quota returns.
    public func nextWake(now: Date) -> Date? {
        var wake: Date?
        func consider(_ date: Date?) {
            guard let date, date > now else { return }
            wake = min(wake ?? date, date)
        }
        var waiting = false
        var running = false
        for request in state.requests {
            switch request.state {
            case .enqueued:
                waiting = true
                consider(request.earliestRunAt)
                if request.spec.expedited != nil { consider(state.environment.expeditedQuotaBackAt) }
            case .running:
                running = true
                consider(request.run?.deadline)
            default: break
            }
        }
        switch state.environment.gate {
        case .open(let closesAt, _): if waiting || running { consider(closesAt) }
        case .closed(_, let opensAt): if waiting { consider(opensAt) }
        }
        return wake
    }

    /// Every request as a view shows it, in enqueue order.
    public func snapshots(now: Date) -> [WorkSnapshot] {
        state.requests.map { request in
            WorkSnapshot(
                id: request.id, name: request.name, tags: request.spec.tags, state: request.state,
                periodic: request.spec.kind.schedule, expedited: request.spec.expedited != nil,
                foreground: request.run?.notification != nil, runAttemptCount: request.runAttemptCount,
                nextScheduleAt: request.state == .enqueued ? request.earliestRunAt : nil,
                reason: waitReason(for: request.id, now: now), stopReason: request.stopReason,
                runDeadline: request.run?.deadline, constraints: request.spec.constraints.text)
        }
    }

    /// Request `id`'s decision log, oldest first.
    public func decisions(for id: String) -> [WorkDecision] {
        index(of: id).map { state.requests[$0].decisions } ?? []
    }
}
