import Foundation

/// The whole persistent state of the BG scheduler for one app: Codable, so the store can keep it as is.
public struct TaskSchedulerState: Codable, Sendable, Equatable {
    /// Submitted requests not launched yet, in submit order.
    public var pending: [PendingTaskRequest] = []
    /// Launched tasks that have not ended.
    public var running: [RunningTask] = []
    /// Finished runs, newest last (bounded by `runHistoryLimit`).
    public var history: [TaskRun] = []
    /// The app's background budget (energy).
    public var budget: BackgroundBudget
    /// The cellular data budget.
    public var dataBudget: DataBudget
    /// When the user opens the app, by hour of the day, as learned. Kept in the store's own table
    /// (`learned_usage`), so it is not one of this value's coding keys.
    public var usage = UsageHistory()
    /// Penalties by identifier.
    public var penalties: [String: TaskPenalty] = [:]
    /// The app as its life cycle last told it (the life cycle owns the phase, the limiter and force-quit).
    public var app = SchedulerAppView()
    /// Whether the app's process is in `didFinishLaunching` (registration is open).
    public var launching = false
    /// Identifiers registered by the current process.
    public var registered: Set<String> = []
    /// Identifiers registered at the last finished launch (nil: the app never finished launching).
    public var lastLaunchRegistered: Set<String>?
    /// The device.
    public var device = SchedulerDeviceState()
    /// Whether the app's own Background App Refresh switch is on (the device's is in `device`).
    public var backgroundRefreshForApp = true
    /// The model's steady time base (`SteadyClock`), persisted here; all durations (deadlines, budget, limiter,
    /// penalties) are in its steady seconds; only `earliestBeginDate` is a wall-clock date.
    public var clock = SteadyClock()
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
        dataBudget = DataBudget(credits: policy.dataCapacity)
        random = SeededGenerator(seed: seed)
    }

    /// The keys of the stored JSON: everything but the learned usage.
    enum CodingKeys: String, CodingKey {
        case pending, running, history, budget, dataBudget, penalties, app, launching, registered,
            lastLaunchRegistered, device, backgroundRefreshForApp, clock, nextWakeAt, random, decisions, nextRunNumber
    }

    /// The pending request of an identifier.
    public func pendingRequest(_ identifier: String) -> PendingTaskRequest? {
        pending.first { $0.identifier == identifier }
    }

    /// The running task of an identifier.
    public func runningTask(_ identifier: String) -> RunningTask? {
        running.first { $0.identifier == identifier }
    }

    /// Whether launching a task now would be a background resume or relaunch of the app (what the limiter counts).
    public var launchWouldResumeApp: Bool {
        !launching && AppLifecycleState.launchResumesApp(phase: app.phase, runningBGTasks: running.count)
    }

    /// Decodes a stored state; keys added since (the app view, `launching`, the data budget, the app's Background App
    /// Refresh switch) take their defaults, and the keys of the old split model (its own phase, limiter and swipe
    /// mark) are ignored.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        pending = try c.decode(.pending, default: [])
        running = try c.decode(.running, default: [])
        history = try c.decode(.history, default: [])
        budget = try c.decode(BackgroundBudget.self, forKey: .budget)
        dataBudget = try c.decode(
            .dataBudget, default: DataBudget(credits: SchedulerPolicyConfiguration().dataCapacity))
        penalties = try c.decode(.penalties, default: [:])
        app = try c.decode(.app, default: SchedulerAppView())
        launching = try c.decode(.launching, default: false)
        registered = try c.decode(.registered, default: [])
        lastLaunchRegistered = try c.decodeIfPresent(Set<String>.self, forKey: .lastLaunchRegistered)
        device = try c.decode(.device, default: SchedulerDeviceState())
        backgroundRefreshForApp = try c.decode(.backgroundRefreshForApp, default: true)
        clock = try c.decode(.clock, default: SteadyClock())
        nextWakeAt = try c.decodeIfPresent(Double.self, forKey: .nextWakeAt)
        random = try c.decode(SeededGenerator.self, forKey: .random)
        decisions = try c.decode(.decisions, default: [])
        nextRunNumber = try c.decode(.nextRunNumber, default: 1)
    }
}
