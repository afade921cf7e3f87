import Foundation

/// The system side's BG task scheduler (dasd + BGTaskScheduler) for one app, with no I/O.
///
/// Every input is a `SchedulerEvent` with the wall-clock time and the steady time it happened; every output
/// is a list of `SchedulerAction`s, the first of which is the one `.commit` of the change (when anything
/// changed). Illegal calls return `.refuse(reason)` (or, where iOS raises an exception, `.crashApp`), never trap.
///
/// Usage: create it with the app's configuration, the policy and the persisted state (or a fresh one), send
/// `.started`, then feed events. Ask `explain(now:steady:)` why each request waits, `pendingTaskRequests`
/// for Apple's `getPendingTaskRequests`.
public struct TaskScheduler: Sendable, Equatable {
    /// The app's Info.plist keys and handlers.
    public var configuration: AppTaskConfiguration
    /// The policy.
    public var policy: SchedulerPolicy
    /// Everything to persist.
    public internal(set) var state: TaskSchedulerState
    /// Whether commits carry event-log lines (default true; virtual-time replays switch it off for speed).
    public var writesEventLog = true
    /// Whether a process that does not run the app applies one request change (no engine runs): time since the
    /// last event counts as across a restart (the host advances `clock` so), and due wakes and deadlines wait for
    /// the next `.started`.
    public var appliesOffline = false

    /// A scheduler for an app; `state` is what the store held (nil: a fresh install seeded with `seed`); the user's
    /// day is in `timeZone` (the runtime passes the local one; replays and tests keep UTC).
    public init(
        configuration: AppTaskConfiguration, policy: SchedulerPolicyConfiguration = SchedulerPolicyConfiguration(),
        state: TaskSchedulerState? = nil, seed: UInt64 = 0,
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current
    ) {
        self.configuration = configuration
        self.policy = SchedulerPolicy(configuration: policy, timeZone: timeZone)
        self.state = state ?? TaskSchedulerState(policy: policy, seed: seed)
    }

    /// The parameters.
    var parameters: SchedulerPolicyConfiguration { policy.configuration }

    /// Apple's `getPendingTaskRequests`: copies of the requests submitted and not yet launched.
    public var pendingTaskRequests: [BGTaskRequest] { state.pending.map(\.request) }

    /// The model's steady time base, persisted with the scheduler's state: the host advances it once per input
    /// (`SteadyClock.advance`) and hands the same steady time to the scheduler and the app's life cycle.
    public var clock: SteadyClock {
        get { state.clock }
        set { state.clock = newValue }
    }

    /// Advances `clock` to wall time `now` and monotonic time `monotonic` (re-anchored at a start, `restarting`, and
    /// for every offline apply) and returns the steady time to hand the scheduler and the life cycle.
    public mutating func readSteady(now: Date, monotonic: Double, restarting: Bool = false) -> Double {
        clock.advance(now: now, monotonic: monotonic, restarting: restarting || appliesOffline)
    }

    /// Reacts to one event at wall time `now` and steady time `steady` (read from `clock`); a wall-clock jump the
    /// clock saw beyond the tolerance shifts the pending earliest dates.
    public mutating func handle(_ event: SchedulerEvent, now: Date, steady: Double) -> [SchedulerAction] {
        var t = SchedulerTransition(now: now, steady: steady, logging: writesEventLog)
        let usageBefore = state.usage
        let jump = state.clock.takeWallJump()
        if abs(jump) > parameters.clockJumpTolerance { shiftEarliestDates(by: jump, in: &t) }
        state.budget.accrue(to: t.steady, parameters)
        state.dataBudget.accrue(to: t.steady, parameters)
        switch event {
        case .started: restart(in: &t)
        case .deviceChanged(let device): changeDevice(device, in: &t)
        case .appBackgroundRefreshChanged(let on): switchBackgroundRefreshForApp(on, in: &t)
        case .timerFired: break
        case .userOpenedApp: userOpened(in: &t)
        case .appChanged(let view, let why): appChanged(view, why: why, in: &t)
        case .appFinishedLaunching: finishLaunching(in: &t)
        case .register(let identifier): register(identifier, in: &t)
        case .submit(let request): submit(request, in: &t)
        case .cancel(let identifier): cancel(identifier, in: &t)
        case .cancelAll: cancelAll(in: &t)
        case .expirationHandlerSet(let identifier): setExpirationHandler(identifier, in: &t)
        case .taskCompleted(let identifier, let success): complete(identifier, success: success, in: &t)
        case .simulateLaunch(let identifier): simulateLaunch(identifier, in: &t)
        case .simulateExpiration(let identifier): simulateExpiration(identifier, in: &t)
        }
        if !appliesOffline {
            enforceDeadlines(in: &t)
            if let wake = state.nextWakeAt, wake <= t.steady { runWake(in: &t) }
        }
        if state.nextWakeAt == nil && !state.pending.isEmpty { scheduleNextWake(after: t.steady, in: &t) }
        if let wake = nextWakeUp() { t.actions.append(.wake(atSteady: wake)) }
        return t.finish(state, usageChanged: state.usage != usageBefore)
    }

    /// The wall clock jumped (set forward or back) against steady time: pending earliest dates move with it.
    private mutating func shiftEarliestDates(by jump: Double, in t: inout SchedulerTransition) {
        for index in state.pending.indices {
            state.pending[index].request.earliestBeginDate = state.pending[index].request.earliestBeginDate.map {
                $0 + jump
            }
        }
        t.log(
            .clockJumped, "clock",
            "wall clock jumped \(jump > 0 ? "forward" : "back") \(DurationText.short(abs(jump)))"
                + (state.pending.isEmpty ? "" : "; earliest dates shifted with it"))
    }

    /// The earliest steady time something is due: the policy wake, an expiration handler, a deadline.
    func nextWakeUp() -> Double? {
        var wake = state.nextWakeAt
        for task in state.running where task.handlerCalled {
            let due = task.expirationCalled ? task.deadline : task.expirationAt
            wake = min(wake ?? due, due)
        }
        return wake
    }

    /// Sets the next policy wake one jittered interval after `steady`.
    mutating func scheduleNextWake(after steady: Double, in t: inout SchedulerTransition) {
        let jitter = parameters.wakeJitter
        let factor = jitter > 0 ? state.random.uniform((1 - jitter)...(1 + jitter)) : 1
        state.nextWakeAt = steady + parameters.wakeInterval * factor
        t.changed = true
    }

    /// A policy wake: decides every pending request, launches the eligible ones, and logs the decisions.
    private mutating func runWake(in t: inout SchedulerTransition) {
        state.nextWakeAt = nil
        var limiterEnd: Double?
        for pending in state.pending {
            let reason = policy.blockingReason(for: pending, state: state, now: t.now, steady: t.steady)
            record(
                SchedulerDecision(time: t.now, identifier: pending.identifier, launched: reason == nil, reason: reason),
                in: &t)
            if let reason {
                if case .relaunchLimiter(let remaining) = reason { limiterEnd = t.steady + remaining }
                continue
            }
            launch(pending, simulated: false, in: &t)
        }
        if state.pending.isEmpty { return }
        scheduleNextWake(after: t.steady, in: &t)
        if let limiterEnd, let next = state.nextWakeAt, limiterEnd < next { state.nextWakeAt = limiterEnd }
    }

    /// Appends a decision to the bounded in-memory log and to the transition.
    mutating func record(_ decision: SchedulerDecision, in t: inout SchedulerTransition) {
        state.decisions.append(decision)
        let overflow = state.decisions.count - parameters.decisionLogLimit
        if overflow > 0 { state.decisions.removeFirst(overflow) }
        t.decisions.append(decision)
        t.changed = true
    }
}
