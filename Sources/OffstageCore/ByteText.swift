/// Sizes as a person reads them: `512 B`, `340 KB`, `1.2 MB`, `2.5 GB` (decimal units, one decimal below 100 of a
/// unit). The one size formatter: the event log's lines, the command line's views and the dashboard
/// (`Format.bytes`) all use it.
public enum ByteText {
    /// `512 B`, `340 KB`, `1.2 MB`, `2.5 GB`; a negative count reads as 0 B.
    public static func size(_ count: Int64) -> String {
        let (value, unit) = scaled(Double(max(0, count)))
        if unit == "B" { return "\(max(0, count)) B" }
        return number(value) + " " + unit
    }

    /// `1,048,576`: a whole count with its thousands grouped, for where every byte matters (a body one byte short).
    public static func grouped(_ count: Int64) -> String {
        let digits = String(count.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (count < 0 ? "-" : "") + groups.joined(separator: ",")
    }

    /// An exact count of bytes, grouped: `1 byte`, `1,999,990 bytes`.
    public static func exact(_ count: Int64) -> String {
        grouped(count) + (count == 1 ? " byte" : " bytes")
    }

    /// Part of a whole: `2.0 MB of 6.3 MB`; exact when both would read the same (`6,291,446 of 6,291,456
    /// bytes`), so a count a few bytes short never reads as the whole.
    public static func part(_ count: Int64, of total: Int64) -> String {
        let (part, whole) = (size(count), size(total))
        guard part == whole, count != total else { return part + " of " + whole }
        return grouped(count) + " of " + exact(total)
    }

    /// A value and its decimal unit (`B` to `PB`).
    public static func scaled(_ value: Double) -> (value: Double, unit: String) {
        let units = ["B", "KB", "MB", "GB", "TB", "PB"]
        var v = value
        var index = 0
        while v >= 999.95, index < units.count - 1 {
            v /= 1000
            index += 1
        }
        return (v, units[index])
    }

    /// One decimal below 100, none above: `1.2`, `12.4`, `340`.
    public static func number(_ value: Double) -> String {
        if value >= 99.95 { return "\(Int(value.rounded()))" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
