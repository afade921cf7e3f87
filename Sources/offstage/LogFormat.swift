import Foundation
import OffstageCore
import OffstageStore

/// Event-log lines for people and for `--json`.
enum LogFormat {
    private static let clock: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter
    }()

    /// `14:02:10 retry-scheduled  task 7  HTTP 503; attempt 1 of 8; next in 1.3 s` (server text escaped).
    static func line(_ entry: LogEntry) -> String {
        let reason = entry.reason.isEmpty ? "" : "  " + TransferDaemon.printable(entry.reason)
        return "\(clock.string(from: entry.time)) \(ByteFormat.pad(entry.kind.rawValue, 18)) \(entry.subject)\(reason)"
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

/// `offstage events [--json] [--limit N]`.
enum EventsCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, options: ["--limit"], flags: ["--json"])
        try args.none()
        let limit = try args.integer("--limit", in: 1...1_000_000) ?? 200
        let rows = try context.openStoreForReading()?.latestEvents(limit: limit) ?? []
        if args.flag("--json") {
            let items = rows.map {
                LogFormat.JSONEntry(
                    id: $0.id, time: LogFormat.iso($0.entry.time), kind: $0.entry.kind.rawValue,
                    subject: $0.entry.subject, reason: $0.entry.reason)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(items), as: UTF8.self))
        } else {
            for row in rows { print(LogFormat.line(row.entry)) }
        }
    }
}

/// `offstage ls [--json]`.
enum ListCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, flags: ["--json"])
        try args.none()
        guard let store = try context.openStoreForReading() else {
            print(args.flag("--json") ? "[]" : "no transfers")
            return
        }
        let listing = try TaskListing(store: store, defaultDirectory: context.home.documentsDirectory)
        print(args.flag("--json") ? try listing.json() : listing.table())
    }
}
