import Foundation
import OffstageCore
import OffstageStore
import OffstageUI

/// Event-log lines for people and for `--json`.
enum LogFormat {
    private static let clock: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter
    }()

    /// The width of the kind column: the longest kind, so none is cut.
    static let kindWidth = LogKind.allCases.map(\.rawValue.count).max() ?? 18

    /// `14:02:10 retry-scheduled  task 7  HTTP 503; attempt 1 of 8; next in 1.3 s` (server text escaped).
    static func line(_ entry: LogEntry) -> String {
        let reason = entry.reason.isEmpty ? "" : "  " + TransferDaemon.printable(entry.reason)
        return
            "\(clock.string(from: entry.time)) \(ByteFormat.pad(entry.kind.rawValue, kindWidth)) \(entry.subject)\(reason)"
    }

    /// One entry of `events --json`: time (ISO 8601 UTC with milliseconds), kind, subject, reason.
    struct JSONEntry: Encodable {
        let id: Int64
        let time: String
        let kind: String
        let subject: String
        let reason: String
    }

    /// `14:02:10` in local time.
    static func clockTime(_ date: Date) -> String { clock.string(from: date) }

    /// ISO 8601 with fractional seconds.
    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
