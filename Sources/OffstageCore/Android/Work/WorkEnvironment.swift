import Foundation

/// What the system around WorkManager says now: the job gate, the device's constraint facts, expedited quota.
///
/// The Android system model (buckets, Doze, battery saver) produces it; WorkManager only reads it.
public struct WorkEnvironment: Codable, Sendable, Equatable {
    /// Whether the system lets the app's regular jobs run.
    public var gate: AndroidJobGate
    /// The device facts constraints are checked against.
    public var inputs: AndroidConstraintInputs
    /// Expedited jobs the app may still start in the current quota window.
    public var expeditedQuotaLeft: Int
    /// When quota returns, if known (for explanations and wakes).
    public var expeditedQuotaBackAt: Date?
    /// Whether an activity of the app is visible (expedited quota is not counted then).
    public var appInForeground: Bool
    /// Whether a worker can start at all: false while no engine runs (a command applied to the store), when
    /// due work stays ENQUEUED until the next `offstage run` starts it.
    public var workersCanStart: Bool
    /// Why the system refuses a worker's `setForegroundAsync` now (API 31+ with the app in the background:
    /// `ForegroundServiceStartNotAllowedException`), or nil when it may start its foreground service.
    public var foregroundServiceRefusal: String?

    /// An environment; the default is a friendly device with the gate open and no expedited quota.
    public init(
        gate: AndroidJobGate = .open(closesAt: nil, networkAllowed: true),
        inputs: AndroidConstraintInputs = AndroidConstraintInputs(), expeditedQuotaLeft: Int = 0,
        expeditedQuotaBackAt: Date? = nil, appInForeground: Bool = false, workersCanStart: Bool = true,
        foregroundServiceRefusal: String? = nil
    ) {
        self.gate = gate
        self.inputs = inputs
        self.expeditedQuotaLeft = expeditedQuotaLeft
        self.expeditedQuotaBackAt = expeditedQuotaBackAt
        self.appInForeground = appInForeground
        self.workersCanStart = workersCanStart
        self.foregroundServiceRefusal = foregroundServiceRefusal
    }
}
