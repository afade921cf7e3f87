import Foundation

/// One reading of a repeating window: inside it until `closesAt`, or outside it until `opensAt`.
public enum AndroidWindow: Sendable, Equatable {
    /// Inside the window; it closes at this date.
    case open(closesAt: Date)
    /// Outside the window; the next one opens at this date.
    case closed(opensAt: Date)
}

extension AndroidSystemModel {
    /// The anchor of bucket windows when the state has no `bucketSince`: 2001-01-01 00:00 UTC.
    static let windowEpoch = Date(timeIntervalSinceReferenceDate: 0)

    /// The bucket at `now`, with the date it was entered: the stored bucket, or restricted once the app has gone
    /// `restrictAfterUnused` seconds unopened (counted from the later of the last open and the last bucket set).
    public func bucket(now: Date) -> (bucket: StandbyBucket, since: Date?) {
        if let due = autoRestrictDate, now >= due { return (.restricted, due) }
        return (state.bucket, state.bucketSince)
    }

    /// When the unused-app rule moves the app to restricted (nil: off, never opened, or already restricted).
    var autoRestrictDate: Date? {
        guard let unused = policy.restrictAfterUnused, let opened = state.lastOpenedAt, state.bucket != .restricted
        else { return nil }
        return max(opened, state.bucketSince ?? opened).addingTimeInterval(max(0, unused))
    }

    /// Whether the bucket's job limits apply now: not active, and on battery unless the bucket is restricted.
    func bucketLimitsApply(_ bucket: StandbyBucket) -> Bool {
        if bucket == .restricted { return true }
        if state.conditions.charging && policy.chargingLiftsBucketLimits { return false }
        return policy.jobWindowPeriod[bucket] != nil
    }

    /// The bucket's job window at `now` (nil: no limit applies — active, or lifted by charging).
    ///
    /// Windows open at `since + k × period` (k = 0, 1, …) and last `jobWindow` (`restrictedWindow` when
    /// restricted): a bucket's first window opens the moment the app enters it, as a fresh quota would.
    public func bucketWindow(now: Date) -> AndroidWindow? {
        let (bucket, since) = bucket(now: now)
        guard bucketLimitsApply(bucket), let raw = policy.jobWindowPeriod[bucket], raw > 0 else { return nil }
        let length = max(0, bucket == .restricted ? policy.restrictedWindow : policy.jobWindow)
        let anchor = since ?? Self.windowEpoch
        let index = (now.timeIntervalSince(anchor) / raw).rounded(.down)
        let start = anchor.addingTimeInterval(index * raw)
        let end = start.addingTimeInterval(length)
        return now < end ? .open(closesAt: end) : .closed(opensAt: start.addingTimeInterval(raw))
    }

    /// When the device dozes by itself (unplugged, screen off, quiet for `autoDozeAfter`), if it will and is not
    /// already dozing.
    var autoDozeDate: Date? {
        guard state.dozeSince == nil, let after = policy.autoDozeAfter, !state.conditions.charging, !state.screenOn,
            let off = state.screenOffSince
        else { return nil }
        return max(off, state.lastActivityAt ?? off).addingTimeInterval(max(0, after))
    }

    /// When the device entered Doze as of `now`: the stored date, or the automatic entry once it has come.
    func dozeSince(now: Date) -> Date? {
        if let since = state.dozeSince { return since }
        if let auto = autoDozeDate, now >= auto { return auto }
        return nil
    }

    /// Doze at `now`: off, dozing until the next maintenance window, or inside one.
    ///
    /// Window i opens `dozePeriod(i)` after the previous window closed (the first after entering Doze) and lasts
    /// `dozeMaintenanceWindow`; with the defaults, 1, 2, 4, 6, 6, … h apart ([C] community figure, §6.7).
    public func doze(now: Date) -> DozeState {
        guard let since = dozeSince(now: now) else { return .off }
        guard let first = policy.dozePeriod(0) else { return .dozing(nextWindowAt: nil) }
        let length = max(0, policy.dozeMaintenanceWindow)
        var open = since.addingTimeInterval(first)
        var index = 0
        while index < policy.dozeWindowPeriods.count - 1 {
            if now < open { return .dozing(nextWindowAt: open) }
            if now < open.addingTimeInterval(length) { return .maintenance(until: open.addingTimeInterval(length)) }
            index += 1
            open = open.addingTimeInterval(length + (policy.dozePeriod(index) ?? first))
        }
        // From here on every period is the last one: windows repeat every (period + length).
        let cycle = (policy.dozePeriod(index) ?? first) + length
        if now < open { return .dozing(nextWindowAt: open) }
        let k = (now.timeIntervalSince(open) / cycle).rounded(.down)
        let start = open.addingTimeInterval(k * cycle)
        let end = start.addingTimeInterval(length)
        return now < end ? .maintenance(until: end) : .dozing(nextWindowAt: start.addingTimeInterval(cycle))
    }

    /// Whether battery saver is on at `now`: switched on (or the shared Low Power Mode, if followed) and not charging
    /// (Android turns battery saver off on a charger — [NF] in §6, assumed).
    public var batterySaverOn: Bool {
        guard !state.conditions.charging else { return false }
        return state.batterySaver || (policy.batterySaverFollowsLowPowerMode && state.conditions.lowPowerMode)
    }

    /// Whether the device is idle for `requiresDeviceIdle`: dozing, or the screen off for `deviceIdleAfterScreenOff`.
    public func deviceIdle(now: Date) -> Bool {
        if doze(now: now) != .off { return true }
        guard let off = deviceIdleDate else { return false }
        return now >= off
    }

    /// When the screen-off time makes the device idle (nil: the screen is on).
    var deviceIdleDate: Date? {
        guard !state.screenOn, let off = state.screenOffSince else { return nil }
        return off.addingTimeInterval(max(0, policy.deviceIdleAfterScreenOff))
    }
}
