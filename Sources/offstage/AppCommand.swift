import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage app [--json]` shows the model app; `offstage app VERB …` acts on it through the running offstage.
enum AppCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.app)
        let words = args.positionals
        guard let verb = words.first else { return try show(args, context: context) }
        let rest = Array(words.dropFirst())
        func expect(_ count: Int, _ what: String) throws {
            guard rest.count == count else { throw CLIError.usage("offstage app \(verb) takes \(what)") }
        }
        let request: AppRequest
        switch verb {
        case "open": request = .open
        case "background", "home": request = .home
        case "lock": request = .lock
        case "kill": request = .kill(reason: args.value("--reason") ?? "memory pressure")
        case "force-quit": request = .forceQuit
        case "relaunch": request = .relaunch
        case "download":
            try expect(1, "one URL")
            request = .download(
                url: try InputValidation.storableURL(rest[0]), taskDescription: args.value("--description"))
        case "upload":
            try expect(2, "a FILE and a URL")
            request = .upload(
                path: try InputValidation.readableFile(rest[0]), url: try InputValidation.storableURL(rest[1]),
                taskDescription: args.value("--description"))
        case "try":
            let known = "completion-handler URL, upload-from-memory URL, data-task URL, session-again"
            guard let name = rest.first, let call = RestrictedCall(rawValue: name) else {
                throw CLIError.usage("offstage app try takes a call: \(known)")
            }
            try expect(call == .sessionAgain ? 1 : 2, call == .sessionAgain ? "no URL" : "the call and a URL")
            request = .tryCall(call, url: call == .sessionAgain ? "" : try InputValidation.storableURL(rest[1]))
        case "mistake":
            try expect(2, "a mistake name and on or off")
            guard AppMistakes.names.contains(where: { $0.name == rest[0] }) else {
                let known = AppMistakes.names.map(\.name).joined(separator: ", ")
                throw CLIError.usage("no app mistake \(rest[0]); known: \(known)")
            }
            guard rest[1] == "on" || rest[1] == "off" else {
                throw CLIError.usage("mistake \(rest[0]) takes on or off")
            }
            request = .setMistake(name: rest[0], on: rest[1] == "on")
        case "refresh":
            try expect(1, "on or off")
            request = .setBackgroundRefresh(on: try InputValidation.toggle(rest[0], for: "refresh"))
        default:
            throw CLIError.usage(
                "unknown app command \(verb): open, background, lock, kill, force-quit, relaunch, download, upload, "
                    + "try, mistake, refresh, or none (the status)")
        }
        if !["download", "upload", "mistake", "try", "refresh"].contains(verb) { try expect(0, "no arguments") }
        let command = DaemonCommand.app(request)
        let outcome = try context.submit(command, configuration: args.value("--config"))
        try TaskControlCommand.report(outcome, done: Self.doneLine(verb, request), context: context)
    }

    /// `offstage app [--json]`: the app of the one snapshot (the running engine's, else the store's).
    private static func show(_ args: Arguments, context: CLIContext) throws {
        let snapshot = try ViewSnapshot.read(context: context) {
            try SchedulerConfig.load(args.value("--config"), context: context)
        }
        print(args.flag("--json") ? try AppText.json(snapshot) : AppText.text(snapshot))
    }

    /// What a verb that was done says: `opened the app`, `the system terminated the app`.
    static func doneLine(_ verb: String, _ request: AppRequest) -> String {
        switch verb {
        case "open": "opened the app"
        case "background", "home": "sent the app to the background"
        case "lock": "locked the device: the app leaves the foreground"
        case "kill": "the system terminated the app"
        case "force-quit": "force-quit the app"
        case "relaunch": "relaunched the app"
        case "download", "upload": "created \(subject(request))"
        case "try": "made the \(subject(request))"
        default: "switched \(subject(request))"
        }
    }

    private static func subject(_ request: AppRequest) -> String {
        switch request {
        case .download(_, let description), .upload(_, _, let description):
            description.map { "a task \"\($0)\" in the app's session" } ?? "a task in the app's session"
        case .setMistake(let name, let on): "\(name) \(on ? "on" : "off")"
        case .setBackgroundRefresh(let on): "Background App Refresh \(on ? "on" : "off") for the app"
        case .tryCall(let call, _): "\(call.rawValue) call in the app's session"
        default: "the app"
        }
    }
}
