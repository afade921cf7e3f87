import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// `offstage pending [--json] [--decisions N] [--config DIR]`: each pending request and why it is not running now.
enum PendingCommand {
    /// One pending request in `pending --json`.
    struct Item: Encodable {
        let identifier: String
        let kind: String
        let earliestBeginDate: String?
        let requiresNetworkConnectivity: Bool
        let requiresExternalPower: Bool
        let reason: String
    }

    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, options: ["--decisions", "--config"], flags: ["--json"])
        try args.none()
        let configuration = try SchedulerConfig.load(args.value("--config"), context: context)
        let store = try context.openStoreForReading()
        let scheduler = try SchedulerConfig.scheduler(configuration, store: store)
        let explanations = SchedulerConfig.explanations(scheduler)
        if args.flag("--json") {
            let items = explanations.map {
                Item(
                    identifier: $0.request.identifier, kind: $0.request.kind.rawValue,
                    earliestBeginDate: $0.request.earliestBeginDate.map(LogFormat.iso),
                    requiresNetworkConnectivity: $0.request.requiresNetworkConnectivity,
                    requiresExternalPower: $0.request.requiresExternalPower, reason: $0.text)
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(items), as: UTF8.self))
            return
        }
        if explanations.isEmpty { print("no pending BG task requests") }
        for explanation in explanations {
            let kind = explanation.request.kind == .appRefresh ? "app refresh" : "processing "
            print("\(ByteFormat.pad(explanation.request.identifier, 28)) \(kind)  \(explanation.text)")
        }
        let engineRuns = context.engineRuns
        for task in scheduler.state.running {
            // With no engine, a task the store still calls running was interrupted; the next start reports it.
            let state = engineRuns ? "running    " : "interrupted"
            let note = engineRuns ? "" : ": no offstage is running; the next `offstage run` ends it as interrupted"
            let launched = LogFormat.clockTime(task.launchedAt)
            print("\(ByteFormat.pad(task.identifier, 28)) \(state)  launched \(launched)\(note)")
        }
        if let count = try args.integer("--decisions", in: 1...5000), let store {
            print("\ndecision log (newest last):")
            for decision in try store.schedulerDecisions(limit: count) {
                print("\(LogFormat.clockTime(decision.time)) \(decision.text(timeZone: .current))")
            }
        }
    }
}
