import OffstageCore

/// Short renderings of byte counts, speeds and durations for the dashboard.
public enum Format {
    /// `512 B`, `340 KB`, `1.2 MB`, `2.5 GB` (decimal units, one decimal below 100 of a unit).
    public static func bytes(_ count: Int64) -> String { ByteText.size(count) }

    /// `1.2/2.5 GB` when both are in the same unit as the total, else `340 KB/2.5 GB`.
    public static func bytes(_ count: Int64, of total: Int64) -> String {
        let (totalValue, unit) = scaled(Double(max(0, total)))
        if unit == "B" { return "\(max(0, count))/\(max(0, total)) B" }
        let factor = Double(max(0, total)) / max(totalValue, 1e-9)
        let countValue = Double(max(0, count)) / factor
        if countValue >= 0.05 || count == 0 { return number(countValue) + "/" + number(totalValue) + " " + unit }
        return bytes(count) + "/" + bytes(total)
    }

    /// `12.4 MB/s`.
    public static func speed(_ bytesPerSecond: Double) -> String {
        bytes(Int64(max(0, bytesPerSecond).rounded())) + "/s"
    }

    /// `0:07`, `1:45`, `2:03:04` (seconds rounded up, so a wait never looks shorter than it is); from a day on in
    /// days, months and years: `3 d 4 h`, `9 y 11 mo` (`LongDuration`).
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "∞" }
        if let long = LongDuration.text(seconds) { return long }
        let total = Int(max(0, seconds).rounded(.up))
        let hours = total / 3600, minutes = (total % 3600) / 60, secs = total % 60
        if hours > 0 { return "\(hours):" + twoDigits(minutes) + ":" + twoDigits(secs) }
        return "\(minutes):" + twoDigits(secs)
    }

    /// A time taken, as precise as a rate computed from it needs: `0.14 s` under a second, `2.3 s` under a
    /// minute, else `1:02` or `2:03:04` (so `13 B in 0.14 s (91 B/s)`, never `13 B in 0:01 (91 B/s)`).
    public static func elapsed(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "∞" }
        let s = max(0, seconds)
        if s < 0.995 { return "\(Int((s * 100).rounded()) / 100).\(twoDigits(Int((s * 100).rounded()) % 100)) s" }
        if s < 59.95 {
            let tenths = Int((s * 10).rounded())
            return "\(tenths / 10).\(tenths % 10) s"
        }
        return duration(s)
    }

    /// How long a running transfer has been stalled: `stalled 30 s`, `stalled 1:40` (whole seconds, rounded down,
    /// so it reads 30 s when 30 s have passed).
    public static func stalled(_ seconds: Double) -> String {
        let whole = seconds.isFinite ? Double(Int(max(0, min(seconds, 1e9)))) : 0
        return "stalled " + (whole < 60 ? "\(Int(whole)) s" : duration(whole))
    }

    /// A countdown: `45 s` under a minute, else `12:30` or `2:03:04`.
    public static func countdown(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "∞" }
        let s = max(0, seconds)
        if s < 59.5 { return "\(Int(s.rounded(.up))) s" }
        return duration(s)
    }

    /// The UTC time of day of `secondsSince1970` as `HH:MM:SS`.
    public static func clock(_ secondsSince1970: Double) -> String {
        guard secondsSince1970.isFinite else { return "--:--:--" }
        let whole = Int(secondsSince1970.rounded(.down))
        let day = ((whole % 86_400) + 86_400) % 86_400
        return twoDigits(day / 3600) + ":" + twoDigits((day % 3600) / 60) + ":" + twoDigits(day % 60)
    }

    /// `47%` of a fraction (rounded down, so 99.9% never reads as 100%).
    public static func percent(_ fraction: Double) -> String {
        "\(Int((min(1, max(0, fraction)) * 100).rounded(.down)))%"
    }

    /// A value and its decimal unit (`ByteText`'s).
    private static func scaled(_ value: Double) -> (Double, String) { ByteText.scaled(value) }

    /// One decimal below 100, none above (`ByteText`'s).
    private static func number(_ value: Double) -> String { ByteText.number(value) }

    /// `07`.
    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
