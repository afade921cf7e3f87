import Foundation
import OffstageCore

/// `offstage schedule refresh|processing ID [--earliest DUR] [--needs-network] [--needs-power]`.
enum ScheduleCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.schedule)
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
            context.time.now().addingTimeInterval(try InputValidation.duration($0, option: "--earliest"))
        }
        let request = BGTaskRequest(
            identifier: identifier, kind: kind, earliestBeginDate: earliest,
            requiresNetworkConnectivity: args.flag("--needs-network"), requiresExternalPower: args.flag("--needs-power")
        )
        let command = DaemonCommand.schedule(request)
        let outcome = try context.submit(command)
        try TaskControlCommand.report(
            outcome, done: "submitted \(kind == .appRefresh ? "app refresh" : "processing") request \(identifier)",
            context: context)
    }
}
