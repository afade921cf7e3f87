import Foundation

/// Both platforms' replays of one seeded user and device, side by side.
public struct PlatformSimulationReport: Codable, Sendable, Equatable {
    /// Which platforms ran.
    public var platform: PlatformProfile
    /// The iOS replay (with its wait tally), when it ran.
    public var ios: SimulationReport?
    /// The Android replay, when it ran.
    public var android: AndroidSimulationReport?
}

/// `offstage simulate --platform ios|android|both`: the one entry point the command line calls.
public enum PlatformSimulation {
    /// Replays `ios` and/or `android` (same days, usage and seed expected: the same user and device) and returns
    /// the text (table, reasons, chart) or the JSON. For `.ios` it is exactly the iOS report as before.
    public static func report(
        platform: PlatformProfile, ios: SimulationSetup, android: AndroidSimulationSetup, hourly: Bool, json: Bool
    ) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if platform == .ios {
            let report = SchedulerSimulation.run(ios)
            return json ? String(decoding: try encoder.encode(report), as: UTF8.self) : report.render(hourly: hourly)
        }
        let both = run(platform: platform, ios: ios, android: android)
        if json {
            if platform == .android, let report = both.android {
                return String(decoding: try encoder.encode(report), as: UTF8.self)
            }
            return String(decoding: try encoder.encode(both), as: UTF8.self)
        }
        return both.render(tasks: ios.apps.flatMap(\.configuration.handlers), hourly: hourly)
    }

    /// The same, for the model app of `config/` and the standard Android work (under `androidPolicy`), over
    /// `days` days of `usage` (the user opening the app at `opens` instead of the profile's times, when given).
    public static func report(
        platform: PlatformProfile, days: Int, usage: UsageProfile, opens: DailyOpens? = nil,
        seed: UInt64,
        app: SimulatedApp, policy: SchedulerPolicyConfiguration = SchedulerPolicyConfiguration(),
        androidPolicy: AndroidPolicy = AndroidPolicy(), hourly: Bool, json: Bool
    ) throws -> String {
        var android = AndroidSimulationSetup.standard(days: days, usage: usage, seed: seed)
        android.policy = androidPolicy
        android.opens = opens
        return try report(
            platform: platform,
            ios: SimulationSetup(
                days: days, usage: usage, seed: seed, apps: [app], policy: policy, opens: opens),
            android: android, hourly: hourly, json: json)
    }

    /// Runs the platforms `platform` includes (the iOS replay with its wait tally).
    public static func run(platform: PlatformProfile, ios: SimulationSetup, android: AndroidSimulationSetup)
        -> PlatformSimulationReport
    {
        PlatformSimulationReport(
            platform: platform,
            ios: platform.includesIOS ? SchedulerSimulation.run(ios, tallyingWaits: true) : nil,
            android: platform.includesAndroid ? AndroidSimulation.run(android) : nil)
    }
}
