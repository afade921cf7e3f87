import OffstageCore

/// Durations in stories: `90`, `1.5`, `30s`, `10m`, `2h`, `1d` (as the command line takes them).
public enum StoryDuration {
    /// Seconds from `text`, or nil when it is not a duration.
    public static func seconds(_ text: String) -> Double? {
        NumberText.seconds(Substring(text))
    }

    /// `30s`, `10m`, `1.5h`: the shortest way to write `seconds` back.
    public static func text(_ seconds: Double) -> String {
        for (unit, size) in [("d", 86400.0), ("h", 3600.0), ("m", 60.0)] where seconds >= size {
            let value = seconds / size
            if value == value.rounded() { return "\(Int(value))\(unit)" }
        }
        if seconds == seconds.rounded() { return "\(Int(seconds))s" }
        return "\((seconds * 10).rounded() / 10)s"
    }

    /// A span of engine time for people: `12 min 30 s`, `2 h 5 min`, `3 d 4 h`, `0.4 s`.
    public static func spoken(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "forever" }
        if seconds < 10 { return "\((seconds * 10).rounded() / 10) s" }
        let whole = Clamped.int(seconds.rounded())
        let (days, hours, minutes, rest) = (
            whole / 86400, whole % 86400 / 3600, whole % 3600 / 60, whole % 60
        )
        if days > 0 { return hours > 0 ? "\(days) d \(hours) h" : "\(days) d" }
        if hours > 0 { return minutes > 0 ? "\(hours) h \(minutes) min" : "\(hours) h" }
        if minutes > 0 { return rest > 0 ? "\(minutes) min \(rest) s" : "\(minutes) min" }
        return "\(rest) s"
    }
}
