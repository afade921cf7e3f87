import Foundation
import OffstageCore
import OffstageStore

/// `offstage events [--json] [--limit N]`.
enum EventsCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.events)
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
