import Foundation
import OffstageCore

/// `offstage launch ID`, `offstage expire ID`, `offstage unschedule ID|--all`.
enum BGTaskControlCommand {
    static func run(_ verb: String, _ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.command(named: verb) ?? CommandCatalog.unschedule)
        let command: DaemonCommand
        switch verb {
        case "launch":
            command = .launchTask(identifier: try TaskIdentifier.validated(try args.single("task identifier")))
        case "expire":
            command = .expireTask(identifier: try TaskIdentifier.validated(try args.single("task identifier")))
        default:
            if args.flag("--all") {
                try args.none()
                command = .unschedule(identifier: nil)
            } else {
                command = .unschedule(
                    identifier: try TaskIdentifier.validated(try args.single("task identifier or --all")))
            }
        }
        let subject: String
        switch command {
        case .launchTask(let identifier), .expireTask(let identifier): subject = identifier
        case .unschedule(let identifier): subject = identifier ?? "every pending request"
        default: subject = ""
        }
        let done = ["launch": "launched", "expire": "expired"][verb] ?? "unscheduled"
        let outcome = try context.submit(command)
        try TaskControlCommand.report(outcome, done: "\(done) \(subject)", context: context)
    }
}

/// BG task identifiers: printable, no spaces, at most 200 characters.
enum TaskIdentifier {
    static func validated(_ text: String) throws -> String {
        guard !text.isEmpty, text.count <= 200,
            text.unicodeScalars.allSatisfy({ !FileNameSanitizer.isForbidden($0) && $0 != " " })
        else {
            throw CLIError.usage("a task identifier is printable text without spaces, such as com.example.refresh")
        }
        return text
    }
}
