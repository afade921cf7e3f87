import Foundation
import OffstageCore

/// `offstage fgs start NAME [--text TEXT]` and `offstage fgs stop NAME`: the Android app's foreground services.
enum ForegroundServiceCommand {
    /// Parses the line, submits the request and reports its outcome.
    static func run(_ raw: [String], context: CLIContext) throws {
        let request = try parse(raw)
        let outcome = try context.submit(.android(request))
        try TaskControlCommand.report(outcome, done: done(request), context: context)
    }

    /// The request the words ask for, checked.
    static func parse(_ raw: [String]) throws -> AndroidRequest {
        let args = try Arguments(raw, spec: CommandCatalog.fgs)
        guard args.positionals.count == 2 else { throw CLIError.usage("usage: offstage fgs start|stop NAME") }
        let name = try WorkName.validated(args.positionals[1], what: "a service name")
        switch args.positionals[0] {
        case "start":
            let text = try args.value("--text").map { try WorkName.validated($0, what: "the notification's text") }
            return .startForegroundService(name: name, notification: text)
        case "stop":
            if args.value("--text") != nil { throw CLIError.usage("--text applies to offstage fgs start only") }
            return .stopForegroundService(name: name)
        default:
            throw CLIError.usage(
                "unknown fgs command \(TransferDaemon.printable(args.positionals[0])): start or stop")
        }
    }

    /// What the request did once the engine took it.
    static func done(_ request: AndroidRequest) -> String {
        switch request {
        case .startForegroundService(let name, let text):
            "started foreground service \(TransferDaemon.printable(name)); its notification shows "
                + (text.map { "\"\(TransferDaemon.printable($0))\"" } ?? "the service's name")
        case .stopForegroundService(let name):
            "stopped foreground service \(TransferDaemon.printable(name)); its notification is gone"
        default: ""
        }
    }
}
