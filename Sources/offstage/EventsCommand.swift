import Foundation
import OffstageCore
import OffstageStore
import OffstageUI

/// `offstage events [--json] [--limit N]`.
enum EventsCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.events)
        try args.none()
        let limit = try args.integer("--limit", in: 1...1_000_000) ?? 200
        let rows = try context.openStoreForReading()?.latestEvents(limit: limit) ?? []
        if args.flag("--json") {
            print(try EventText.json(rows.map { (id: $0.id, entry: $0.entry) }))
        } else {
            // Fitted to the terminal's width when stdout is one (read once: the listing is printed at once).
            let width = TerminalWidth.stdout()
            if rows.isEmpty { print("no events") }
            for row in rows { print(LogFormat.line(row.entry, width: width)) }
        }
    }
}
