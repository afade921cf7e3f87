import Foundation

/// Where the model app's process is, as the system sees it.
public enum AppPhase: String, Codable, Sendable {
    /// No process.
    case notRunning = "not-running"
    /// Launched in the foreground; registration is open until it finishes launching.
    case launchingForeground = "launching-foreground"
    /// Launched in the background for tasks; registration is open until it finishes launching.
    case launchingBackground = "launching-background"
    /// Active in the foreground.
    case foreground
    /// In the background: running tasks, or suspended when none run.
    case background

    /// Whether the app is still in `didFinishLaunching` (registration allowed).
    public var isLaunching: Bool { self == .launchingForeground || self == .launchingBackground }
}

/// Steady time: a clock that never jumps, continuous across restarts.
///
/// steady = monotonic + `offset`. Within one process it advances exactly with the monotonic clock the runtime
/// passes in; at `.started` the offset is re-anchored so steady time continues from the last persisted value
/// plus the wall-clock downtime. All durations (deadlines, budget, limiter, penalties) are in steady seconds;
/// only `earliestBeginDate` is a wall-clock date, shifted by any detected wall-clock jump.
public struct SchedulerClock: Codable, Sendable, Equatable {
    /// Added to the monotonic clock to get steady time.
    public var offset: Double = 0
    /// The wall-clock time of the last event (nil before the first).
    public var lastWall: Date?
    /// The steady time of the last event.
    public var lastSteady: Double = 0
}

/// The whole persistent state of the BG scheduler for one app: Codable, so the store can keep it as is.
public struct TaskSchedulerState: Codable, Sendable, Equatable {
    /// Submitted requests not launched yet, in submit order.
    public var pending: [PendingTaskRequest] = []
    /// Launched tasks that have not ended.
    public var running: [RunningTask] = []
    /// Finished runs, newest last (bounded by `runHistoryLimit`).
    public var history: [TaskRun] = []
    /// The app's background budget.
    public var budget: BackgroundBudget
    /// The relaunch rate limiter.
    public var limiter: RelaunchRateLimiter
    /// Penalties by identifier.
    public var penalties: [String: TaskPenalty] = [:]
    /// The app process's phase.
    public var phase: AppPhase = .notRunning
    /// Identifiers registered by the current process.
    public var registered: Set<String> = []
    /// Identifiers registered at the last finished launch (nil: the app never finished launching).
    public var lastLaunchRegistered: Set<String>?
    /// Whether the user swiped the app away (no background runtime until they open it).
    public var swipedAway = false
    /// The device.
    public var device = SchedulerDeviceState()
    /// Steady time.
    public var clock = SchedulerClock()
    /// Steady time of the next policy wake (nil: none needed).
    public var nextWakeAt: Double?
    /// The seeded generator for wake jitter.
    public var random: SeededGenerator
    /// Recent decisions, newest last (bounded by `decisionLogLimit`).
    public var decisions: [SchedulerDecision] = []
    /// Number the next run gets.
    public var nextRunNumber: Int64 = 1

    /// A fresh state for a new install.
    public init(policy: SchedulerPolicyConfiguration = SchedulerPolicyConfiguration(), seed: UInt64 = 0) {
        budget = BackgroundBudget(credits: policy.initialCredits)
        limiter = RelaunchRateLimiter(initialDelay: policy.relaunchInitialDelay, maxDelay: policy.relaunchMaxDelay)
        random = SeededGenerator(seed: seed)
    }

    /// The pending request of an identifier.
    public func pendingRequest(_ identifier: String) -> PendingTaskRequest? {
        pending.first { $0.identifier == identifier }
    }

    /// The running task of an identifier.
    public func runningTask(_ identifier: String) -> RunningTask? {
        running.first { $0.identifier == identifier }
    }

    /// Whether resuming the app now would be a background resume or relaunch (what the limiter counts).
    public var launchWouldResumeApp: Bool {
        phase == .notRunning || (phase == .background && running.isEmpty)
    }
}
