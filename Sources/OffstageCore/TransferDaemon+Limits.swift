import Foundation

/// Rate limits: the engine's, shared by every running request, and each task's own; applied to running requests at
/// once.
extension TransferDaemon {
    /// Sets or lifts the engine-wide limit; running requests get their new share in this same transition.
    mutating func setRateLimit(_ limit: Int64?, in transition: inout Transition) {
        if let limit, !(RateLimit.minimum...RateLimit.maximum).contains(limit) {
            return transition.actions.append(.refuse("a rate limit is from 1k (1024 bytes a second) to 1t, or off"))
        }
        let running = attempts.count
        let applied =
            running == 0
            ? "no transfer runs now; it applies to the next ones"
            : "applied at once to \(Plural.count(running, "running transfer"))"
        guard limit != settings.rateLimit else {
            let now = limit.map { "the engine-wide limit is already " + RateLimit.describe($0) } ?? "no engine-wide limit is set"
            return transition.actions.append(.note(now))
        }
        settings.rateLimit = limit
        transition.changes.settings = settings
        let said =
            limit.map { "engine-wide limit \(RateLimit.describe($0)), shared by every running transfer; \(applied)" }
            ?? "engine-wide limit lifted; \(applied)"
        transition.log(.rateLimit, "engine", said)
        transition.actions.append(.note(said))
    }

    /// Sets or lifts one task's own limit; a running request gets it in this same transition.
    mutating func setTaskRateLimit(_ id: Int64, _ limit: Int64?, in transition: inout Transition) {
        guard var task = tasks[id] else { return transition.actions.append(.refuse("no task \(id)")) }
        if let limit, !(RateLimit.minimum...RateLimit.maximum).contains(limit) {
            return transition.actions.append(.refuse("a rate limit is from 1k (1024 bytes a second) to 1t, or off"))
        }
        guard !task.state.isTerminal else {
            return transition.actions.append(.refuse("task \(id) is \(task.state.rawValue); a limit would do nothing"))
        }
        let when = attempts[id] != nil ? "applied at once" : "applies when it runs"
        guard task.options.rateLimit != limit else {
            let now = limit.map { "task \(id)'s limit is already " + RateLimit.describe($0) } ?? "task \(id) has no limit of its own"
            return transition.actions.append(.note(now))
        }
        task.options.rateLimit = limit
        update(task, in: &transition)
        let said = limit.map { "limit \(RateLimit.describe($0)); \(when)" } ?? "limit lifted; \(when)"
        transition.log(.rateLimit, task.subject, said)
        transition.actions.append(.note("task \(id): \(said)"))
    }

    /// Gives every request in flight its rate: its task's own limit, or its share of the engine's when that is lower.
    /// Requests starting in this transition carry theirs in `.start`; running ones whose rate changed get `.limit`.
    /// Runs after every event but progress: with no limit anywhere it returns at once, and it reads the limits from the
    /// index (copying a thousand running tasks per event to read their limits was a fifth of `many`'s CPU).
    mutating func applyRateLimits(in transition: inout Transition) {
        guard settings.rateLimit != nil || !appliedLimits.isEmpty || index.hasOwnLimit(among: attempts) else { return }
        var own: [Int64: Int64?] = [:]
        for id in attempts.keys { own[id] = .some(index.ownLimits[id]) }
        let shares = RateLimit.shares(total: settings.rateLimit, own: own)
        appliedLimits = appliedLimits.filter { attempts[$0.key] != nil }
        var starting: Set<Int64> = []
        for index in transition.actions.indices {
            guard case .start(var request) = transition.actions[index] else { continue }
            let share = shares[request.taskID] ?? nil
            request.rateLimit = share
            transition.actions[index] = .start(request)
            appliedLimits[request.taskID] = .some(share)
            starting.insert(request.taskID)
        }
        for id in attempts.keys.sorted() where !starting.contains(id) {
            let share = shares[id] ?? nil
            guard appliedLimits[id] != .some(share) else { continue }
            appliedLimits[id] = .some(share)
            transition.actions.append(.limit(taskID: id, bytesPerSecond: share))
        }
    }

    /// The rate the request of task `id` runs at now (nil: none, or not running).
    public func appliedRateLimit(_ id: Int64) -> Int64? {
        appliedLimits[id] ?? nil
    }
}
