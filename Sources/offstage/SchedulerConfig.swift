import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// The scheduler's configuration for the command line: `--config DIR`, `$OFFSTAGE_CONFIG`, `<home>/config`, built-in.
enum SchedulerConfig {
    /// Loads the configuration, as one clear error when a file is wrong.
    static func load(_ explicit: String?, context: CLIContext) throws -> OffstageConfiguration {
        do {
            return try OffstageConfiguration.load(
                explicit: explicit.map(InputValidation.absolutePath), home: context.home)
        } catch {
            throw CLIError.usage("\(error)")
        }
    }

    /// The runtime's scheduler setup from a loaded configuration; handler output goes to `<home>/bgtasks.log`.
    static func setup(_ configuration: OffstageConfiguration, context: CLIContext) -> SchedulerSetup {
        SchedulerSetup(
            app: configuration.app, behaviour: configuration.behaviour, policy: configuration.policy,
            commandLogPath: context.home.path + "/bgtasks.log")
    }

    /// Where the configuration came from, for people.
    static func origin(_ configuration: OffstageConfiguration) -> String {
        configuration.directory.map { "configuration from \($0)" } ?? "built-in configuration"
    }
}

/// `offstage schedule refresh|processing ID [--earliest DUR] [--needs-network] [--needs-power]`.
enum ScheduleCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, options: ["--earliest"], flags: ["--needs-network", "--needs-power"])
        guard args.positionals.count == 2 else {
            throw CLIError.usage(
                "usage: offstage schedule refresh|processing ID [--earliest DUR] [--needs-network] [--needs-power]")
        }
        let kind: BGTaskKind
        switch args.positionals[0] {
        case "refresh", "app-refresh": kind = .appRefresh
        case "processing": kind = .processing
        default: throw CLIError.usage("the request kind is refresh or processing, not \(args.positionals[0])")
        }
        let identifier = try TaskIdentifier.validated(args.positionals[1])
        if kind == .appRefresh, args.flag("--needs-network") || args.flag("--needs-power") {
            throw CLIError.usage("--needs-network and --needs-power apply to processing requests only")
        }
        let earliest = try args.value("--earliest").map {
            Date().addingTimeInterval(try InputValidation.duration($0, option: "--earliest"))
        }
        let request = BGTaskRequest(
            identifier: identifier, kind: kind, earliestBeginDate: earliest,
            requiresNetworkConnectivity: args.flag("--needs-network"), requiresExternalPower: args.flag("--needs-power")
        )
        let id = try context.enqueue(.schedule(request))
        print("submitted \(kind == .appRefresh ? "app refresh" : "processing") request \(identifier)")
        try TaskControlCommand.report(id: id, verb: "scheduled", context: context)
    }
}

/// `offstage launch ID`, `offstage expire ID`, `offstage unschedule ID|--all`.
enum BGTaskControlCommand {
    static func run(_ verb: String, _ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, flags: ["--all"])
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
        let id = try context.enqueue(command)
        let subject: String
        switch command {
        case .launchTask(let identifier), .expireTask(let identifier): subject = identifier
        case .unschedule(let identifier): subject = identifier ?? "every pending request"
        default: subject = ""
        }
        let done = ["launch": "launched", "expire": "expired"][verb] ?? "unscheduled"
        try TaskControlCommand.report(id: id, verb: done, subject: subject, context: context)
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
