import Foundation
import OffstageCore

/// `offstage push [--content-available] [--priority 5|10]`: a remote notification for the model app; what the system
/// did with it (delivered, deferred, shown as an alert, not delivered) is the command's answer and an event line.
enum PushCommand {
    /// Parses the line, submits the push and reports its outcome.
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.push)
        let push = try parse(args)
        let outcome = try context.submit(.app(.push(push)), configuration: args.value("--config"))
        try TaskControlCommand.report(outcome, done: nil, context: context)
    }

    /// The push the words ask for, checked: a priority other than 5 or 10 is refused here.
    static func parse(_ args: Arguments) throws -> SilentPush {
        guard args.positionals.isEmpty else {
            throw CLIError.usage("offstage push takes no arguments, only options")
        }
        let contentAvailable = args.flag("--content-available")
        guard let text = args.value("--priority") else {
            return SilentPush(contentAvailable: contentAvailable, priority: contentAvailable ? 5 : 10)
        }
        guard let priority = Int(text), SilentPush.priorities.contains(priority) else {
            throw CLIError.usage("--priority takes 5 or 10, not \(TransferDaemon.printable(text))")
        }
        return SilentPush(contentAvailable: contentAvailable, priority: priority)
    }
}
