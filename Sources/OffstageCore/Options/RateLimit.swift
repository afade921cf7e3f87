import Foundation

/// Bandwidth limits in bytes a second, spelt as curl's `--limit-rate` spells them (`500k`, `2m`, `1g`: 1024-based).
public enum RateLimit {
    /// The lowest limit (1k, 1024 bytes a second): below it a transfer would look stalled.
    public static let minimum: Int64 = 1024
    /// The highest limit (1t).
    public static let maximum: Int64 = 1 << 40

    /// Bytes a second from `500k`, `2m`, `1.5g`, `100000` (a decimal number with an optional k, m, g or t suffix,
    /// 1024-based as curl's); nil for `0`, `off` or `none` (no limit). Throws one line for anything else, or for a
    /// limit outside 1k…1t.
    public static func parse(_ text: String, what: String) throws(OptionRefusal) -> Int64? {
        let lowered = text.lowercased()
        if ["off", "none", "0"].contains(lowered) { return nil }
        let units: [Character: Double] = ["k": 1024, "m": 1024 * 1024, "g": 1024 * 1024 * 1024, "t": 1024 * 1024 * 1024 * 1024]
        var number = Substring(lowered)
        var factor = 1.0
        if let last = number.last, let unit = units[last] {
            number = number.dropLast()
            factor = unit
        }
        guard let value = NumberText.decimal(number) else {
            throw OptionRefusal(
                "\(what) takes a rate in bytes a second, such as 500k, 2m or 1g (1024-based), or off; not "
                    + TransferDaemon.printable(text))
        }
        let bytes = (value * factor).rounded()
        guard bytes >= Double(minimum), bytes <= Double(maximum) else {
            throw OptionRefusal("\(what) must be from 1k (1024 bytes a second) to 1t, or off; not \(TransferDaemon.printable(text))")
        }
        return Int64(bytes)
    }

    /// `512 KiB/s`, `2 MiB/s`, `1.5 GiB/s`, `1000 B/s`: the limit in the binary units curl's suffixes mean.
    public static func describe(_ bytesPerSecond: Int64) -> String {
        let units: [(Int64, String)] = [(1 << 40, "TiB"), (1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, unit) in units where bytesPerSecond >= size {
            let value = Double(bytesPerSecond) / Double(size)
            let rounded = (value * 10).rounded() / 10
            let text = rounded == rounded.rounded() ? String(Int64(rounded)) : String(format: "%.1f", rounded)
            return "\(text) \(unit)/s"
        }
        return "\(bytesPerSecond) B/s"
    }

    /// Each request's share of an engine-wide limit, given each request's own limit (nil: none): the limit is split
    /// evenly, and what a request limited below its share leaves is shared by the others (water-filling). With no
    /// engine-wide limit, each request keeps its own.
    public static func shares(total: Int64?, own: [Int64: Int64?]) -> [Int64: Int64?] {
        guard let total else { return own }
        var result: [Int64: Int64?] = [:]
        var left = Double(total)
        var open = own.count
        // Lowest own limit first; unlimited ones last (in id order, for a deterministic split).
        let ordered = own.sorted { ($0.value ?? .max, $0.key) < ($1.value ?? .max, $1.key) }
        for (id, limit) in ordered {
            let even = left / Double(max(open, 1))
            let share = limit.map { min(Double($0), even) } ?? even
            result[id] = max(1, Int64(share.rounded(.down)))
            left -= share
            open -= 1
        }
        return result
    }
}
