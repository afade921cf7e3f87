/// `WorkInfo.stopReason` (API 31+): why the system stopped a running worker.
public enum WorkStopReason: Int, Codable, Sendable, CaseIterable {
    /// Not stopped (also after `Result.retry()`).
    case notStopped = -256
    /// Unknown: a crash or a sudden power loss.
    case unknown = -512
    /// A foreground service ran past its time limit.
    case foregroundServiceTimeout = -128
    /// The app cancelled it.
    case cancelledByApp = 1
    /// Preempted by other work.
    case preempt = 2
    /// It ran past its 10-minute limit.
    case timeout = 3
    /// The device state: Doze, battery saver or memory.
    case deviceState = 4
    /// The battery became low.
    case constraintBatteryNotLow = 5
    /// The device stopped charging.
    case constraintCharging = 6
    /// The required network went away.
    case constraintConnectivity = 7
    /// The device stopped being idle.
    case constraintDeviceIdle = 8
    /// Storage became low.
    case constraintStorageNotLow = 9
    /// The app's job quota ran out.
    case quota = 10
    /// The user restricted the app's background activity.
    case backgroundRestriction = 11
    /// The app's standby bucket.
    case appStandby = 12
    /// The user: force-stop, adb, uninstall.
    case user = 13
    /// The system needed the resources.
    case systemProcessing = 14
    /// The estimated app launch time changed.
    case estimatedAppLaunchTimeChanged = 15

    /// Android's constant name without the `STOP_REASON_` prefix, e.g. `CONSTRAINT_CHARGING`.
    public var constantName: String {
        switch self {
        case .notStopped: "NOT_STOPPED"
        case .unknown: "UNKNOWN"
        case .foregroundServiceTimeout: "FOREGROUND_SERVICE_TIMEOUT"
        case .cancelledByApp: "CANCELLED_BY_APP"
        case .preempt: "PREEMPT"
        case .timeout: "TIMEOUT"
        case .deviceState: "DEVICE_STATE"
        case .constraintBatteryNotLow: "CONSTRAINT_BATTERY_NOT_LOW"
        case .constraintCharging: "CONSTRAINT_CHARGING"
        case .constraintConnectivity: "CONSTRAINT_CONNECTIVITY"
        case .constraintDeviceIdle: "CONSTRAINT_DEVICE_IDLE"
        case .constraintStorageNotLow: "CONSTRAINT_STORAGE_NOT_LOW"
        case .quota: "QUOTA"
        case .backgroundRestriction: "BACKGROUND_RESTRICTION"
        case .appStandby: "APP_STANDBY"
        case .user: "USER"
        case .systemProcessing: "SYSTEM_PROCESSING"
        case .estimatedAppLaunchTimeChanged: "ESTIMATED_APP_LAUNCH_TIME_CHANGED"
        }
    }
}
