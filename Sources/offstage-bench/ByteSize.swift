import Foundation

/// Byte counts as the bench reads and prints them: `256m`, `1g`, `1 GiB`.
enum ByteSize {
    /// Parses `N`, `Nk`, `Nm`, `Ng` (binary units; `kib`/`mb`/`gib`… spellings too); nil when malformed.
    static func parse(_ text: String) -> Int64? {
        let lower = text.lowercased()
        let digits = lower.prefix { $0.isNumber || $0 == "." }
        var unit = String(lower.dropFirst(digits.count))
        for suffix in ["ib", "b"] where unit.hasSuffix(suffix) {
            unit = String(unit.dropLast(suffix.count))
            break
        }
        let multipliers: [String: Double] = ["": 1, "k": 0x1p10, "m": 0x1p20, "g": 0x1p30, "t": 0x1p40]
        guard let number = Double(digits), let multiplier = multipliers[unit] else { return nil }
        let value = (number * multiplier).rounded()
        guard value >= 1, value < 1e18 else { return nil }
        return Int64(value)
    }

    /// `1 GiB`, `256 MiB`, `1.5 GiB`, `4096 B`.
    static func text(_ bytes: Int64) -> String {
        let units: [(String, Int64)] = [("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)]
        for (name, scale) in units where bytes >= scale {
            let value = Double(bytes) / Double(scale)
            let digits = value == value.rounded() ? 0 : 1
            return "\(Fixed.text(value, digits)) \(name)"
        }
        return "\(bytes) B"
    }
}

/// Fixed-point decimal text for the table.
enum Fixed {
    static func text(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
