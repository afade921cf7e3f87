import Foundation
import OffstageCore
import OffstageStore

/// `offstage pause|resume|cancel ID`.
enum TaskControlCommand {
    static func run(_ verb: String, _ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw)
        let text = try args.single("task ID")
        guard let id = Int64(text), id > 0 else { throw CLIError.usage("\(text) is not a task ID (see offstage ls)") }
        guard let store = try context.openStoreForReading(),
            try TaskListing(store: store, defaultDirectory: context.home.documentsDirectory).tasks.contains(where: {
                $0.id == id
            })
        else {
            throw CLIError.usage("no task \(id) (see offstage ls)")
        }
        let command: DaemonCommand
        switch verb {
        case "pause": command = .pause(id: id)
        case "resume": command = .resume(id: id)
        default: command = .cancel(id: id)
        }
        let commandID = try context.enqueue(command)
        try report(
            id: commandID, verb: verb == "pause" ? "paused" : verb == "resume" ? "resumed" : "cancelled",
            subject: "task \(id)", context: context)
    }

    /// Waits briefly for a running daemon's verdict on a command and reports it; a refusal is an error.
    static func report(id: Int64, verb: String, subject: String? = nil, context: CLIContext) throws {
        switch try context.awaitResult(of: id) {
        case .notRunning:
            print(context.notRunningHint)
        case .stillPending(let owner):
            print("queued: the offstage running on \(context.home.path) (pid \(owner)) has not taken it yet")
        case .executed(let status, let result):
            if status == .refused { throw CLIError.failed(result ?? "refused") }
            if let subject { print("\(verb) \(subject)") }
        }
    }
}
