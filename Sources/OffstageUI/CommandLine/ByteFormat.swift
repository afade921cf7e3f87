import Foundation
import OffstageCore

/// Human formatting of sizes, rates and progress.
public enum ByteFormat {
    /// `1.2 GB`-style decimal sizes (as curl and most download managers show them).
    public static func size(_ bytes: Int64) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(max(0, bytes))
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(Int(value)) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// `47% 1.2/2.5 GB`, or just the size when the total is unknown.
    public static func progress(_ bytes: Int64, of total: Int64) -> String {
        guard total > 0 else { return size(bytes) }
        let percent = Clamped.int((Double(bytes) / Double(total) * 100).rounded(.down))
        return "\(percent)% \(size(bytes))/\(size(total))"
    }

    /// `28 %` of the total, or the size when the total is unknown.
    public static func percent(_ bytes: Int64, of total: Int64) -> String {
        guard total > 0 else { return size(bytes) }
        return "\(Clamped.int((Double(bytes) / Double(total) * 100).rounded(.down))) %"
    }

    /// Pads or cuts to a column width.
    public static func pad(_ text: String, _ width: Int) -> String {
        if text.count >= width { return String(text.prefix(width)) }
        return text + String(repeating: " ", count: width - text.count)
    }
}
