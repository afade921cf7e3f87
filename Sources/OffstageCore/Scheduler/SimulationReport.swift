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
    /// Runs in each hour (days × 24 cells).
    public var runsByHour: [Int]
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
    /// The seed.
    public var seed: UInt64
    /// How many times the user opened an app.
    public var userOpens: Int
    /// One entry per identifier, in configuration order.
    public var identifiers: [IdentifierReport]

    /// The report of one identifier.
    public func identifier(_ id: String) -> IdentifierReport? {
        identifiers.first { $0.identifier == id }
    }

    /// A table of the figures followed by the chart.
    public func render(hourly: Bool = false) -> String {
        let width = max(10, identifiers.map(\.identifier.count).max() ?? 10)
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        func delay(_ d: Double?) -> String { d.map { DurationText.short($0) } ?? "-" }
        var lines = [
            "\(days) days, usage \(usage.rawValue), seed \(seed): the user opened the app \(userOpens) times", "",
        ]
        lines.append(pad("identifier", width) + "  runs/day  delay median   p90     max  days without a run")
        for r in identifiers {
            let perDay = "\((r.runsPerDay * 10).rounded() / 10)"
            lines.append(
                pad(r.identifier, width) + "  " + pad(perDay, 8) + "  " + pad(delay(r.medianDelay), 12) + " "
                    + pad(delay(r.p90Delay), 7) + " " + pad(delay(r.maxDelay), 7) + " \(r.daysWithoutRun) of \(days)")
        }
        lines.append("")
        lines.append(chart(hourly: hourly))
        return lines.joined(separator: "\n")
    }

    /// One row per identifier. Daily cells: `·` no run, `░` 1–2, `▒` 3–8, `▓` 9–24, `█` 25 or more runs;
    /// hourly cells: `·` none, `█` at least one run.
    public func chart(hourly: Bool = false) -> String {
        let width = max(10, identifiers.map(\.identifier.count).max() ?? 10)
        var lines: [String] = []
        let legend =
            hourly ? "one cell per hour: · none  █ ran" : "one cell per day: · none  ░ 1–2  ▒ 3–8  ▓ 9–24  █ 25+ runs"
        let scale =
            hourly
            ? String(repeating: "|" + String(repeating: " ", count: 23), count: days)
            : (0..<days).map { $0 % 7 == 0 ? "|" : " " }.joined()
        lines.append(String(repeating: " ", count: width + 2) + scale)
        for r in identifiers {
            let cells = hourly ? r.runsByHour.map { $0 > 0 ? "█" : "·" } : r.runsByDay.map(Self.dayCell)
            lines.append(r.identifier + String(repeating: " ", count: width - r.identifier.count + 2) + cells.joined())
        }
        lines.append(legend)
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
                var byHour = Array(repeating: 0, count: setup.days * 24)
                var outcomes: [String: Int] = [:]
                for run in list {
                    let offset = run.launchedAt.timeIntervalSince(setup.start)
                    let hour = min(max(0, Clamped.int(offset / 3600)), byHour.count - 1)
                    byHour[hour] += 1
                    byDay[hour / 24] += 1
                    outcomes[run.outcome.rawValue, default: 0] += 1
                }
                let delays = list.map(\.delay).sorted()
                reports.append(
                    IdentifierReport(
                        identifier: handler.identifier, kind: handler.kind, runs: list.count,
                        runsPerDay: Double(list.count) / Double(max(setup.days, 1)),
                        medianDelay: Self.percentile(delays, 0.5), p90Delay: Self.percentile(delays, 0.9),
                        maxDelay: delays.last,
                        daysWithoutRun: byDay.filter { $0 == 0 }.count, runsByDay: byDay, runsByHour: byHour,
                        outcomes: outcomes, waitTime: waits.map { $0.seconds[handler.identifier] ?? [:] }))
            }
        }
        return SimulationReport(
            days: setup.days, usage: setup.usage, seed: setup.seed, userOpens: opens, identifiers: reports)
    }

    /// Nearest-rank percentile of sorted values.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let rank = Clamped.int((p * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
