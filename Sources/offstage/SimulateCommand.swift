import Foundation
import OffstageCore
import OffstageRuntime

/// `offstage simulate --days N --usage rare|weekly|daily|heavy [--seed S] [--platform ios|android|both] [--json]
/// [--hourly] [--config DIR]`.
enum SimulateCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.simulate)
        try args.none()
        let platform = try platform(args.value("--platform"))
        let days = try args.integer("--days", in: 1...3650) ?? 14
        let usageText = args.value("--usage") ?? "daily"
        guard let usage = UsageProfile(rawValue: usageText) else {
            let names = UsageProfile.allCases.map(\.rawValue).joined(separator: ", ")
            throw CLIError.usage("--usage is one of \(names), not \(usageText)")
        }
        let seed: UInt64
        if let text = args.value("--seed") {
            guard let value = UInt64(text) else { throw CLIError.usage("--seed needs a whole number, not \(text)") }
            seed = value
        } else {
            seed = 1
        }
        let configuration = try SchedulerConfig.load(args.value("--config"), context: context)
        let app = SimulatedApp(
            name: "model app", configuration: configuration.app, mistakes: configuration.taskMistakes)
        print(
            try PlatformSimulation.report(
                platform: platform, days: days, usage: usage, seed: seed, app: app, policy: configuration.policy,
                androidPolicy: configuration.android.policy, hourly: args.flag("--hourly"), json: args.flag("--json")))
    }

    /// `--platform ios|android|both` (default ios).
    static func platform(_ text: String?) throws -> PlatformProfile {
        guard let text else { return .ios }
        guard let platform = PlatformProfile(rawValue: text) else {
            throw CLIError.usage("--platform is ios, android or both, not \(TransferDaemon.printable(text))")
        }
        return platform
    }
}
