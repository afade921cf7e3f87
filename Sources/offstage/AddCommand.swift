import Foundation
import OffstageCore

/// `offstage add URL …`: leaves a download in the inbox for the running (or next) daemon.
enum AddCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(
            raw, options: ["--name", "--dir", "--session", "--description", "--begin-after", "--priority"],
            flags: ["--discretionary"])
        let url = try InputValidation.url(try args.single("URL"))
        guard !URLCredentials.hasCredentials(url) else {
            throw CLIError.usage(
                "credentials in URLs are never stored; put them in ~/.netrc, or use `offstage get` (kept in memory only)"
            )
        }
        var spec = TransferSpec(kind: .download, url: url)
        spec.name = args.value("--name")
        spec.destinationDirectory = args.value("--dir").map(InputValidation.absolutePath)
        spec.session = args.value("--session") ?? spec.session
        spec.taskDescription = args.value("--description")
        spec.discretionary = args.flag("--discretionary")
        spec.beginAfter = try args.value("--begin-after").map {
            try InputValidation.duration($0, option: "--begin-after")
        }
        if let text = args.value("--priority") {
            guard let priority = Double(text), (0...1).contains(priority) else {
                throw CLIError.usage("--priority must be a number from 0 to 1")
            }
            spec.priority = priority
        }
        let id = try context.enqueue(.add(spec))
        print("added task \(id): \(URLCredentials.masked(url))")
        try TaskControlCommand.report(id: id, verb: "added", context: context)
    }
}
