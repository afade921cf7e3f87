import Foundation
import OffstageCore

/// Human formatting of sizes and progress for the command line, in the one unit style every view uses
/// (`Format`: decimal units, `340 KB`, `1.2 MB`, `2.5 GB`), so `ls`, `get` and the dashboard agree.
public enum ByteFormat {
    /// `1.2 GB`-style decimal sizes (`Format.bytes`, which is the one size formatter, `ByteText.size`).
    public static func size(_ bytes: Int64) -> String {
        Format.bytes(bytes)
    }

    /// `47% 1.2 GB/2.5 GB`, or just the size when the total is unknown.
    public static func progress(_ bytes: Int64, of total: Int64) -> String {
        guard total > 0 else { return size(bytes) }
        return "\(percent(bytes, of: total)) \(size(bytes))/\(size(total))"
    }

    /// `28%` of the total (rounded down, as `Format.percent`), or the size when the total is unknown.
    public static func percent(_ bytes: Int64, of total: Int64) -> String {
        guard total > 0 else { return size(bytes) }
        return Format.percent(Double(bytes) / Double(total))
    }

    /// Pads or cuts to a column width.
    public static func pad(_ text: String, _ width: Int) -> String {
        if text.count >= width { return String(text.prefix(width)) }
        return text + String(repeating: " ", count: width - text.count)
    }
}
