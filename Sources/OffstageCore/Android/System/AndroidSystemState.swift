import Foundation

/// The whole persistent state of the Android system around one app (Codable: the store keeps it as one value).
///
/// Dates are the virtual wall clock. Everything time-dependent (bucket windows, Doze windows, automatic Doze,
/// the unused-app fall to restricted, quota refills) is derived from these dates and `now`, so a reading at any
/// `now` is exact; `AndroidSystemModel.handle` writes the derived changes back when they come due.
public struct AndroidSystemState: Codable, Sendable, Equatable {
    /// The app's process phase.
    public var phase: AndroidProcessSnapshot.Phase = .gone
    /// Why the process last ended ("low-memory killer", "force stop", "reboot").
    public var lastEnd: String?
    /// Whether the user force-stopped the app and has not opened it since (Android's stopped state).
    public var forceStopped = false
    /// The bucket set by the user, the CLI, an app open or the unused-app rule.
    public var bucket: StandbyBucket = .active
    /// When the app entered `bucket`: the bucket's job windows are counted from here (nil: from 2001-01-01).
    public var bucketSince: Date?
    /// When the user last opened the app (nil: never; the unused-app rule waits for a first open).
    public var lastOpenedAt: Date?
    /// When the device entered Doze (nil: not dozing).
    public var dozeSince: Date?
    /// Whether the screen is on.
    public var screenOn = true
    /// When the screen last went off (nil: it is on, or never went off).
    public var screenOffSince: Date?
    /// When the device last moved, was unplugged, or left Doze: the quiet time for automatic Doze counts from
    /// the latest of these and `screenOffSince`.
    public var lastActivityAt: Date?
    /// The shared device conditions (network, charging, battery level, Low Power Mode).
    public var conditions = DeviceConditions()
    /// Whether battery saver is switched on (see also `AndroidPolicy.batterySaverFollowsLowPowerMode`).
    public var batterySaver = false
    /// Whether the user restricted the app's background activity.
    public var backgroundRestricted = false
    /// Whether the device is roaming.
    public var roaming = false
    /// Whether storage is low.
    public var storageLow = false
    /// Start dates of expedited jobs counted against the quota, oldest first (pruned past the window).
    public var expeditedStarts: [Date] = []
    /// Workers running now, by name, in start order.
    public var runningWorkers: [String] = []
    /// Running foreground services, in start order.
    public var foregroundServices: [ForegroundServiceSnapshot] = []
    /// Running plain background services (`startService`), in start order.
    public var backgroundServices: [BackgroundServiceRecord] = []
    /// When the app's process last went to the background (left by the user, or started there); nil while it is in
    /// the foreground or gone. From API 26 its background services stop `backgroundServiceSettle` after this.
    public var backgroundSince: Date?
    /// The job gate last reported with `.gateChanged` (nil: never reported).
    public var reportedGate: AndroidJobGate?
    /// The constraint inputs last reported with `.constraintsChanged` (nil: never reported).
    public var reportedInputs: AndroidConstraintInputs?

    /// A fresh device: the app never ran, active bucket, awake, screen on, the shared default conditions.
    public init() {}

    /// Decodes a stored state; keys added since (background services) take their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        phase = try c.decode(AndroidProcessSnapshot.Phase.self, forKey: .phase)
        lastEnd = try c.decodeIfPresent(String.self, forKey: .lastEnd)
        forceStopped = try c.decode(Bool.self, forKey: .forceStopped)
        bucket = try c.decode(StandbyBucket.self, forKey: .bucket)
        bucketSince = try c.decodeIfPresent(Date.self, forKey: .bucketSince)
        lastOpenedAt = try c.decodeIfPresent(Date.self, forKey: .lastOpenedAt)
        dozeSince = try c.decodeIfPresent(Date.self, forKey: .dozeSince)
        screenOn = try c.decode(Bool.self, forKey: .screenOn)
        screenOffSince = try c.decodeIfPresent(Date.self, forKey: .screenOffSince)
        lastActivityAt = try c.decodeIfPresent(Date.self, forKey: .lastActivityAt)
        conditions = try c.decode(DeviceConditions.self, forKey: .conditions)
        batterySaver = try c.decode(Bool.self, forKey: .batterySaver)
        backgroundRestricted = try c.decode(Bool.self, forKey: .backgroundRestricted)
        roaming = try c.decode(Bool.self, forKey: .roaming)
        storageLow = try c.decode(Bool.self, forKey: .storageLow)
        expeditedStarts = try c.decode([Date].self, forKey: .expeditedStarts)
        runningWorkers = try c.decode([String].self, forKey: .runningWorkers)
        foregroundServices = try c.decode([ForegroundServiceSnapshot].self, forKey: .foregroundServices)
        backgroundServices = try c.decode(.backgroundServices, default: [])
        backgroundSince = try c.decodeIfPresent(Date.self, forKey: .backgroundSince)
        reportedGate = try c.decodeIfPresent(AndroidJobGate.self, forKey: .reportedGate)
        reportedInputs = try c.decodeIfPresent(AndroidConstraintInputs.self, forKey: .reportedInputs)
    }
}

/// A plain background service the app started (`startService`, no notification).
public struct BackgroundServiceRecord: Codable, Sendable, Equatable {
    /// The service's name.
    public var name: String
    /// When it started.
    public var startedAt: Date
}
