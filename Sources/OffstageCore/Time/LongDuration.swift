/// Durations past a day in days, months and years (`3 d 4 h`, `2 mo 5 d`, `9 y 11 mo`), never as hours that run
/// into the tens of thousands (`87599:57:39`).
///
/// A month is a twelfth of a year and a year 365.25 days. Each part is rounded down, so the text never claims
/// more than there is. Past 3,650 days (the longest delay any option takes) it reads `more than 10 years`.
public enum LongDuration {
    /// Seconds in a day.
    public static let day = 86_400.0
    /// Seconds in a year of 365.25 days.
    public static let year = 365.25 * day
    /// Seconds in a month (a twelfth of a year).
    public static let month = year / 12
    /// The longest duration written out in parts: 3,650 days.
    public static let longest = 3_650 * day

    /// `seconds` in days, months and years when it is at least a day (nil below a day, or for a value that is not a
    /// number): the two largest units, the second left out when it is zero.
    public static func text(_ seconds: Double) -> String? {
        guard !seconds.isNaN, seconds >= day else { return nil }
        guard seconds <= longest else { return "more than 10 years" }
        if seconds < month {
            let days = Int(seconds / day)
            return parts(days, "d", Int((seconds - Double(days) * day) / 3600), "h")
        }
        if seconds < year {
            let months = Int(seconds / month)
            return parts(months, "mo", Int((seconds - Double(months) * month) / day), "d")
        }
        let years = Int(seconds / year)
        return parts(years, "y", Int((seconds - Double(years) * year) / month), "mo")
    }

    /// `9 y 11 mo`, or `9 y` when the second part is zero.
    private static func parts(_ first: Int, _ firstUnit: String, _ second: Int, _ secondUnit: String)
        -> String
    {
        second > 0 ? "\(first) \(firstUnit) \(second) \(secondUnit)" : "\(first) \(firstUnit)"
    }
}
