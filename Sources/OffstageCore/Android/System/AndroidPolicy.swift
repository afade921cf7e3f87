import Foundation

/// Every number the Android system model uses (Codable, so `config/` can override any of them).
///
/// Sources are platform-semantics.md §6.6–6.7: [A] Google, [C] community or AOSP code read through a public
/// index, [NF] nothing found (an assumption, configurable). All durations are in seconds.
public struct AndroidPolicy: Codable, Sendable, Equatable {
    /// Length of a bucket's job window: 600 ("a window of ten minutes", [A] power-details).
    public var jobWindow: Double
    /// Seconds between job windows per bucket (nil: no limit): active nil, working set 2 h, frequent 8 h,
    /// rare 24 h [A] power-details; restricted 24 h ("once per day" [A]).
    public var jobWindowPeriod: BucketValues<Double?>
    /// Length of the restricted bucket's once-a-day run: 600 ([NF]: taken equal to the other buckets' window).
    public var restrictedWindow: Double
    /// Whether charging lifts the bucket limits, except the restricted bucket's (true, [A] appstandby:
    /// "These restrictions apply only while the device is on battery power").
    public var chargingLiftsBucketLimits: Bool
    /// Seconds without the app being opened after which it falls into the restricted bucket: 8 days
    /// ([A] Android 13 battery changes); nil turns it off. The clock starts at the last `.appOpened`.
    public var restrictAfterUnused: Double?
    /// Length of a Doze maintenance window: 300 ([C] "about 5–10 min", speakerdeck slide).
    public var dozeMaintenanceWindow: Double
    /// Seconds of Doze before each maintenance window, the last repeating: 1, 2, 4, 6 h ([C] "1, 2, 4, 6, 6 h",
    /// speakerdeck slide, exchangetuts thread). Values under 60 s count as 60 s.
    public var dozeWindowPeriods: [Double]
    /// Seconds unplugged, stationary and with the screen off before the device dozes by itself: 3600
    /// ([NF]: Google says only "for a period"); nil: Doze only by `.dozeOn`.
    public var autoDozeAfter: Double?
    /// Seconds with the screen off after which the device counts as idle for `requiresDeviceIdle`: 1860
    /// (31 min, AOSP `config_jobSchedulerInactivityIdleThreshold` [C]; not in §6). Dozing is always idle.
    public var deviceIdleAfterScreenOff: Double
    /// Battery level at or under which the battery is low when not charging: 15 (`BATTERY_LOW`).
    public var lowBatteryLevel: Int
    /// Whether the shared device's Low Power Mode switch also turns battery saver on (true: one device, one
    /// power-saving switch, when both platforms run side by side).
    public var batterySaverFollowsLowPowerMode: Bool
    /// Rolling window over which expedited jobs are counted: 24 h (AOSP QuotaController
    /// `DEFAULT_EJ_WINDOW_SIZE_MS` [C]; §6.6 gives no number).
    public var expeditedWindow: Double
    /// Expedited jobs per rolling window per bucket: 10, 10, 3, 3, 1 — [NF] assumption: AOSP gives time, not
    /// counts (`DEFAULT_EJ_LIMIT_*_MS` 30, 30, 10, 10, 5 min [C]); divided by a nominal 3-minute job.
    public var expeditedJobsPerWindow: BucketValues<Int>

    /// The Android API level the app runs on (and targets): 34. From 26 the system stops background services
    /// once the app is idle; from 31 it refuses a foreground service started from the background.
    public var apiLevel: Int
    /// Seconds in the background after which an app is idle and its background services are stopped (API 26+):
    /// 60 (AOSP `ActivityManagerConstants.DEFAULT_BACKGROUND_SETTLE_TIME` [C]; Google's Android 8.0 "Background
    /// Execution Limits": "a window of several minutes" [A]; not in §6).
    public var backgroundServiceSettle: Double

    /// The policy; every parameter has the documented default.
    public init(
        jobWindow: Double = 600,
        jobWindowPeriod: BucketValues<Double?> = BucketValues(
            active: nil, workingSet: 7200, frequent: 28_800, rare: 86_400, restricted: 86_400),
        restrictedWindow: Double = 600, chargingLiftsBucketLimits: Bool = true,
        restrictAfterUnused: Double? = 8 * 86_400, dozeMaintenanceWindow: Double = 300,
        dozeWindowPeriods: [Double] = [3600, 7200, 14_400, 21_600], autoDozeAfter: Double? = 3600,
        deviceIdleAfterScreenOff: Double = 1860, lowBatteryLevel: Int = 15,
        batterySaverFollowsLowPowerMode: Bool = true,
        expeditedWindow: Double = 86_400,
        expeditedJobsPerWindow: BucketValues<Int> = BucketValues(
            active: 10, workingSet: 10, frequent: 3, rare: 3, restricted: 1),
        apiLevel: Int = 34, backgroundServiceSettle: Double = 60
    ) {
        self.jobWindow = jobWindow
        self.jobWindowPeriod = jobWindowPeriod
        self.restrictedWindow = restrictedWindow
        self.chargingLiftsBucketLimits = chargingLiftsBucketLimits
        self.restrictAfterUnused = restrictAfterUnused
        self.dozeMaintenanceWindow = dozeMaintenanceWindow
        self.dozeWindowPeriods = dozeWindowPeriods
        self.autoDozeAfter = autoDozeAfter
        self.deviceIdleAfterScreenOff = deviceIdleAfterScreenOff
        self.lowBatteryLevel = lowBatteryLevel
        self.batterySaverFollowsLowPowerMode = batterySaverFollowsLowPowerMode
        self.expeditedWindow = expeditedWindow
        self.expeditedJobsPerWindow = expeditedJobsPerWindow
        self.apiLevel = apiLevel
        self.backgroundServiceSettle = backgroundServiceSettle
    }

    /// Decodes, taking the default for every missing key (so a configuration file may set only what it changes).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = AndroidPolicy()
        jobWindow = try c.decode(.jobWindow, default: d.jobWindow)
        jobWindowPeriod = try c.decode(.jobWindowPeriod, default: d.jobWindowPeriod)
        restrictedWindow = try c.decode(.restrictedWindow, default: d.restrictedWindow)
        chargingLiftsBucketLimits = try c.decode(.chargingLiftsBucketLimits, default: d.chargingLiftsBucketLimits)
        restrictAfterUnused =
            c.contains(.restrictAfterUnused)
            ? try c.decodeIfPresent(Double.self, forKey: .restrictAfterUnused) : d.restrictAfterUnused
        dozeMaintenanceWindow = try c.decode(.dozeMaintenanceWindow, default: d.dozeMaintenanceWindow)
        dozeWindowPeriods = try c.decode(.dozeWindowPeriods, default: d.dozeWindowPeriods)
        autoDozeAfter =
            c.contains(.autoDozeAfter) ? try c.decodeIfPresent(Double.self, forKey: .autoDozeAfter) : d.autoDozeAfter
        deviceIdleAfterScreenOff = try c.decode(.deviceIdleAfterScreenOff, default: d.deviceIdleAfterScreenOff)
        lowBatteryLevel = try c.decode(.lowBatteryLevel, default: d.lowBatteryLevel)
        batterySaverFollowsLowPowerMode = try c.decode(
            .batterySaverFollowsLowPowerMode, default: d.batterySaverFollowsLowPowerMode)
        expeditedWindow = try c.decode(.expeditedWindow, default: d.expeditedWindow)
        expeditedJobsPerWindow = try c.decode(.expeditedJobsPerWindow, default: d.expeditedJobsPerWindow)
        apiLevel = try c.decode(.apiLevel, default: d.apiLevel)
        backgroundServiceSettle = try c.decode(
            .backgroundServiceSettle, default: d.backgroundServiceSettle)
    }

    /// Seconds of Doze before maintenance window `index` (0-based), each at least 60 (nil: no windows configured).
    func dozePeriod(_ index: Int) -> Double? {
        guard let last = dozeWindowPeriods.last else { return nil }
        return max(60, index < dozeWindowPeriods.count ? dozeWindowPeriods[index] : last)
    }
}
