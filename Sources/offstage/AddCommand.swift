import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// `offstage add URL …`: leaves a download in the inbox for the running (or next) daemon; `add --input-file FILE`
/// leaves one per line of a list (`AddListCommand`).
enum AddCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.add)
        if let list = args.value("--input-file") { return try AddListCommand.run(list, args: args, context: context) }
        let url = try InputValidation.url(try args.single("URL"))
        guard !URLCredentials.hasCredentials(url) else {
            throw CLIError.usage(
                "credentials in URLs are never stored; put them in ~/.netrc, or use `offstage get` (kept in memory only)"
            )
        }
        var spec = try options(args, url: url, context: context)
        spec.name = try args.value("--name").map(fileName)
        try report(spec, what: URLCredentials.masked(url), context: context)
    }

    /// A download of `url` with the options every `add` takes (all but `--name`).
    static func options(_ args: Arguments, url: String, context: CLIContext) throws -> TransferSpec {
        var spec = TransferSpec(kind: .download, url: url)
        if let directory = args.value("--dir") {
            guard !directory.isEmpty else { throw CLIError.usage("--dir needs a directory, not an empty name") }
            spec.destinationDirectory = InputValidation.absolutePath(directory)
            // A story checked before it runs creates nothing: its --create-dirs folder is made when the step runs.
            if !(context.dryRun && args.flag("--create-dirs")) {
                try OutputTarget.checkDirectory(
                    InputValidation.absolutePath(directory), shown: TransferDaemon.printable(directory),
                    create: args.flag("--create-dirs"))
            }
        }
        spec.session = args.value("--session") ?? spec.session
        spec.taskDescription = args.value("--description")
        spec.discretionary = args.flag("--discretionary")
        spec.beginAfter = try args.value("--begin-after").map {
            try InputValidation.duration($0, option: "--begin-after")
        }
        if let text = args.value("--priority") { spec.priority = try InputValidation.priority(text) }
        let (options, credentials) = try TransferOptionArguments.parse(args)
        if let header = credentials.first {
            throw CLIError.usage(
                "\(header.name) is a credential and is never stored: give it to `offstage get -H` (kept in memory "
                    + "only), or keep the password in ~/.netrc")
        }
        spec.options = options
        return spec
    }

    /// A `--name`: a file name, never empty or a path (the folder is `--dir`).
    private static func fileName(_ name: String) throws -> String {
        guard !name.isEmpty else { throw CLIError.usage("--name needs a file name, not an empty one") }
        guard !name.contains("/"), name != ".", name != ".." else {
            throw CLIError.usage("--name takes a file name only; give the folder with --dir")
        }
        return name
    }

    /// Applies an `add` (at once with no engine, else through the inbox) and prints its task's id once it exists.
    static func report(_ spec: TransferSpec, what: String, context: CLIContext) throws {
        let (outcome, ticket) = try context.send(.add(spec))
        let taskID = ticket.taskID ?? 0
        if case .stillPending = outcome { context.output.line("task \(taskID) (not created yet): \(what)") }
        try TaskControlCommand.report(outcome, done: "added task \(taskID): \(what)", context: context)
    }
}
