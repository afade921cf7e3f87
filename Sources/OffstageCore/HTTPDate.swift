import Foundation

/// Parsing of the IMF-fixdate form of HTTP dates (`Sun, 06 Nov 1994 08:49:37 GMT`).
public enum HTTPDate {
    /// Parses an HTTP date; nil when it is not in IMF-fixdate form.
    public static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ")
        // Fixed-width ASCII fields only, each in range, so no absurd number ever reaches the calendar.
        func number(_ text: Substring, width: Int, in range: ClosedRange<Int>) -> Int? {
            guard text.utf8.count == width, text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text),
                range.contains(value)
            else { return nil }
            return value
        }
        guard parts.count == 6, parts[5] == "GMT", let day = number(parts[1], width: 2, in: 1...31),
            let year = number(parts[3], width: 4, in: 1...9999)
        else { return nil }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        guard let monthIndex = months.firstIndex(of: String(parts[2])) else { return nil }
        let pieces = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        let limits = [0...23, 0...59, 0...60]
        guard pieces.count == 3 else { return nil }
        let clock = zip(pieces, limits).compactMap { number($0, width: 2, in: $1) }
        guard clock.count == 3 else { return nil }
        var components = DateComponents()
        components.year = year
        components.month = monthIndex + 1
        components.day = day
        components.hour = clock[0]
        components.minute = clock[1]
        components.second = clock[2]
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        return calendar.date(from: components)
    }
}
