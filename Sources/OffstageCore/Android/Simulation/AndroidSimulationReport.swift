import Foundation

/// What an Android replay found for one work request.
public struct WorkRunReport: Codable, Sendable, Equatable {
    /// The unique-work name.
    public var name: String
    /// The periodic interval in seconds (nil: one-time work).
    public var interval: Double?
    /// Its constraints in words (empty: none).
    public var constraints: String
    /// Runs started over the whole replay.
    public var runs: Int
    /// Runs per simulated day.
    public var runsPerDay: Double
    /// Median seconds from the time it became due to its start.
    public var medianDelay: Double?
    /// 90th-percentile delay in seconds.
    public var p90Delay: Double?
    /// Largest delay in seconds.
    public var maxDelay: Double?
    /// Days on which it never ran.
    public var daysWithoutRun: Int
    /// Runs on each day.
    public var runsByDay: [Int]
    /// Runs in each hour of the day (24 counts, the first 00:00–00:59).
    public var runsByHour: [Int]
    /// The share of runs that came at most 3 h before the hour of an open, and before it (nil: no runs).
    public var runsBeforeUse: Double?
    /// How the runs ended: `success`, a stop reason's constant name, or `running` at the end.
    public var outcomes: [String: Int]
    /// Seconds it waited while due, per reason category.
    public var waitTime: [String: Double]
}

/// The result of `offstage simulate --platform android`: JSON-encodable, renderable like the iOS report.
public struct AndroidSimulationReport: Codable, Sendable, Equatable {
    /// Simulated days.
    public var days: Int
    /// The usage profile.
    public var usage: UsageProfile
    /// The user's own times of day to open the app, when given (`--opens`).
    public var opens: DailyOpens?
    /// The seed.
    public var seed: UInt64
    /// How many times the user opened the app.
    public var userOpens: Int
    /// The user's opens in each hour of the day (24 counts, the first 00:00–00:59).
    public var opensByHour: [Int]
    /// One entry per work request, in setup order.
    public var works: [WorkRunReport]
    /// Seconds spent in each standby bucket (by its title).
    public var bucketTime: [String: Double]
    /// Seconds the device dozed outside maintenance windows.
    public var dozingTime: Double
    /// Seconds inside Doze maintenance windows.
    public var maintenanceTime: Double
    /// Seconds the device was in Doze while the app was open (0: opening the app always wakes the device).
    public var dozingWhileOpen: Double

    /// Who the user is, for headers: `usage daily` or `opens at 08:00, 12:30`.
    public var userText: String {
        opens.map { "opens at \($0.text)" } ?? "usage \(usage.rawValue)"
    }

    /// The report of one work request.
    public func work(_ name: String) -> WorkRunReport? {
        works.first { $0.name == name }
    }
}

extension AndroidSimulationEngine {
    /// Builds the report from the runs recorded.
    func report() -> AndroidSimulationReport {
        var works: [WorkRunReport] = []
        for item in setup.works {
            let list = runs.filter { $0.name == item.name }
            var byDay = Array(repeating: 0, count: setup.days)
            var outcomes: [String: Int] = [:]
            for run in list {
                byDay[min(max(0, Clamped.int(run.startedAt / 86_400)), byDay.count - 1)] += 1
                outcomes[run.outcome, default: 0] += 1
            }
            let times = list.map(\.startedAt)
            let delays = list.map(\.delay).sorted()
            works.append(
                WorkRunReport(
                    name: item.name, interval: item.spec.kind.schedule?.interval,
                    constraints: item.spec.constraints.text, runs: list.count,
                    runsPerDay: Double(list.count) / Double(max(setup.days, 1)),
                    medianDelay: SimulationEngine.percentile(delays, 0.5),
                    p90Delay: SimulationEngine.percentile(delays, 0.9), maxDelay: delays.last,
                    daysWithoutRun: byDay.filter { $0 == 0 }.count, runsByDay: byDay,
                    runsByHour: HourOfDayFigures.counts(times),
                    runsBeforeUse: HourOfDayFigures.shareBeforeUse(runs: times, opens: opens),
                    outcomes: outcomes, waitTime: waits.seconds[item.name] ?? [:]))
        }
        let device = bucketTime.seconds
        return AndroidSimulationReport(
            days: setup.days, usage: setup.usage, opens: setup.opens, seed: setup.seed,
            userOpens: opens.count,
            opensByHour: HourOfDayFigures.counts(opens), works: works,
            bucketTime: device["bucket"] ?? [:], dozingTime: device["doze"]?["dozing"] ?? 0,
            maintenanceTime: device["doze"]?["maintenance window"] ?? 0,
            dozingWhileOpen: device["dozing while open"]?["yes"] ?? 0)
    }
}
