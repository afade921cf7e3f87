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
    /// The job gate last reported with `.gateChanged` (nil: never reported).
    public var reportedGate: AndroidJobGate?
    /// The constraint inputs last reported with `.constraintsChanged` (nil: never reported).
    public var reportedInputs: AndroidConstraintInputs?

    /// A fresh device: the app never ran, active bucket, awake, screen on, the shared default conditions.
    public init() {}
}
