import Foundation

/// One task's figures as the side-by-side table shows them, from either platform's report.
struct SimulatedTaskRow: Sendable {
    /// `iOS` or `Android`.
    var platform: String
    /// Identifier or work name.
    var name: String
    /// `app refresh`, `processing` or `periodic work`.
    var kind: String
    /// The interval it asks for, in words.
    var every: String
    /// Its constraints in words (`-`: none).
    var needs: String
    /// Runs per day.
    var runsPerDay: Double
    /// Delay median, 90th percentile, maximum (seconds).
    var delays: (Double?, Double?, Double?)
    /// Days without a run.
    var daysWithoutRun: Int
    /// Runs on each day.
    var runsByDay: [Int]
    /// Runs in each hour of the day (24 counts).
    var runsByHour: [Int]
    /// The share of runs within 3 h before the hour of an open (nil: no runs).
    var runsBeforeUse: Double?
    /// Seconds waited while due, per reason category.
    var waitTime: [String: Double]
}

extension PlatformSimulationReport {
    /// The header, the table, what held each task, the Android device's time in buckets and Doze, and the chart.
    /// `tasks` gives the iOS handlers' kinds and needs (the Android report carries its own).
    public func render(tasks: [TaskHandlerConfiguration], hourly: Bool = false) -> String {
        let rows = iosRows(tasks) + androidRows()
        guard
            let first = ios.map({ ($0.days, $0.userText, $0.seed, $0.userOpens, $0.opensByHour) })
                ?? android.map({ ($0.days, $0.userText, $0.seed, $0.userOpens, $0.opensByHour) })
        else { return "" }
        let (days, user, seed, opens, opensByHour) = first
        let who = platform == .both ? ", the same user and device on iOS and Android" : " (Android)"
        var lines = [
            "\(days) days, \(user), seed \(seed): the user opened the app \(opens) times\(who)", "",
        ]
        lines += Self.table(rows, days: days)
        lines += ["", "What held each task while it was due (share of its waiting time, top 3):"]
        let width = Self.nameWidth(rows)
        for row in rows {
            lines.append(Self.pad(row.platform, 8) + Self.pad(row.name, width) + "  " + Self.reasons(row.waitTime))
        }
        if let android {
            lines += ["", Self.deviceLine(android)]
        }
        lines += ["", Self.chart(rows, days: days)]
        if hourly {
            let named = rows.map { (name: Self.pad($0.platform, 8) + $0.name, counts: $0.runsByHour) }
            lines += ["", HourOfDayChart.render(rows: [("opens", opensByHour)] + named)]
        }
        return lines.joined(separator: "\n")
    }

    /// The iOS report's rows, with kinds and needs from the handlers.
    private func iosRows(_ tasks: [TaskHandlerConfiguration]) -> [SimulatedTaskRow] {
        guard let ios else { return [] }
        return ios.identifiers.map { r in
            let handler = tasks.first { $0.identifier == r.identifier }
            var needs: [String] = []
            if handler?.requiresNetworkConnectivity == true { needs.append("network") }
            if handler?.requiresExternalPower == true { needs.append("power") }
            return SimulatedTaskRow(
                platform: "iOS", name: r.identifier, kind: r.kind == .appRefresh ? "app refresh" : "processing",
                every: handler?.interval.map { DurationText.short($0) } ?? "-",
                needs: needs.isEmpty ? "-" : needs.joined(separator: ", "), runsPerDay: r.runsPerDay,
                delays: (r.medianDelay, r.p90Delay, r.maxDelay), daysWithoutRun: r.daysWithoutRun,
                runsByDay: r.runsByDay, runsByHour: r.runsByHour, runsBeforeUse: r.runsBeforeUse,
                waitTime: r.waitTime ?? [:])
        }
    }

    /// The Android report's rows.
    private func androidRows() -> [SimulatedTaskRow] {
        guard let android else { return [] }
        return android.works.map { w in
            SimulatedTaskRow(
                platform: "Android", name: w.name, kind: w.interval == nil ? "one-time work" : "periodic work",
                every: w.interval.map { DurationText.short($0) } ?? "once",
                needs: w.constraints.isEmpty ? "-" : w.constraints, runsPerDay: w.runsPerDay,
                delays: (w.medianDelay, w.p90Delay, w.maxDelay), daysWithoutRun: w.daysWithoutRun,
                runsByDay: w.runsByDay, runsByHour: w.runsByHour, runsBeforeUse: w.runsBeforeUse,
                waitTime: w.waitTime)
        }
    }

    /// `s` padded with spaces to `n` characters.
    static func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }

    /// The width of the name column.
    static func nameWidth(_ rows: [SimulatedTaskRow]) -> Int { max(10, rows.map(\.name.count).max() ?? 10) }

    /// The figures, one row per task.
    static func table(_ rows: [SimulatedTaskRow], days: Int) -> [String] {
        let width = nameWidth(rows)
        func delay(_ d: Double?) -> String { d.map { DurationText.short($0) } ?? "-" }
        var lines = [
            pad("", 8) + pad("task", width) + "  " + pad("kind", 14) + pad("every", 8) + pad("needs", 16)
                + "runs/day  delay median   p90     max  days without a run  before use  01–05"
        ]
        for r in rows {
            let perDay = "\((r.runsPerDay * 10).rounded() / 10)"
            lines.append(
                pad(r.platform, 8) + pad(r.name, width) + "  " + pad(r.kind, 14) + pad(r.every, 8) + pad(r.needs, 16)
                    + pad(perDay, 8) + "  " + pad(delay(r.delays.0), 12) + " " + pad(delay(r.delays.1), 7) + " "
                    + pad(delay(r.delays.2), 7) + " " + pad("\(r.daysWithoutRun) of \(days)", 20)
                    + pad(SimulationReport.percent(r.runsBeforeUse), 12)
                    + SimulationReport.percent(HourOfDayFigures.share(r.runsByHour, in: 1..<5)))
        }
        return lines
    }

    /// The top three reasons by waiting time with their shares, and the total.
    static func reasons(_ waitTime: [String: Double]) -> String {
        let total = waitTime.values.reduce(0, +)
        guard total > 0 else { return "never waited once due" }
        let top = waitTime.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(3)
        let parts = top.map { "\($0.key) \(percent($0.value / total))" }
        return parts.joined(separator: ", ") + " (waited \(DurationText.short(total)) in all)"
    }

    /// A share as a whole percentage, `<1%` for a sliver.
    static func percent(_ share: Double) -> String {
        let value = Clamped.int((share * 100).rounded())
        return value == 0 && share > 0 ? "<1%" : "\(value)%"
    }

    /// Where the Android device spent its time: buckets and Doze.
    static func deviceLine(_ report: AndroidSimulationReport) -> String {
        let total = Double(max(report.days, 1)) * 86_400
        let buckets = StandbyBucket.allCases.compactMap { bucket -> String? in
            guard let seconds = report.bucketTime[bucket.title], seconds > 0 else { return nil }
            return "\(bucket.title) \(percent(seconds / total))"
        }
        return "Android device: the app was " + buckets.joined(separator: ", ") + " of the time (bucket); dozing "
            + percent(report.dozingTime / total) + ", in Doze maintenance windows "
            + percent(report.maintenanceTime / total)
    }

    /// One row per task, one cell per day, as the iOS chart draws it.
    static func chart(_ rows: [SimulatedTaskRow], days: Int) -> String {
        let width = nameWidth(rows) + 8
        let scale = (0..<days).map { $0 % 7 == 0 ? "|" : " " }.joined()
        var lines = [String(repeating: " ", count: width + 2) + scale]
        for r in rows {
            let cells = r.runsByDay.map(SimulationReport.dayCell).joined()
            lines.append(pad(pad(r.platform, 8) + r.name, width + 2) + cells)
        }
        lines.append("one cell per day: · none  ░ 1–2  ▒ 3–8  ▓ 9–24  █ 25+ runs")
        return lines.joined(separator: "\n")
    }
}
