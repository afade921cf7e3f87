import Foundation
import OffstageCore
import OffstageRuntime
import OffstageUI

/// `offstage ls [--json]`: the tasks of the one snapshot (live bytes while an engine runs).
enum ListCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.ls)
        try args.none()
        // The listing needs no configuration of its own; a broken `config/` must not hide the tasks.
        let snapshot = try ViewSnapshot.read(context: context) {
            (try? SchedulerConfig.load(nil, context: context)) ?? .builtIn
        }
        // Fitted to the terminal when stdout is one; full lines into a pipe or a file.
        let width = TerminalWidth.stdout()
        if args.flag("--json") {
            print(try TaskTable.json(snapshot))
            return
        }
        print(TaskTable.text(snapshot, width: width))
        // The queue's totals close the table (nothing to add up in a home without transfers).
        guard snapshot.storedTransfers > 0 else { return }
        let totals = TotalsText.line(snapshot.transferTotals)
        print(width.map { TextFit.truncate(totals, to: $0) } ?? totals)
    }
}
