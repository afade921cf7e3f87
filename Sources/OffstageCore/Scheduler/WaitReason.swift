import Foundation

/// Why a pending request is not running now; `text` renders it as a short human string.
public enum WaitReason: Codable, Sendable, Equatable, Hashable {
    /// Its earliest begin date is this many seconds away.
    case earliestIn(Double)
    /// It requires external power and the device is on battery.
    case needsExternalPower
    /// It requires a network and the device is offline.
    case needsNetwork
    /// The energy budget is spent; the next credit comes in this many seconds (nil: only when the app is opened).
    case budgetSpent(nextCreditIn: Double?)
    /// The cellular data budget is spent; the next credit comes in this many seconds (nil: never, the capacity is
    /// below one launch's cost).
    case dataBudgetSpent(nextCreditIn: Double?)
    /// App refresh waits for the hour before the app's usual use, which starts at this date.
    case awaitingLikelyUse(usualOpen: Date)
    /// App refresh waits: at no hour of the day is the app opened often enough to expect use.
    case noUseExpected
    /// The app did not register a handler for it at its last launch.
    case noHandlerRegistered
    /// The device's Background App Refresh switch is off (Settings → General).
    case backgroundRefreshOff
    /// The app's own Background App Refresh switch is off (Settings → the app).
    case backgroundRefreshOffForApp
    /// Low Power Mode is on.
    case lowPowerMode
    /// The battery is critically low (this level, %) and not charging.
    case batteryCriticallyLow(Int)
    /// A processing task waits for the device to be idle.
    case deviceInUse
    /// A processing task prefers external power; it runs on battery after this many more seconds.
    case prefersExternalPower(runsOnBatteryIn: Double)
    /// A processing task of an app not opened within the past week.
    case appNotUsedRecently
    /// The relaunch rate limiter holds the app for this many seconds.
    case relaunchLimiter(Double)
    /// The identifier was penalised until this wall-clock date.
    case penalisedUntil(Date)
    /// The user swiped the app away in the app switcher; nothing runs until they open it again.
    case appSwipedAway
    /// The app is in the foreground; background tasks wait until it leaves.
    case appInForeground
    /// A task with this identifier is running now.
    case alreadyRunning
    /// Nothing holds it: it launches at the next scheduler wake, in this many seconds.
    case eligible(nextWakeIn: Double?)

    /// The short human string, e.g. `earliest in 12 min`; dates in `timeZone` as `HH:mm`.
    public func text(timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) -> String {
        switch self {
        case .earliestIn(let s): "earliest in \(DurationText.short(s))"
        case .needsExternalPower: "needs external power"
        case .needsNetwork: "needs a network"
        case .budgetSpent(let s?): "energy budget spent, next credit in \(DurationText.short(s))"
        case .budgetSpent(nil): "energy budget spent, next credit when the app is opened"
        case .dataBudgetSpent(let s?):
            "data budget spent on cellular, next credit in \(DurationText.short(s))"
        case .dataBudgetSpent(nil): "data budget spent on cellular; it waits for Wi-Fi"
        case .awaitingLikelyUse(let date):
            "the app is usually opened around \(DurationText.clock(date, timeZone: timeZone)); "
                + "refresh likely shortly before"
        case .noUseExpected: "no use expected: the app has no usual time of day yet"
        case .noHandlerRegistered: "no handler registered at launch"
        case .backgroundRefreshOff: "Background App Refresh is off on this device"
        case .backgroundRefreshOffForApp: "Background App Refresh is off for this app"
        case .lowPowerMode: "Low Power Mode"
        case .batteryCriticallyLow(let level): "battery critically low (\(level)%)"
        case .deviceInUse: "device in use"
        case .prefersExternalPower(let s): "waiting for external power (runs on battery in \(DurationText.short(s)))"
        case .appNotUsedRecently: "app not used in the past week"
        case .relaunchLimiter(let s): "waiting for the relaunch limiter (\(DurationText.short(s)))"
        case .penalisedUntil(let date): "penalised until \(DurationText.clock(date, timeZone: timeZone))"
        case .appSwipedAway: "app swiped away by the user"
        case .appInForeground: "app in the foreground"
        case .alreadyRunning: "already running"
        case .eligible: "eligible — waiting for the next scheduler wake"
        }
    }
}

/// Short renderings of durations and times of day for reasons and reports.
public enum DurationText {
    /// `45 s`, `12 min`, `3 h`, `24 d` (one unit, rounded up, so a wait never reads as shorter than it is and a
    /// column of them stays narrow); from a year on in years and months (`9 y 11 mo`; `LongDuration`).
    public static func short(_ seconds: Double) -> String {
        let s = Clamped.within(seconds, 0...Double.greatestFiniteMagnitude)
        if s < 60 { return "\(Clamped.int(s.rounded(.up))) s" }
        if s < 3600 { return "\(Clamped.int((s / 60).rounded(.up))) min" }
        if s < 172_800 { return "\(Clamped.int((s / 3600).rounded(.up))) h" }
        if s < LongDuration.year { return "\(Clamped.int((s / 86_400).rounded(.up))) d" }
        return LongDuration.text(s) ?? "more than 10 years"
    }

    /// `HH:mm` of a date in a time zone.
    public static func clock(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // The calendar is only asked about dates within ±3000 years of 1970.
        let seconds = Clamped.within(date.timeIntervalSince1970, -95_000_000_000...95_000_000_000)
        let parts = calendar.dateComponents([.hour, .minute], from: Date(timeIntervalSince1970: seconds))
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}
