import Foundation

/// Every parameter of the BG scheduler's policy, with defaults modelled on iOS.
///
/// Decoding fills any missing key with its default, so a `config/` file need only name what it changes.
public struct SchedulerPolicyConfiguration: Codable, Sendable, Equatable {
    /// Seconds between scheduler wakes, when requests are evaluated (default 900 = 15 min).
    public var wakeInterval: Double = 900
    /// Seeded jitter applied to each wake interval, as a fraction (default 0.2 = ±20%).
    public var wakeJitter: Double = 0.2
    /// Background time an app-refresh task gets, in seconds (default 30).
    public var appRefreshAllowance: Double = BackgroundRules.appRefreshAllowance
    /// Background time a processing task gets, in seconds (default 600 = 10 min).
    public var processingAllowance: Double = BackgroundRules.processingAllowance
    /// The expiration handler is called this many seconds before the deadline (default 5).
    public var expirationLead: Double = BackgroundRules.bgTaskExpirationLead
    /// Below this battery level (%) on battery, only essential work runs (default 20).
    public var criticalBatteryLevel: Int = 20
    /// Pending app-refresh requests allowed per app (Apple: 1).
    public var maxPendingAppRefresh: Int = 1
    /// Pending processing requests allowed per app (Apple: 10).
    public var maxPendingProcessing: Int = 10
    /// Budget credits a fresh install starts with (default 2).
    public var initialCredits: Double = 2
    /// Credits earned each time the user opens the app (default 1).
    public var creditsPerOpen: Double = 1
    /// Budget capacity with no recent use (default 2).
    public var baseCapacity: Double = 2
    /// Extra capacity per average daily open over the past week (default 1).
    public var capacityPerDailyOpen: Double = 1
    /// Largest capacity (default 6): the budget refills through the day rather than piling up for a burst.
    public var maxCapacity: Double = 6
    /// Seconds to regenerate one credit for an app opened once a day, every day; more opens speed it up
    /// (see `BackgroundBudget.refillInterval`; default 21 600 = 6 h).
    public var refillInterval: Double = 21_600
    /// Daily opens beyond this do not speed up the refill further (default 6: at most a credit an hour).
    public var maxCountedOpensPerDay: Double = 6
    /// Credits one app-refresh launch costs (default 1).
    public var launchCost: Double = 1
    /// Credits one processing launch costs (default 1): processing draws on the same energy and data budget, so a
    /// rarely used app's processing tasks run rarely too (WWDC20 10063's factors 3 and 6 apply to every BG task).
    public var processingLaunchCost: Double = 1
    /// How far back opens count for the budget and for "used recently", in seconds (default 7 days).
    public var usageWindow: Double = 604_800
    /// How long an identifier is deferred after its task was killed or expired without a handler (default 6 h).
    public var penaltyDuration: Double = 21_600
    /// Longest deferral after repeated penalties; each strike doubles it (default 48 h).
    public var maxPenaltyDuration: Double = 172_800
    /// While an identifier has strikes, its launches cost this many times `launchCost` (default 2).
    public var penaltyCostMultiplier: Double = 2
    /// A processing request on battery waits this long past its earliest date for power before running anyway
    /// (default 36 h, so it runs within about two days).
    public var processingOnBatteryAfter: Double = 129_600
    /// Half-life of a learned open, in seconds (default 7 days): the learned likelihood of use by hour of day
    /// (`UsageHistory`) counts last week's opens half as much as today's.
    public var usageHalfLife: Double = 604_800
    /// App refresh is not held for usage until the scheduler has learned for this long since the first open
    /// (default 2 days): with nothing to go on, only the budgets hold it.
    public var usageLearningPeriod: Double = 172_800
    /// App refresh runs when the app is likely to be opened within this many seconds after the current hour
    /// (default 7 200 = the next two hours): shortly before likely use.
    public var usageLookahead: Double = 7_200
    /// Learned opens expected within `usageLookahead` for app refresh to run, at least (default 0.05: use on about
    /// one day in twenty at that time of day).
    public var likelyUseThreshold: Double = 0.05
    /// And at least this share of the expected use in the day's busiest lookahead (default 0.5): refresh runs
    /// before the hours the app is used most, not before every hour it was ever opened in.
    public var likelyUseShareOfPeak: Double = 0.5
    /// Credits the data budget holds for launches on cellular (default 2).
    public var dataCapacity: Double = 2
    /// Seconds to regenerate one data credit (default 7 200 = 2 h): the budget refills through the day.
    public var dataRefillInterval: Double = 7_200
    /// Data credits one launch on cellular costs (app refresh, and processing that needs a network; default 1).
    public var dataLaunchCost: Double = 1
    /// A wall-clock step larger than this many seconds against the monotonic clock is a clock jump (default 5).
    public var clockJumpTolerance: Double = 5
    /// Decisions kept in memory (default 200); older ones have gone out in commits.
    public var decisionLogLimit: Int = 200
    /// Finished runs kept in the state (default 100).
    public var runHistoryLimit: Int = 100

    /// The defaults.
    public init() {}

    /// Keys `scheduler.json` used to hold that now belong to the app (`app.json`'s `lifecycle`): iOS keeps one
    /// relaunch rate limiter per app, for BG task launches and session relaunches alike.
    public static let movedToApp = ["relaunchInitialDelay", "relaunchMaxDelay"]

    /// Decodes, taking the default for every missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = SchedulerPolicyConfiguration()
        wakeInterval = try c.decode(.wakeInterval, default: d.wakeInterval)
        wakeJitter = try c.decode(.wakeJitter, default: d.wakeJitter)
        appRefreshAllowance = try c.decode(.appRefreshAllowance, default: d.appRefreshAllowance)
        processingAllowance = try c.decode(.processingAllowance, default: d.processingAllowance)
        expirationLead = try c.decode(.expirationLead, default: d.expirationLead)
        criticalBatteryLevel = try c.decode(.criticalBatteryLevel, default: d.criticalBatteryLevel)
        maxPendingAppRefresh = try c.decode(.maxPendingAppRefresh, default: d.maxPendingAppRefresh)
        maxPendingProcessing = try c.decode(.maxPendingProcessing, default: d.maxPendingProcessing)
        initialCredits = try c.decode(.initialCredits, default: d.initialCredits)
        creditsPerOpen = try c.decode(.creditsPerOpen, default: d.creditsPerOpen)
        baseCapacity = try c.decode(.baseCapacity, default: d.baseCapacity)
        capacityPerDailyOpen = try c.decode(.capacityPerDailyOpen, default: d.capacityPerDailyOpen)
        maxCapacity = try c.decode(.maxCapacity, default: d.maxCapacity)
        refillInterval = try c.decode(.refillInterval, default: d.refillInterval)
        maxCountedOpensPerDay = try c.decode(.maxCountedOpensPerDay, default: d.maxCountedOpensPerDay)
        launchCost = try c.decode(.launchCost, default: d.launchCost)
        processingLaunchCost = try c.decode(.processingLaunchCost, default: d.processingLaunchCost)
        usageWindow = try c.decode(.usageWindow, default: d.usageWindow)
        penaltyDuration = try c.decode(.penaltyDuration, default: d.penaltyDuration)
        maxPenaltyDuration = try c.decode(.maxPenaltyDuration, default: d.maxPenaltyDuration)
        penaltyCostMultiplier = try c.decode(.penaltyCostMultiplier, default: d.penaltyCostMultiplier)
        processingOnBatteryAfter = try c.decode(.processingOnBatteryAfter, default: d.processingOnBatteryAfter)
        usageHalfLife = try c.decode(.usageHalfLife, default: d.usageHalfLife)
        usageLearningPeriod = try c.decode(.usageLearningPeriod, default: d.usageLearningPeriod)
        usageLookahead = try c.decode(.usageLookahead, default: d.usageLookahead)
        likelyUseThreshold = try c.decode(.likelyUseThreshold, default: d.likelyUseThreshold)
        likelyUseShareOfPeak = try c.decode(.likelyUseShareOfPeak, default: d.likelyUseShareOfPeak)
        dataCapacity = try c.decode(.dataCapacity, default: d.dataCapacity)
        dataRefillInterval = try c.decode(.dataRefillInterval, default: d.dataRefillInterval)
        dataLaunchCost = try c.decode(.dataLaunchCost, default: d.dataLaunchCost)
        clockJumpTolerance = try c.decode(.clockJumpTolerance, default: d.clockJumpTolerance)
        decisionLogLimit = try c.decode(.decisionLogLimit, default: d.decisionLogLimit)
        runHistoryLimit = try c.decode(.runHistoryLimit, default: d.runHistoryLimit)
    }

    /// The allowance of a task kind.
    public func allowance(_ kind: BGTaskKind) -> Double {
        kind == .appRefresh ? appRefreshAllowance : processingAllowance
    }

    /// The pending-request limit of a task kind.
    public func pendingLimit(_ kind: BGTaskKind) -> Int {
        kind == .appRefresh ? maxPendingAppRefresh : maxPendingProcessing
    }
}
