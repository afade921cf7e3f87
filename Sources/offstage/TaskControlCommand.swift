import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// `offstage pause|resume|cancel ID`.
enum TaskControlCommand {
    static func run(_ verb: String, _ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.command(named: verb) ?? CommandCatalog.cancel)
        let text = try args.single("task ID")
        guard let id = Int64(text), id > 0 else { throw CLIError.usage("\(text) is not a task ID (see offstage ls)") }
        guard try context.dryRun || storeHasTask(id, context: context) else {
            throw CLIError.usage("no task \(id) (see offstage ls)")
        }
        let command: DaemonCommand
        switch verb {
        case "pause": command = .pause(id: id)
        case "resume": command = .resume(id: id)
        default: command = .cancel(id: id)
        }
        let outcome = try context.submit(command)
        let done = verb == "pause" ? "paused" : verb == "resume" ? "resumed" : "cancelled"
        try report(outcome, done: "\(done) task \(id)", context: context)
    }

    /// Whether the home knows task `id`.
    private static func storeHasTask(_ id: Int64, context: CLIContext) throws -> Bool {
        guard let store = try context.openStoreForReading(),
            try StoreSnapshot.tasks(store, defaultDirectory: context.home.documentsDirectory, now: context.time.now())
                .contains(
                    where: { $0.id == id })
        else { return false }
        return true
    }

    /// Reports what became of a command: `done` (or the command's own result) when it was executed, the
    /// refusal as an error (exit 1), or that the running offstage has not taken it yet.
    static func report(_ outcome: CommandOutcome, done: String?, context: CLIContext) throws {
        switch outcome {
        case .stillPending(let owner):
            context.output.line(
                "queued, not yet executed: the offstage running on \(context.home.path) (pid \(owner)) has not "
                    + "taken it yet; it runs when an offstage that hosts it reads the inbox")
        case .executed(let status, let result):
            if status == .refused { throw CLIError.failed(TransferDaemon.printable(result)) }
            if result != "ok" {
                context.output.line(TransferDaemon.printable(result))
            } else if let done {
                context.output.line(done)
            }
        }
    }
}
