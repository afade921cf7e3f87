import Foundation
import OffstageCore

/// `offstage app open|background`: the user opens or leaves the model app (its budget grows with use).
enum AppCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw)
        let verb = try args.single("open or background")
        let command: DaemonCommand
        switch verb {
        case "open": command = .appOpened
        case "background", "home": command = .appBackgrounded
        default: throw CLIError.usage("offstage app takes open or background, not \(verb)")
        }
        let id = try context.enqueue(command)
        try TaskControlCommand.report(
            id: id, verb: verb == "open" ? "opened" : "moved to the background:", subject: "the app", context: context)
    }
}
