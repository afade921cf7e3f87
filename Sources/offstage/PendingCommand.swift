import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage pending [--json] [--decisions N] [--config DIR]`: each pending request of the one snapshot (the running
/// engine's, else the store's) and why it is not running now; `--decisions N` adds the store's decision log.
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
        print(PendingText.text(snapshot, timeZone: .current))
        if let decisions, let store = try context.openStoreForReading() {
            print("\ndecision log (newest last):")
            for decision in try store.schedulerDecisions(limit: decisions) {
                print("\(LogFormat.clockTime(decision.time)) \(decision.text(timeZone: .current))")
            }
        }
    }
}
