import Foundation

/// What a replay found for one identifier.
public struct IdentifierReport: Codable, Sendable, Equatable {
    /// The task identifier.
    public var identifier: String
    /// App refresh or processing.
    public var kind: BGTaskKind
    /// Runs (launches that ended) over the whole replay.
    public var runs: Int
    /// Runs per simulated day.
    public var runsPerDay: Double
    /// Median seconds from the requested time (earliest date) to the launch.
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
    /// How the runs ended, by outcome name.
    public var outcomes: [String: Int]
    /// Seconds the due request waited, per reason category (nil: not tallied; see `SchedulerSimulation.run`).
    public var waitTime: [String: Double]?
}

/// The result of `offstage simulate`: JSON-encodable, and renderable as a table and a timeline chart.
public struct SimulationReport: Codable, Sendable, Equatable {
    /// Simulated days.
    public var days: Int
    /// The usage profile.
    public var usage: UsageProfile
    /// The user's own times of day to open the app, when given (`--opens`).
    public var opens: DailyOpens?
    /// The seed.
    public var seed: UInt64
    /// How many times the user opened an app.
    public var userOpens: Int
    /// The user's opens in each hour of the day (24 counts, the first 00:00–00:59).
    public var opensByHour: [Int]
    /// One entry per identifier, in configuration order.
    public var identifiers: [IdentifierReport]

    /// The report of one identifier.
    public func identifier(_ id: String) -> IdentifierReport? {
        identifiers.first { $0.identifier == id }
    }

    /// Who the user is, for headers: `usage daily` or `opens at 08:00, 12:30`.
    public var userText: String {
        opens.map { "opens at \($0.text)" } ?? "usage \(usage.rawValue)"
    }

    /// A table of the figures followed by the chart by day, and with `hourly` the chart by hour of the day.
    public func render(hourly: Bool = false) -> String {
        let width = max(10, identifiers.map(\.identifier.count).max() ?? 10)
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        func delay(_ d: Double?) -> String { d.map { DurationText.short($0) } ?? "-" }
        var lines = [
            "\(days) days, \(userText), seed \(seed): the user opened the app \(userOpens) times", "",
        ]
        let columns = "  runs/day  delay median   p90     max  days without a run  before use  01–05"
        lines.append(pad("identifier", width) + columns)
        for r in identifiers {
            let perDay = "\((r.runsPerDay * 10).rounded() / 10)"
            let night = HourOfDayFigures.share(r.runsByHour, in: 1..<5)
            lines.append(
                pad(r.identifier, width) + "  " + pad(perDay, 8) + "  " + pad(delay(r.medianDelay), 12) + " "
                    + pad(delay(r.p90Delay), 7) + " " + pad(delay(r.maxDelay), 7) + " "
                    + pad("\(r.daysWithoutRun) of \(days)", 20) + pad(Self.percent(r.runsBeforeUse), 12)
                    + Self.percent(night))
        }
        lines.append("")
        lines.append(chart())
        if hourly {
            lines.append("")
            lines.append(
                HourOfDayChart.render(
                    rows: [("opens", opensByHour)] + identifiers.map { ($0.identifier, $0.runsByHour) }))
        }
        return lines.joined(separator: "\n")
    }

    /// A share as a whole percentage (`-` for none).
    static func percent(_ share: Double?) -> String {
        guard let share else { return "-" }
        let value = Clamped.int((share * 100).rounded())
        return value == 0 && share > 0 ? "<1%" : "\(value)%"
    }

    /// One row per identifier, one cell per day: `·` no run, `░` 1–2, `▒` 3–8, `▓` 9–24, `█` 25 or more runs.
    public func chart() -> String {
        let width = max(10, identifiers.map(\.identifier.count).max() ?? 10)
        var lines: [String] = []
        let scale = (0..<days).map { $0 % 7 == 0 ? "|" : " " }.joined()
        lines.append(String(repeating: " ", count: width + 2) + scale)
        for r in identifiers {
            let cells = r.runsByDay.map(Self.dayCell)
            lines.append(r.identifier + String(repeating: " ", count: width - r.identifier.count + 2) + cells.joined())
        }
        lines.append("one cell per day: · none  ░ 1–2  ▒ 3–8  ▓ 9–24  █ 25+ runs")
        return lines.joined(separator: "\n")
    }

    static func dayCell(_ runs: Int) -> String {
        switch runs {
        case 0: "·"
        case 1...2: "░"
        case 3...8: "▒"
        case 9...24: "▓"
        default: "█"
        }
    }
}

extension SimulationEngine {
    /// Builds the report from the runs collected.
    func report() -> SimulationReport {
        var waits = self.waits
        waits?.advance(to: end)
        var reports: [IdentifierReport] = []
        for app in setup.apps {
            for handler in app.configuration.handlers {
                let list = runs[handler.identifier] ?? []
                var byDay = Array(repeating: 0, count: setup.days)
                var outcomes: [String: Int] = [:]
                let times = list.map { $0.launchedAt.timeIntervalSince(setup.start) }
                for (run, time) in zip(list, times) {
                    byDay[min(max(0, Clamped.int(time / 86_400)), byDay.count - 1)] += 1
                    outcomes[run.outcome.rawValue, default: 0] += 1
                }
                let delays = list.map(\.delay).sorted()
                reports.append(
                    IdentifierReport(
                        identifier: handler.identifier, kind: handler.kind, runs: list.count,
                        runsPerDay: Double(list.count) / Double(max(setup.days, 1)),
                        medianDelay: Self.percentile(delays, 0.5), p90Delay: Self.percentile(delays, 0.9),
                        maxDelay: delays.last,
                        daysWithoutRun: byDay.filter { $0 == 0 }.count, runsByDay: byDay,
                        runsByHour: HourOfDayFigures.counts(times),
                        runsBeforeUse: HourOfDayFigures.shareBeforeUse(runs: times, opens: opens),
                        outcomes: outcomes, waitTime: waits.map { $0.seconds[handler.identifier] ?? [:] }))
            }
        }
        return SimulationReport(
            days: setup.days, usage: setup.usage, opens: setup.opens, seed: setup.seed,
            userOpens: opens.count,
            opensByHour: HourOfDayFigures.counts(opens), identifiers: reports)
    }

    /// Nearest-rank percentile of sorted values.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Clamped.int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
