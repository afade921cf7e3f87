import OffstageCore

/// The queue's totals in words, for the dashboard's header and `ls`'s last line, and what a view says while the
/// engine reads a big home.
public enum TotalsText {
    /// `reading 100,000 tasks…` (`tasks` nil: not counted yet), with the terminal's ellipsis.
    public static func loading(_ tasks: Int?, ellipsis: String = "…") -> String {
        guard let tasks else { return "reading the home's tasks" + ellipsis }
        return "reading " + Grouped.text(tasks) + " " + (tasks == 1 ? "task" : "tasks") + ellipsis
    }

    /// The parts of the totals a person reads, in order: `2 active`, `3 done`, `20.1/64.8 MB`, then the overall
    /// rate and ETA when something moves (`2.4 MB/s ETA 0:28`). `detailed`: waiting, paused, failed and cancelled
    /// tasks are named too when there are any.
    public static func parts(_ totals: TransferTotals, detailed: Bool = false) -> [String] {
        var parts = [Grouped.text(totals.active) + " active"]
        if detailed, totals.waiting > 0 { parts.append(Grouped.text(totals.waiting) + " waiting") }
        if detailed, totals.paused > 0 { parts.append(Grouped.text(totals.paused) + " paused") }
        parts.append(Grouped.text(totals.completed) + " done")
        if detailed, totals.failed > 0 { parts.append(Grouped.text(totals.failed) + " failed") }
        if detailed, totals.cancelled > 0 {
            parts.append(Grouped.text(totals.cancelled) + " cancelled")
        }
        parts.append(bytes(totals))
        if let rate = rate(totals) { parts.append(rate) }
        return parts
    }

    /// `1.2/4.8 GB`, with `+ 3 of unknown size` when some sizes are not known yet, or the bytes alone when none is.
    public static func bytes(_ totals: TransferTotals) -> String {
        let unknown =
            totals.unknownSizes > 0 ? " + " + Grouped.text(totals.unknownSizes) + " of unknown size" : ""
        guard totals.bytesTotal > 0 else { return Format.bytes(totals.bytesDone) + unknown }
        return Format.bytes(totals.bytesDone, of: totals.bytesTotal) + unknown
    }

    /// `2.4 MB/s ETA 0:28` (no ETA when a size is unknown); nil while nothing moves.
    public static func rate(_ totals: TransferTotals) -> String? {
        guard let speed = totals.speed, speed > 0 else { return nil }
        return Format.speed(speed) + (totals.eta.map { " ETA " + Format.duration($0) } ?? "")
    }

    /// `ls`'s last line: `total: 5 tasks · 2 active · 3 done · 20.1/64.8 MB · 2.4 MB/s ETA 0:28`.
    public static func line(_ totals: TransferTotals, separator: String = " · ") -> String {
        let count = Grouped.text(totals.count) + " " + (totals.count == 1 ? "task" : "tasks")
        return "total: " + ([count] + parts(totals, detailed: true)).joined(separator: separator)
    }

    /// `2 active 31%`: the header's short form (no percentage while no size is known).
    public static func short(_ totals: TransferTotals) -> String {
        let active = Grouped.text(totals.active) + " active"
        guard totals.bytesTotal > 0 else { return active }
        return active + " "
            + ByteFormat.percent(min(totals.bytesDone, totals.bytesTotal), of: totals.bytesTotal)
    }
}
