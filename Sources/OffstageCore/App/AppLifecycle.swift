import Foundation

/// The system side's app life-cycle manager (UIKit + RunningBoard) for one app, with no I/O.
///
/// Every input is an `AppLifecycleEvent` with the wall-clock time and the steady time it happened; every output
/// is a list of `AppLifecycleAction`s, the first of which is the one `.commit` of the change (when anything
/// changed), and the last a `.wake(atSteady:)` when something is due later. Illegal events return
/// `.refuse(reason)` and change nothing, never trap. Before and after each event, everything due by `steady`
/// happens: expiration handlers, watchdog kills, suspension, delayed relaunches.
///
/// Steady time must never go back; across a `.processRestarted` it continues (the model's one `SteadyClock`
/// gives such a clock, shared with the BG scheduler).
public struct AppLifecycle: Sendable, Equatable {
    /// The timings and switches.
    public var policy: AppLifecyclePolicy
    /// Everything to persist.
    public internal(set) var state: AppLifecycleState

    /// A life-cycle manager; `state` is what the store held (nil: a fresh install).
    public init(policy: AppLifecyclePolicy = AppLifecyclePolicy(), state: AppLifecycleState? = nil) {
        self.policy = policy
        self.state = state ?? AppLifecycleState(policy: policy)
    }

    /// Where the app is.
    public var phase: AppLifecyclePhase { state.phase }

    /// Whether the user force-quit the app and has not opened it since.
    public var wasForceQuit: Bool { state.wasForceQuit }

    /// UIKit's `backgroundTimeRemaining` at steady time `steady` (see `AppLifecycleState`).
    public func backgroundTimeRemaining(steady: Double) -> Double {
        state.backgroundTimeRemaining(steady: steady, policy: policy)
    }

    /// Whether the system may launch or resume the app in the background at `steady`, and why not.
    public func canRelaunch(steady: Double) -> (allowed: Bool, reason: String) {
        state.canRelaunch(steady: steady)
    }

    /// Reacts to one event at wall time `now` and steady time `steady`.
    public mutating func handle(_ event: AppLifecycleEvent, now: Date, steady: Double) -> [AppLifecycleAction] {
        var t = AppLifecycleTransition(now: now, steady: steady)
        if event != .processRestarted { runDue(in: &t) }
        switch event {
        case .userOpened: userOpened(in: &t)
        case .userPressedHome: userLeft(why: "home screen", in: &t)
        case .userLockedDevice: userLeft(why: "device locked", in: &t)
        case .interruptionBegan: interruption(began: true, in: &t)
        case .interruptionEnded: interruption(began: false, in: &t)
        case .userForceQuit: forceQuit(in: &t)
        case .systemTerminated(let reason): systemTerminated(reason: reason, in: &t)
        case .processRestarted: reboot(in: &t)
        case .relaunchRequested(let session): relaunchRequested(session: session, in: &t)
        case .launchEventsOff(let session): holdForOpen(session: session, in: &t)
        case .beginBackgroundTask(let name, let handler): beginTask(name: name, hasExpirationHandler: handler, in: &t)
        case .endBackgroundTask(let id): endTask(id, in: &t)
        case .sessionEventsFinished(let token): sessionEventsFinished(token, in: &t)
        case .completionHandlerCalled(let token): completionHandlerCalled(token, in: &t)
        case .backgroundTaskLaunched(let id, let counted): backgroundTaskLaunched(id, counted: counted, in: &t)
        case .backgroundTaskEnded(let id): backgroundTaskEnded(id, in: &t)
        case .watchdogKilled(let code, let reason): watchdogKilled(code: code, reason: reason, in: &t)
        case .appCrashed(let exception): crashed(exception, in: &t)
        case .pushReceived(let push): pushReceived(push, in: &t)
        case .pushGateChanged(let gate): pushGateChanged(gate, in: &t)
        case .timerFired: break
        }
        runDue(in: &t)
        if let wake = nextWakeUp(after: steady) { t.actions.append(.wake(atSteady: wake)) }
        return t.finish(state)
    }

    /// Everything due by the transition's steady time, in order: expiration handlers, the background-task
    /// watchdog, completion-handler deadlines, suspension, then relaunches the rate limiter held back.
    private mutating func runDue(in t: inout AppLifecycleTransition) {
        expireTasks(in: &t)
        enforceTaskLimit(in: &t)
        enforceHandlerDeadlines(in: &t)
        endPushHold(in: &t)
        suspendIfIdle(in: &t)
        relaunchPendingIfAllowed(in: &t)
        deliverDeferredPush(in: &t)
    }

    /// Suspends the background app once the didEnterBackground grace has passed and nothing holds it running.
    private mutating func suspendIfIdle(in t: inout AppLifecycleTransition) {
        guard state.phase == .background, state.tasks.isEmpty, state.handlers.isEmpty, state.bgTasks.isEmpty,
            state.pushHoldUntil == nil,
            let since = state.backgroundSince, t.steady >= since + policy.didEnterBackgroundGrace
        else { return }
        state.phase = .suspended
        state.backgroundSince = nil
        t.log(.appLifecycle, "app", "background → suspended (no background task, no completion handler)")
        t.actions.append(.suspendApp)
    }

    /// The earliest steady time after `steady` something is due (nil: nothing).
    public func nextWakeUp(after steady: Double) -> Double? {
        var times: [Double] = state.handlers.map(\.deadline)
        if state.phase == .background, let since = state.backgroundSince, let end = state.backgroundEnd(policy) {
            if state.tasks.contains(where: { !$0.expired }) { times.append(end - policy.expirationLead) }
            if !state.tasks.isEmpty { times.append(end) }
            if let until = state.pushHoldUntil { times.append(until) }
            if state.tasks.isEmpty && state.handlers.isEmpty && state.bgTasks.isEmpty {
                times.append(since + policy.didEnterBackgroundGrace)
            }
        }
        if !state.pendingRelaunches.isEmpty { times.append(state.limiter.delayEndsAt) }
        if let slot = deferredPushSlot(after: steady) { times.append(slot) }
        return times.filter { $0 > steady }.min()
    }

    /// Ends the app's process: no background tasks, no BG tasks, no completion handlers, not running.
    mutating func endProcess(_ termination: AppTermination) {
        state.phase = .notRunning
        state.backgroundSince = nil
        state.tasks = []
        state.bgTasks = []
        state.handlers = []
        state.pushHoldUntil = nil
        state.lastTermination = termination
    }

    /// Refuses the event: no change, only the reason.
    func refuse(_ reason: String, in t: inout AppLifecycleTransition) {
        t.actions.append(.refuse(reason))
    }
}
