import Foundation
import OffstageCore

/// `offstage android open|leave|low-memory-kill|force-stop|reboot`: the Android app's process, through the running
/// offstage (a separate command from `app`, whose verbs follow the iOS life cycle).
enum AndroidCommand {
    /// Each verb, its request and what it did.
    static let verbs: [(verb: String, request: AndroidRequest, done: String)] = [
        ("open", .appOpened, "opened the Android app: its process runs in the foreground, bucket active"),
        ("leave", .appLeft, "left the Android app: its process stays in the background until the system ends it"),
        ("low-memory-kill", .lowMemoryKill, "the low-memory killer ran on the Android app's background process"),
        ("force-stop", .forceStop, "force-stopped the Android app: nothing of it runs until the user opens it"),
        ("reboot", .reboot, "rebooted the device: WorkManager reschedules the app's work at boot"),
    ]

    /// Parses the verb, submits the request and reports its outcome.
    static func run(_ raw: [String], context: CLIContext) throws {
        let (request, done) = try parse(raw)
        let outcome = try context.submit(.android(request))
        try TaskControlCommand.report(outcome, done: done, context: context)
    }

    /// The request the words ask for and the line that reports it done.
    static func parse(_ raw: [String]) throws -> (AndroidRequest, String) {
        let args = try Arguments(raw, spec: CommandCatalog.android)
        if args.positionals.first == "service" {
            return try service(Array(args.positionals.dropFirst()))
        }
        let names = (verbs.map(\.verb) + ["service"]).joined(separator: ", ")
        guard args.positionals.count == 1 else { throw CLIError.usage("offstage android takes one verb: \(names)") }
        guard let entry = verbs.first(where: { $0.verb == args.positionals[0] }) else {
            throw CLIError.usage(
                "unknown android command \(TransferDaemon.printable(args.positionals[0])): \(names)")
        }
        return (entry.request, entry.done)
    }

    /// `android service start|stop NAME`: a plain background service.
    private static func service(_ words: [String]) throws -> (AndroidRequest, String) {
        guard words.count == 2, words[0] == "start" || words[0] == "stop" else {
            throw CLIError.usage("usage: offstage android service start|stop NAME")
        }
        let name = try WorkName.validated(words[1], what: "a service name")
        let shown = TransferDaemon.printable(name)
        return words[0] == "start"
            ? (
                .startBackgroundService(name: name),
                "started background service \(shown); from API 26 the system stops it about a minute after the app "
                    + "leaves the foreground"
            )
            : (.stopBackgroundService(name: name), "stopped background service \(shown)")
    }
}
