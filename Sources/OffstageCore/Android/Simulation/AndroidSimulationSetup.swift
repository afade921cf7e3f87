import Foundation

/// One periodic (or one-time) work request the simulated Android app enqueues at its first open.
public struct SimulatedWork: Codable, Sendable, Equatable {
    /// Its unique-work name (enqueued with KEEP, as an app does at every start).
    public var name: String
    /// The request.
    public var spec: WorkRequestSpec

    /// A simulated work request.
    public init(name: String, spec: WorkRequestSpec) {
        self.name = name
        self.spec = spec
    }
}

/// Everything an Android replay needs: how long, the user, the seed, the work, the system's numbers.
public struct AndroidSimulationSetup: Codable, Sendable, Equatable {
    /// Simulated days.
    public var days: Int
    /// How the user uses the app and the phone (the same `UsagePlan` as the iOS replay).
    public var usage: UsageProfile
    /// The user's own times of day to open the app, instead of the profile's (nil: the profile's).
    public var opens: DailyOpens?
    /// The seed of every random choice.
    public var seed: UInt64
    /// The app's work requests.
    public var works: [SimulatedWork]
    /// The Android system's numbers (bucket windows, Doze, quota).
    public var policy: AndroidPolicy
    /// How usage decides the standby bucket.
    public var buckets: BucketRule
    /// Midnight (UTC) of the first day.
    public var start: Date

    /// A setup.
    public init(
        days: Int, usage: UsageProfile, seed: UInt64 = 1, works: [SimulatedWork],
        policy: AndroidPolicy = AndroidPolicy(), buckets: BucketRule = BucketRule(),
        start: Date = Date(timeIntervalSince1970: 1_799_971_200), opens: DailyOpens? = nil
    ) {
        self.days = days
        self.usage = usage
        self.opens = opens
        self.seed = seed
        self.works = works
        self.policy = policy
        self.buckets = buckets
        self.start = start
    }

    /// The model app's Android work, mirroring the iOS sample configuration: `com.example.refresh`, periodic
    /// every 15 min with no constraint (5 s of work), and `com.example.feed`, periodic every hour on an
    /// unmetered network (60 s of work); the flex is the whole interval (WorkManager's default).
    public static func standard(days: Int, usage: UsageProfile, seed: UInt64 = 1) -> AndroidSimulationSetup {
        let refresh = WorkRequestSpec(
            worker: .simulated(seconds: 5, result: .success),
            kind: .periodic(PeriodicSchedule(interval: 900, flex: 900)))
        let feed = WorkRequestSpec(
            worker: .simulated(seconds: 60, result: .success),
            kind: .periodic(PeriodicSchedule(interval: 3600, flex: 3600)),
            constraints: WorkConstraints(network: .unmetered))
        return AndroidSimulationSetup(
            days: days, usage: usage, seed: seed,
            works: [
                SimulatedWork(name: "com.example.refresh", spec: refresh),
                SimulatedWork(name: "com.example.feed", spec: feed),
            ])
    }
}
