import Foundation

/// The Android side of a snapshot: the process, the device's Android state, work requests and foreground services.
public struct AndroidSnapshot: Codable, Sendable, Equatable {
    /// Android alone, or both platforms side by side.
    public var profile: PlatformProfile
    /// The app's process.
    public var process: AndroidProcessSnapshot
    /// Bucket, Doze, battery saver, background restriction, the job gate.
    public var device: AndroidDeviceSnapshot
    /// Every work request not yet pruned, in enqueue order.
    public var work: [WorkSnapshot]
    /// Running foreground services, each with its visible notification.
    public var foregroundServices: [ForegroundServiceSnapshot]

    /// An Android reading.
    public init(
        profile: PlatformProfile = .android, process: AndroidProcessSnapshot = AndroidProcessSnapshot(),
        device: AndroidDeviceSnapshot = AndroidDeviceSnapshot(), work: [WorkSnapshot] = [],
        foregroundServices: [ForegroundServiceSnapshot] = []
    ) {
        self.profile = profile
        self.process = process
        self.device = device
        self.work = work
        self.foregroundServices = foregroundServices
    }
}

/// The Android app's process: it runs (in the foreground or background) or it is gone; there is no Suspended state.
public struct AndroidProcessSnapshot: Codable, Sendable, Equatable {
    /// Where the process is.
    public enum Phase: String, Codable, Sendable {
        /// An activity is visible.
        case foreground
        /// The process runs with no visible activity (a worker, a service, or cached).
        case background
        /// No process: never started, killed by the low-memory killer, force-stopped, or the device rebooted.
        case gone
    }

    /// The phase.
    public var phase: Phase
    /// Why the process last ended, if it did ("low-memory killer", "force stop", "reboot").
    public var lastEnd: String?

    /// A process reading.
    public init(phase: Phase = .gone, lastEnd: String? = nil) {
        self.phase = phase
        self.lastEnd = lastEnd
    }
}

/// The Android-only device state a view shows among the device conditions.
public struct AndroidDeviceSnapshot: Codable, Sendable, Equatable {
    /// The app's standby bucket.
    public var bucket: StandbyBucket
    /// Doze.
    public var doze: DozeState
    /// Whether battery saver is on.
    public var batterySaver: Bool
    /// Whether the user restricted the app's background activity.
    public var backgroundRestricted: Bool
    /// Whether the device is roaming.
    public var roaming: Bool
    /// Whether storage is low.
    public var storageLow: Bool
    /// Whether the system lets the app's jobs run now, and why not.
    public var gate: AndroidJobGate
    /// Expedited jobs the app may still start now.
    public var expeditedQuotaLeft: Int

    /// A device reading; the defaults are an active app on a device awake and not saving power.
    public init(
        bucket: StandbyBucket = .active, doze: DozeState = .off, batterySaver: Bool = false,
        backgroundRestricted: Bool = false, roaming: Bool = false, storageLow: Bool = false,
        gate: AndroidJobGate = .open(closesAt: nil, networkAllowed: true), expeditedQuotaLeft: Int = 0
    ) {
        self.bucket = bucket
        self.doze = doze
        self.batterySaver = batterySaver
        self.backgroundRestricted = backgroundRestricted
        self.roaming = roaming
        self.storageLow = storageLow
        self.gate = gate
        self.expeditedQuotaLeft = expeditedQuotaLeft
    }
}

/// One work request as a view shows it.
public struct WorkSnapshot: Codable, Sendable, Equatable, Identifiable {
    /// The request's id (WorkManager's UUID, as text).
    public var id: String
    /// Its unique-work name, or the worker's name when it has none.
    public var name: String
    /// Its tags.
    public var tags: [String]
    /// Its state.
    public var state: WorkState
    /// One-time or periodic, with interval and flex in seconds.
    public var periodic: PeriodicSchedule?
    /// Whether it was enqueued as expedited.
    public var expedited: Bool
    /// Whether its worker called `setForegroundAsync` and runs as a foreground service.
    public var foreground: Bool
    /// `runAttemptCount`.
    public var runAttemptCount: Int
    /// When it may run next (ENQUEUED only).
    public var nextScheduleAt: Date?
    /// Why it is not running (ENQUEUED and BLOCKED only), typed.
    public var reason: WorkWaitReason?
    /// Why the system last stopped it.
    public var stopReason: WorkStopReason
    /// When its running worker must stop (the 10-minute limit), RUNNING only and not foreground.
    public var runDeadline: Date?
    /// The constraints in words, e.g. `unmetered, charging` (empty: none).
    public var constraints: String

    /// A work reading.
    public init(
        id: String, name: String, tags: [String] = [], state: WorkState, periodic: PeriodicSchedule? = nil,
        expedited: Bool = false, foreground: Bool = false, runAttemptCount: Int = 0, nextScheduleAt: Date? = nil,
        reason: WorkWaitReason? = nil, stopReason: WorkStopReason = .notStopped, runDeadline: Date? = nil,
        constraints: String = ""
    ) {
        self.id = id
        self.name = name
        self.tags = tags
        self.state = state
        self.periodic = periodic
        self.expedited = expedited
        self.foreground = foreground
        self.runAttemptCount = runAttemptCount
        self.nextScheduleAt = nextScheduleAt
        self.reason = reason
        self.stopReason = stopReason
        self.runDeadline = runDeadline
        self.constraints = constraints
    }
}

/// A periodic work request's interval and flex, in seconds.
public struct PeriodicSchedule: Codable, Sendable, Equatable, Hashable {
    /// The repeat interval (at least 15 min).
    public var interval: Double
    /// The flex window at the end of each interval (5 min … interval).
    public var flex: Double

    /// A periodic schedule.
    public init(interval: Double, flex: Double) {
        self.interval = interval
        self.flex = flex
    }
}

/// A running foreground service and its notification.
public struct ForegroundServiceSnapshot: Codable, Sendable, Equatable, Identifiable {
    /// The service's name.
    public var name: String
    /// The notification's title and text as the status bar shows them.
    public var notification: String
    /// When it started.
    public var startedAt: Date
    /// Whether a worker runs it (`setForegroundAsync`) rather than the app (`fgs start`).
    public var fromWorker: Bool

    /// A service reading.
    public init(name: String, notification: String, startedAt: Date, fromWorker: Bool = false) {
        self.name = name
        self.notification = notification
        self.startedAt = startedAt
        self.fromWorker = fromWorker
    }

    /// The service's name.
    public var id: String { name }
}
