import Foundation

extension AndroidSystemModel {
    /// What WorkManager sees of the system at `now`: the job gate, the constraint facts, the expedited quota and
    /// whether the app is in the foreground; `workersCanStart` is false while no engine runs to start a worker.
    public func workEnvironment(now: Date, workersCanStart: Bool = true) -> WorkEnvironment {
        WorkEnvironment(
            gate: gate(now: now), inputs: constraintInputs(now: now), expeditedQuotaLeft: expeditedQuotaLeft(now: now),
            expeditedQuotaBackAt: expeditedQuotaRefillAt(now: now), appInForeground: state.phase == .foreground,
            workersCanStart: workersCanStart, foregroundServiceRefusal: foregroundStartRefusal(fromWorker: true))
    }

    /// Whether the system lets the app's regular (non-expedited) jobs run at `now`, and why not.
    ///
    /// The first hold that applies wins: force-stop, background restriction, Doze (outside a maintenance window),
    /// battery saver, then the bucket's window. An open gate closes at the earliest of the maintenance window's and
    /// the bucket window's ends. The restricted bucket never allows the network, and the rare bucket not while its
    /// limits apply (on battery): the power-details table gives both "network disabled" ([A], §6.7).
    public func gate(now: Date) -> AndroidJobGate {
        if state.forceStopped { return .closed(.forceStopped, opensAt: nil) }
        if state.backgroundRestricted { return .closed(.backgroundRestricted, opensAt: nil) }
        var closesAt: Date?
        switch doze(now: now) {
        case .off: break
        case .dozing(let next): return .closed(.doze, opensAt: next)
        case .maintenance(let until): closesAt = until
        }
        if batterySaverOn { return .closed(.batterySaver, opensAt: nil) }
        let bucket = bucket(now: now).bucket
        let window = bucketWindow(now: now)
        switch window {
        case nil: break
        case .closed(let opensAt)?:
            return .closed(bucket == .restricted ? .restrictedBucket : .bucketWindow, opensAt: opensAt)
        case .open(let end)?: closesAt = closesAt.map { min($0, end) } ?? end
        }
        let networkAllowed = bucket != .restricted && !(bucket == .rare && window != nil)
        return .open(closesAt: closesAt, networkAllowed: networkAllowed)
    }

    /// Whether the system lets an expedited job start at `now` (quota aside): only force-stop and background
    /// restriction hold it; Doze, battery saver and bucket windows do not ([NF] in §6: Android describes expedited
    /// jobs as exempt from those, assumed here), and it may use the network.
    public func expeditedGate(now: Date) -> AndroidJobGate {
        if state.forceStopped { return .closed(.forceStopped, opensAt: nil) }
        if state.backgroundRestricted { return .closed(.backgroundRestricted, opensAt: nil) }
        return .open(closesAt: nil, networkAllowed: true)
    }

    /// Expedited jobs the app may still start at `now`: the bucket's allowance minus the jobs counted in the
    /// rolling `expeditedWindow`; 0 while force-stopped or background-restricted (no job runs then).
    public func expeditedQuotaLeft(now: Date) -> Int {
        if state.forceStopped || state.backgroundRestricted { return 0 }
        let allowance = max(0, policy.expeditedJobsPerWindow[bucket(now: now).bucket])
        return max(0, allowance - countedExpedited(now: now).count)
    }

    /// When the oldest counted expedited job leaves the rolling window, returning one to the quota (nil: none counted).
    public func expeditedQuotaRefillAt(now: Date) -> Date? {
        countedExpedited(now: now).first.map { $0.addingTimeInterval(policy.expeditedWindow) }
    }

    /// The expedited starts inside the rolling window ending at `now`, oldest first.
    func countedExpedited(now: Date) -> [Date] {
        let from = now.addingTimeInterval(-policy.expeditedWindow)
        return state.expeditedStarts.filter { $0 > from && $0 <= now }
    }

    /// The facts WorkManager checks constraints against, from the shared `device` and this model's state at `now`:
    /// Wi-Fi unmetered, cellular metered; roaming only on cellular; battery low at or under `lowBatteryLevel` when
    /// not charging.
    public func constraintInputs(device: DeviceConditions, now: Date) -> AndroidConstraintInputs {
        AndroidConstraintInputs(
            network: device.network, roaming: state.roaming && device.network == .cellular, charging: device.charging,
            batteryLow: !device.charging && device.batteryLevel <= policy.lowBatteryLevel,
            deviceIdle: deviceIdle(now: now), storageLow: state.storageLow)
    }

    /// The constraint inputs from the conditions this model last heard of.
    public func constraintInputs(now: Date) -> AndroidConstraintInputs {
        constraintInputs(device: state.conditions, now: now)
    }

    /// The next date after `now` at which a reading changes by itself: a bucket or Doze window opening or closing,
    /// automatic Doze, the unused-app fall to restricted, an expedited job returning to the quota, the device
    /// becoming idle (nil: nothing is due).
    public func nextDeadline(now: Date) -> Date? {
        var dates: [Date] = []
        switch bucketWindow(now: now) {
        case .open(let end)?: dates.append(end)
        case .closed(let start)?: dates.append(start)
        case nil: break
        }
        switch doze(now: now) {
        case .off:
            if let auto = autoDozeDate { dates.append(auto) }
            if let idle = deviceIdleDate { dates.append(idle) }
        case .dozing(let next): if let next { dates.append(next) }
        case .maintenance(let until): dates.append(until)
        }
        if let due = autoRestrictDate { dates.append(due) }
        dates += countedExpedited(now: now).map { $0.addingTimeInterval(policy.expeditedWindow) }
        if let idle = backgroundServicesStopAt { dates.append(idle) }
        return dates.filter { $0 > now }.min()
    }
}
