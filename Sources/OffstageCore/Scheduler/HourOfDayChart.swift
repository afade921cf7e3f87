import Foundation

/// `simulate --hourly`: counts by hour of the day as rows of bars, one column per hour, each row scaled to its own
/// busiest hour, so when the user opens the app and when its tasks run read side by side.
public enum HourOfDayChart {
    /// Bar heights from a sliver to the busiest hour.
    static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The chart: a scale line, one line per row (its name, then 24 cells), and the legend.
    public static func render(rows: [(name: String, counts: [Int])]) -> String {
        let width = max(10, rows.map(\.name.count).max() ?? 10)
        func pad(_ s: String, _ n: Int) -> String {
            s + String(repeating: " ", count: max(0, n - s.count))
        }
        var scale = ""
        for hour in 0..<24 {
            scale += hour % 6 == 0 ? (hour < 10 ? "0\(hour)" : "\(hour)") : "  "
        }
        var lines = [pad("hour of the day", width + 2) + scale.trimmingCharacters(in: .whitespaces)]
        for row in rows {
            lines.append(pad(row.name, width + 2) + cells(row.counts).map { String($0) }.joined(separator: " "))
        }
        lines.append(
            "one column per hour: · none, ▁ to █ up to the row's busiest hour (runs and opens over all days)"
        )
        return lines.joined(separator: "\n")
    }

    /// One glyph per hour: `·` for none, else a bar scaled to the largest count (a sliver is at least `▁`).
    static func cells(_ counts: [Int]) -> [Character] {
        let top = counts.max() ?? 0
        return (0..<24).map { hour in
            let count = hour < counts.count ? counts[hour] : 0
            guard count > 0, top > 0 else { return "·" }
            let level = Clamped.int((Double(count) / Double(top) * Double(bars.count)).rounded(.up)) - 1
            return bars[min(max(level, 0), bars.count - 1)]
        }
    }
}
