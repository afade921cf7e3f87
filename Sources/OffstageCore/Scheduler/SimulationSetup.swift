import Foundation

/// One app in a virtual-time replay: its configuration and behaviour.
public struct SimulatedApp: Codable, Sendable, Equatable {
    /// A name for reports.
    public var name: String
    /// Info.plist and handlers.
    public var configuration: AppTaskConfiguration
    /// Which mistakes it makes.
    public var mistakes: AppMistakes

    /// A simulated app.
    public init(name: String, configuration: AppTaskConfiguration, mistakes: AppMistakes = AppMistakes()) {
        self.name = name
        self.configuration = configuration
        self.mistakes = mistakes
    }
}

/// Everything a replay needs: how long, how the user behaves, the seed, the apps and the policy.
public struct SimulationSetup: Codable, Sendable, Equatable {
    /// Simulated days.
    public var days: Int
    /// How the user uses the app and the phone.
    public var usage: UsageProfile
    /// The user's own times of day to open the app, instead of the profile's (nil: the profile's).
    public var opens: DailyOpens?
    /// The seed of every random choice.
    public var seed: UInt64
    /// The apps (each has its own scheduler, budget and limiter; they share the device).
    public var apps: [SimulatedApp]
    /// The policy.
    public var policy: SchedulerPolicyConfiguration
    /// The apps' life-cycle timings (their one relaunch rate limiter).
    public var lifecycle: AppLifecyclePolicy
    /// Midnight (UTC) of the first day.
    public var start: Date

    /// A setup.
    public init(
        days: Int, usage: UsageProfile, seed: UInt64 = 1, apps: [SimulatedApp],
        policy: SchedulerPolicyConfiguration = SchedulerPolicyConfiguration(),
        lifecycle: AppLifecyclePolicy = AppLifecyclePolicy(),
        start: Date = Date(timeIntervalSince1970: 1_799_971_200),
        opens: DailyOpens? = nil
    ) {
        self.days = days
        self.usage = usage
        self.opens = opens
        self.seed = seed
        self.apps = apps
        self.policy = policy
        self.lifecycle = lifecycle
        self.start = start
    }

    /// The model app of the lesson: an app refresh rescheduled every 15 min and a daily processing task
    /// that needs power and a network.
    public static func standard(days: Int, usage: UsageProfile, seed: UInt64 = 1) -> SimulationSetup {
        let handlers = [
            TaskHandlerConfiguration(
                identifier: "com.example.refresh", kind: .appRefresh,
                work: .simulatedWork(seconds: 5, honoursExpiration: true), interval: 900),
            TaskHandlerConfiguration(
                identifier: "com.example.db-cleanup", kind: .processing,
                work: .simulatedWork(seconds: 120, honoursExpiration: true), interval: 86_400,
                requiresNetworkConnectivity: true, requiresExternalPower: true),
        ]
        return SimulationSetup(
            days: days, usage: usage, seed: seed,
            apps: [SimulatedApp(name: "model", configuration: AppTaskConfiguration(handlers: handlers))])
    }

    /// `identifiers` identifiers spread over apps of one app refresh (every 15 min) and up to four processing
    /// tasks (daily) each, as Apple's pending limits allow.
    public static func many(days: Int, identifiers: Int, usage: UsageProfile = .daily, seed: UInt64 = 1)
        -> SimulationSetup
    {
        var apps: [SimulatedApp] = []
        var made = 0
        while made < identifiers {
            let app = apps.count
            var handlers = [TaskHandlerConfiguration(identifier: "app\(app).refresh", kind: .appRefresh, interval: 900)]
            made += 1
            while made < identifiers && handlers.count < 5 {
                handlers.append(
                    TaskHandlerConfiguration(
                        identifier: "app\(app).processing\(handlers.count)", kind: .processing,
                        work: .simulatedWork(seconds: 60, honoursExpiration: true),
                        interval: 86_400, requiresExternalPower: handlers.count % 2 == 0))
                made += 1
            }
            apps.append(SimulatedApp(name: "app\(app)", configuration: AppTaskConfiguration(handlers: handlers)))
        }
        return SimulationSetup(days: days, usage: usage, seed: seed, apps: apps)
    }
}
