/// Strict parsing of the numbers people type on the command line: plain ASCII decimal digits only.
///
/// `Double("1e308")`, `Double("0x1p1023")`, `Double("inf")` and `Int("+5")` all succeed in Swift; a user's
/// duration, count or priority is never meant as any of those, so these parsers accept only what the usage
/// text shows and never return a non-finite value.
public enum NumberText {
    /// A non-negative decimal number written with ASCII digits and at most one `.` (no sign, exponent, hex,
    /// white space or other scripts' digits), at most 30 characters; nil otherwise. Always finite.
    public static func decimal(_ text: Substring) -> Double? {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= 30 else { return nil }
        var dots = 0
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                dots += 1
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits += 1
            } else {
                return nil
            }
        }
        guard dots <= 1, digits > 0, let value = Double(String(text)), value.isFinite else { return nil }
        return value
    }

    /// A non-negative whole number of ASCII digits only, at most 18 of them (so it always fits); nil otherwise.
    public static func wholeNumber(_ text: Substring) -> Int? {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= 18, bytes.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(String(text))
    }

    /// Seconds from `90`, `1.5`, `30s`, `10m`, `2h` or `1d`: a `decimal` with an optional unit; nil otherwise.
    /// The result is finite but not capped (callers apply their own limit).
    public static func seconds(_ text: Substring) -> Double? {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var number = text
        var factor = 1.0
        if let last = text.last, let unit = units[last] {
            number = number.dropLast()
            factor = unit
        }
        guard let value = decimal(number) else { return nil }
        return value * factor
    }
}
