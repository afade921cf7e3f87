import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// `offstage add --input-file FILE …` (aria2's `-i`): one download per URL of a list, with the options given for
/// all of them, added in one command and one transaction: every task or none.
enum AddListCommand {
    static func run(_ path: String, args: Arguments, context: CLIContext) throws {
        if let url = args.positionals.first {
            throw CLIError.usage(
                "give a URL or --input-file, not both (found \(TransferDaemon.printable(URLCredentials.masked(url))))")
        }
        guard args.value("--name") == nil else {
            throw CLIError.usage("--name names one file; it cannot go with --input-file (each takes its own name)")
        }
        guard args.value("--checksum") == nil else {
            throw CLIError.usage("--checksum is one file's digest; it cannot go with --input-file (each file differs)")
        }
        let list = try URLList.read(path)
        let batch = TransferBatch(
            template: try AddCommand.options(args, url: "", context: context), urls: list.urls, source: list.source)
        let (outcome, ticket) = try context.send(.addBatch(batch))
        let first = ticket.taskID ?? 0
        let count = Int64(batch.urls.count)
        let tasks = count == 1 ? "task \(first)" : "tasks \(first) to \(first + count - 1)"
        let what = "\(Plural.count(count, "download")) from \(list.source)"
        if case .stillPending = outcome { context.output.line("\(tasks) (not created yet): \(what)") }
        try TaskControlCommand.report(outcome, done: "added \(what): \(tasks)", context: context)
    }
}
