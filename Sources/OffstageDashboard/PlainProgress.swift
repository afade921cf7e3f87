import Foundation
import OffstageCore
import OffstageUI

/// What a dashboard prints when standard output is not a terminal: plain lines, no escape codes.
///
/// Each new event-log line once, and every `interval` seconds of real time one line per active transfer.
public struct PlainProgress: Sendable {
    /// Seconds between two progress reports.
    public var interval: Double
    private var lastEventTime: Date?
    private var lastEventCount = 0
    private var lastReportAt = -Double.infinity

    /// A reporter that reports progress every `interval` seconds.
    public init(interval: Double = 2) {
        self.interval = interval
    }

    /// The lines to print for `snapshot` at real time `now`.
    public mutating func lines(for snapshot: Snapshot, at now: Double) -> [String] {
        var lines: [String] = []
        let fresh = snapshot.events.filter { entry in lastEventTime.map { entry.time > $0 } ?? true }
        // Equal timestamps: count them so none is printed twice or skipped.
        let sameTime = lastEventTime.map { time in snapshot.events.filter { $0.time == time }.count } ?? 0
        let repeated = max(0, sameTime - lastEventCount)
        if let time = lastEventTime, repeated > 0 {
            lines += snapshot.events.filter { $0.time == time }.suffix(repeated).map(Self.event)
        }
        lines += fresh.map(Self.event)
        if let newest = snapshot.events.last {
            lastEventTime = newest.time
            lastEventCount = snapshot.events.filter { $0.time == newest.time }.count
        }
        if now - lastReportAt >= interval {
            let active = snapshot.transfers.filter { [.running, .retrying, .finishing].contains($0.state) }
            if !active.isEmpty { lastReportAt = now }
            lines += active.map(Self.progress)
        }
        return lines
    }

    /// One event-log line, escaped.
    static func event(_ entry: LogEntry) -> String {
        let time = ISO8601DateFormatter.string(
            from: entry.time, timeZone: TimeZone(identifier: "UTC") ?? .current, formatOptions: [.withTime, .withColonSeparatorInTime])
        var line = "\(time) \(entry.kind.rawValue) \(entry.subject)"
        if !entry.reason.isEmpty { line += ": " + entry.reason }
        return TransferDaemon.printable(line)
    }

    /// One progress line: `task 3 ubuntu.iso running 47% 22.5 MB of 48.0 MB 880 KB/s ETA 0:29`.
    static func progress(_ transfer: TransferSnapshot) -> String {
        var line = "task \(transfer.id) \(transfer.name) \(transfer.state.rawValue)"
        if let fraction = transfer.fraction, let total = transfer.bytesExpected {
            line += " \(Clamped.int(fraction * 100))% \(bytes(transfer.bytes)) of \(bytes(total))"
        } else {
            line += " \(bytes(transfer.bytes)) (size unknown)"
        }
        if let speed = transfer.speed, speed > 0 { line += " \(bytes(Clamped.int64(speed)))/s" }
        if let eta = transfer.eta { line += " ETA \(DurationText.short(eta))" }
        if case .retrying(let next, let attempt, let maximum, let error) = transfer.status {
            line += " retry \(attempt) of \(maximum)"
            if let next { line += " at \(ISO8601DateFormatter().string(from: next))" }
            line += ": \(error)"
        }
        return TransferDaemon.printable(line)
    }

    /// `1.2 MB`, decimal units as the dashboard shows them.
    static func bytes(_ count: Int64) -> String {
        let value = Double(count)
        if value < 1000 { return "\(count) B" }
        for (limit, unit) in [(1e6, "KB"), (1e9, "MB"), (1e12, "GB")] where value < limit {
            return String(format: "%.1f %@", value / (limit / 1000), unit)
        }
        return String(format: "%.1f TB", value / 1e12)
    }
}
