import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage pending [--json] [--decisions N] [--config DIR]`: each pending request of the one snapshot (the running
/// engine's, else the store's) and why it is not running now; `--decisions N` adds each request's last N
/// scheduler decisions.
enum PendingCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.pending)
        try args.none()
        let decisions = try args.integer("--decisions", in: 1...5000)
        let snapshot = try ViewSnapshot.read(context: context) {
            try SchedulerConfig.load(args.value("--config"), context: context)
        }
        if args.flag("--json") {
            print(try PendingText.json(snapshot))
            return
        }
        // Each request's own last decisions, from the same snapshot (the engine's, else the store's).
        print(PendingText.text(snapshot, timeZone: .current, decisions: decisions ?? 0))
    }
}
