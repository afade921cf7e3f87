import Foundation

/// Figures by hour of the day for replays, whose times are seconds after midnight (UTC) of the first day.
public enum HourOfDayFigures {
    /// How far before the hour of an open a run still counts as ahead of that use (3 h).
    public static let aheadOfUse: Double = 10_800

    /// How many of `times` fall in each hour of the day (24 counts).
    public static func counts(_ times: [Double]) -> [Int] {
        var counts = Array(repeating: 0, count: 24)
        for time in times where time.isFinite && time >= 0 {
            counts[Clamped.int(time / 3600) % 24] += 1
        }
        return counts
    }

    /// The share of `runs` that came before an open of the app and at most `aheadOfUse` before the start of that
    /// open's hour (a run at 09:10 counts for an open at 12:30, one at 08:50 does not); nil without runs.
    /// `opens` must be sorted.
    public static func shareBeforeUse(runs: [Double], opens: [Double]) -> Double? {
        guard !runs.isEmpty else { return nil }
        var before = 0
        for run in runs {
            // The first open after the run: later opens' hours start later still.
            var low = 0
            var high = opens.count
            while low < high {
                let middle = (low + high) / 2
                if opens[middle] <= run { low = middle + 1 } else { high = middle }
            }
            guard low < opens.count else { continue }
            let hourStart = (opens[low] / 3600).rounded(.down) * 3600
            if run >= hourStart - aheadOfUse { before += 1 }
        }
        return Double(before) / Double(runs.count)
    }

    /// The share of the counts in the hours `hours` (e.g. `1..<5` for 01:00–05:00); nil when all are 0.
    public static func share(_ counts: [Int], in hours: Range<Int>) -> Double? {
        share(counts, in: [hours])
    }

    /// The share of the counts in any of the ranges of hours (e.g. `[23..<24, 0..<7]`); nil when all are 0.
    public static func share(_ counts: [Int], in ranges: [Range<Int>]) -> Double? {
        let total = counts.reduce(0, +)
        guard total > 0 else { return nil }
        let hours = Set(ranges.flatMap { $0.clamped(to: 0..<counts.count) })
        let part = hours.reduce(0) { $0 + counts[$1] }
        return Double(part) / Double(total)
    }
}
