import Foundation

/// The BG scheduler's policy: given the state, the device and the time, whether a pending request may launch
/// now, and if not, the first reason that holds it (checked in a fixed order, so the answer is stable).
public struct SchedulerPolicy: Sendable, Equatable {
    /// The parameters.
    public var configuration: SchedulerPolicyConfiguration
    /// The time zone of the user's day: hours of use are learned and forecast in it.
    public var timeZone: TimeZone

    /// A policy with these parameters, learning hours of use in `timeZone` (default UTC).
    public init(
        configuration: SchedulerPolicyConfiguration = SchedulerPolicyConfiguration(),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current
    ) {
        self.configuration = configuration
        self.timeZone = timeZone
    }

    /// Credits a launch of this identifier costs: `launchCost` for app refresh, `processingLaunchCost` for
    /// processing, times the penalty multiplier while the identifier has strikes.
    public func launchCost(_ request: BGTaskRequest, state: TaskSchedulerState) -> Double {
        let base = request.kind == .appRefresh ? configuration.launchCost : configuration.processingLaunchCost
        let strikes = state.penalties[request.identifier]?.strikes ?? 0
        return base * (strikes > 0 ? configuration.penaltyCostMultiplier : 1)
    }

    /// Why `pending` may not launch at wall time `now` / steady time `steady`, or nil when it may.
    ///
    /// `state.budget` must already be accrued to `steady`.
    public func blockingReason(
        for pending: PendingTaskRequest, state: TaskSchedulerState,
        now: Date, steady: Double
    ) -> WaitReason? {
        let c = configuration
        let request = pending.request
        let device = state.device
        if !device.conditions.backgroundRefresh { return .backgroundRefreshOff }
        if !state.backgroundRefreshForApp { return .backgroundRefreshOffForApp }
        if state.app.forceQuit { return .appSwipedAway }
        if !handlerMayExist(request.identifier, state: state) { return .noHandlerRegistered }
        if let earliest = request.earliestBeginDate, earliest > now {
            return .earliestIn(earliest.timeIntervalSince(now))
        }
        if state.runningTask(request.identifier) != nil { return .alreadyRunning }
        if let penalty = state.penalties[request.identifier], penalty.until > steady {
            return .penalisedUntil(now + (penalty.until - steady))
        }
        if device.conditions.lowPowerMode { return .lowPowerMode }
        if device.batteryCriticallyLow(below: c.criticalBatteryLevel) {
            return .batteryCriticallyLow(device.conditions.batteryLevel)
        }
        if request.requiresExternalPower && !device.conditions.charging { return .needsExternalPower }
        if request.requiresNetworkConnectivity && device.conditions.network == .offline { return .needsNetwork }
        if request.kind == .processing {
            if !state.budget.usedRecently(at: steady, c) { return .appNotUsedRecently }
            if device.inUse { return .deviceInUse }
            if !device.conditions.charging {
                let since = request.earliestBeginDate ?? pending.submittedAt
                let waited = now.timeIntervalSince(since)
                if waited < c.processingOnBatteryAfter {
                    return .prefersExternalPower(runsOnBatteryIn: c.processingOnBatteryAfter - waited)
                }
            }
        }
        if state.app.phase.isForeground { return .appInForeground }
        if request.kind == .appRefresh, let hold = usageHold(state.usage, now: now, steady: steady) {
            return hold
        }
        let cost = launchCost(request, state: state)
        let promised = processingPromiseDue(pending, now: now)
        if cost > 0 && !state.budget.canAfford(cost) && !promised {
            return .budgetSpent(nextCreditIn: state.budget.timeUntilAffordable(cost, at: steady, c))
        }
        if usesCellularData(request, device: device) && !state.dataBudget.canAfford(c.dataLaunchCost)
            && !promised
        {
            return .dataBudgetSpent(
                nextCreditIn: state.dataBudget.timeUntilAffordable(c.dataLaunchCost, c))
        }
        if state.launchWouldResumeApp {
            // The one limiter is the life cycle's, on the same steady time.
            let remaining = max(0, state.app.relaunchAllowedAt - steady)
            if remaining > 0 { return .relaunchLimiter(remaining) }
        }
        return nil
    }

    /// Whether a processing request has waited `processingOnBatteryAfter` past its earliest date: Apple attempts
    /// processing "within the next two days as long as the user has used your app within the past week"
    /// (BGTaskRequest.h), so from then on a spent budget no longer holds it (the launch takes what credit is left).
    public func processingPromiseDue(_ pending: PendingTaskRequest, now: Date) -> Bool {
        guard pending.request.kind == .processing else { return false }
        let since = pending.request.earliestBeginDate ?? pending.submittedAt
        return now.timeIntervalSince(since) >= configuration.processingOnBatteryAfter
    }

    /// Whether the app can have a handler for the identifier: registered in the running process, or, when the
    /// app is not running, registered at its last finished launch (unknown before the first launch: yes).
    public func handlerMayExist(_ identifier: String, state: TaskSchedulerState) -> Bool {
        if state.launching { return true }
        if state.app.phase.hasProcess { return state.registered.contains(identifier) }
        return state.lastLaunchRegistered?.contains(identifier) ?? true
    }
}
