import Foundation
import OffstageCore

/// What `offstage events`, `events --json` and `offstage run` print for event-log lines: pure functions.
public enum EventText {
    /// The width of the kind column: the longest kind, so none is cut.
    public static let kindWidth = LogKind.allCases.map(\.rawValue.count).max() ?? 18

    /// `14:02:10 retry-scheduled  task 7  HTTP 503; attempt 1 of 8; next in 1.3 s` (server text escaped), the time
    /// of day in `timeZone`; cut to `width` display columns with `…` when a width is given (a terminal).
    public static func line(_ entry: LogEntry, timeZone: TimeZone, width: Int? = nil) -> String {
        let reason = entry.reason.isEmpty ? "" : "  " + TransferDaemon.printable(entry.reason)
        let time = PendingText.clockTime(entry.time, timeZone: timeZone)
        let subject = TransferDaemon.printable(entry.subject)
        let text = "\(time) \(ByteFormat.pad(entry.kind.rawValue, kindWidth)) \(subject)\(reason)"
        return width.map { TextFit.truncate(text, to: $0) } ?? text
    }

    /// A line of other text fitted the same way (`run`'s banner).
    public static func fit(_ text: String, width: Int?) -> String {
        width.map { TextFit.truncate(text, to: $0) } ?? text
    }

    /// The stable JSON of `events --json` (documented in the README): one object per entry, keys sorted.
    public static func json(_ rows: [(id: Int64, entry: LogEntry)]) throws -> String {
        let items = rows.map {
            Item(
                id: $0.id, time: PendingText.iso($0.entry.time), kind: $0.entry.kind.rawValue,
                subject: $0.entry.subject, reason: $0.entry.reason)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(items), as: UTF8.self)
    }

    /// One entry of `events --json`.
    struct Item: Encodable {
        /// The entry's row id in the event log.
        let id: Int64
        /// ISO 8601 UTC with milliseconds.
        let time: String
        /// The kind (`retry-scheduled`, …).
        let kind: String
        /// What it happened to (`task 7`).
        let subject: String
        /// Why, or the detail (empty when none).
        let reason: String
    }
}
