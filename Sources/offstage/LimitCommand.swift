import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage limit [RATE|off] [--task ID]`: shows or sets the engine-wide bandwidth limit, or one transfer's.
enum LimitCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.limit)
        guard args.positionals.count <= 1 else {
            throw CLIError.usage("unexpected argument \(TransferDaemon.printable(args.positionals[1]))")
        }
        let task = try args.value("--task").map { text -> Int64 in
            guard let id = NumberText.wholeNumber(Substring(text)).map(Int64.init), id > 0 else {
                throw CLIError.usage("--task: \(TransferDaemon.printable(text)) is not a task ID (see offstage ls)")
            }
            return id
        }
        guard let text = args.positionals.first else { return try show(task: task, context: context) }
        let limit: Int64?
        do { limit = try RateLimit.parse(text, what: "limit") } catch { throw CLIError.usage(error.reason) }
        let command: DaemonCommand
        if let task {
            try requireTask(task, context: context)
            command = .setTaskRateLimit(id: task, bytesPerSecond: limit)
        } else {
            command = .setRateLimit(bytesPerSecond: limit)
        }
        let running = context.engineRuns
        let outcome = try context.submit(command)
        if case .executed(.done, _) = outcome, !running {
            // Applied to the store: no transfer runs until an engine starts, and it finds the limit there.
            print(
                limit.map { "limit \(RateLimit.describe($0)) kept; no offstage is running: it applies when one runs" }
                    ?? "limit lifted; no offstage is running")
            return
        }
        try TaskControlCommand.report(outcome, done: nil, context: context)
    }

    /// The limit in force now: the engine's, or one task's (its own, and the rate its running request has).
    private static func show(task: Int64?, context: CLIContext) throws {
        let snapshot = try ViewSnapshot.read(context: context) {
            (try? SchedulerConfig.load(nil, context: context)) ?? .builtIn
        }
        guard let task else {
            print(
                snapshot.rateLimit.map { "engine-wide limit: \(RateLimit.describe($0)), shared by running transfers" }
                    ?? "no engine-wide limit")
            return
        }
        guard let transfer = snapshot.transfers.first(where: { $0.id == task }) else {
            throw CLIError.usage("no task \(task) (see offstage ls)")
        }
        let own = transfer.extras?.rateLimit.map { "limit \(RateLimit.describe($0))" } ?? "no limit of its own"
        let now = transfer.extras?.appliedRate.map { "; running at most \(RateLimit.describe($0)) now" } ?? ""
        print("task \(task): \(own)\(now)")
    }

    /// Refuses an ID the home does not know.
    private static func requireTask(_ id: Int64, context: CLIContext) throws {
        guard let store = try context.openStoreForReading(),
            try StoreSnapshot.tasks(store, defaultDirectory: context.home.documentsDirectory, now: context.time.now())
                .contains(where: { $0.id == id })
        else { throw CLIError.usage("no task \(id) (see offstage ls)") }
    }
}
