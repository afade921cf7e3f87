import Foundation
import OffstageCore

/// What `offstage pending` and `pending --json` print: a pure function of one `Snapshot`.
///
/// Each pending BG task request with why it has not run yet, then each BG task running now; with no engine
/// (`notRunning`), a task the store still calls running was interrupted, and the next start reports it.
public enum PendingText {
    /// The requests and running tasks as lines of text, times of day in `timeZone`; with `decisions` above 0,
    /// each request's last `decisions` scheduler decisions (of those the snapshot keeps), oldest first, under it.
    public static func text(_ snapshot: Snapshot, timeZone: TimeZone, decisions: Int = 0) -> String {
        var lines: [String] = []
        if snapshot.requests.isEmpty { lines.append("no pending BG task requests") }
        for request in snapshot.requests {
            let kind = request.request.kind == .appRefresh ? "app refresh" : "processing "
            let identifier = TransferDaemon.printable(request.request.identifier)
            lines.append("\(ByteFormat.pad(identifier, 28)) \(kind)  \(request.reasonText)")
            guard decisions > 0 else { continue }
            let shown = request.decisions.suffix(decisions)
            if shown.isEmpty { lines.append("    no decisions about it yet") }
            for decision in shown { lines.append("    " + TransferDaemon.printable(decision)) }
        }
        let engineRuns = snapshot.engine.role != .notRunning
        for task in snapshot.runningTasks {
            let state = engineRuns ? "running    " : "interrupted"
            let note = engineRuns ? "" : ": no offstage is running; the next `offstage run` ends it as interrupted"
            let launched = clockTime(task.launchedAt, timeZone: timeZone)
            lines.append("\(ByteFormat.pad(task.identifier, 28)) \(state)  launched \(launched)\(note)")
        }
        return lines.joined(separator: "\n")
    }

    /// The stable JSON of `pending --json` (documented in the README): one object per pending request.
    public static func json(_ snapshot: Snapshot) throws -> String {
        let items = snapshot.requests.map {
            Item(
                identifier: $0.request.identifier, kind: $0.request.kind.rawValue,
                earliestBeginDate: $0.request.earliestBeginDate.map(iso),
                requiresNetworkConnectivity: $0.request.requiresNetworkConnectivity,
                requiresExternalPower: $0.request.requiresExternalPower, reason: $0.reasonText)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(items), as: UTF8.self)
    }

    /// `14:02:10` in `timeZone`.
    public static func clockTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        return two(parts.hour) + ":" + two(parts.minute) + ":" + two(parts.second)
    }

    /// ISO 8601 UTC with milliseconds, as `events --json` writes times.
    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// One pending request in `pending --json`.
    struct Item: Encodable {
        /// The task identifier.
        let identifier: String
        /// `app-refresh` or `processing`.
        let kind: String
        /// The earliest begin date (ISO 8601); the key is left out when there is none.
        let earliestBeginDate: String?
        /// Whether it needs a network.
        let requiresNetworkConnectivity: Bool
        /// Whether it needs external power.
        let requiresExternalPower: Bool
        /// Why it has not run yet, in words.
        let reason: String
    }
}
