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
        print(args.flag("--json") ? try TaskTable.json(snapshot) : TaskTable.text(snapshot, width: width))
    }
}
