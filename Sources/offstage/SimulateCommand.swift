import Foundation
import OffstageCore
import OffstageRuntime

/// `offstage simulate --days N --usage rare|weekly|daily|heavy [--opens HH:MM,...] [--seed S]
/// [--platform ios|android|both] [--json] [--hourly] [--calibrate] [--config DIR]`.
enum SimulateCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.simulate)
        try args.none()
        if args.flag("--calibrate") { return try calibrate(args, context: context) }
        let platform = try platform(args.value("--platform"))
        let opens = try opens(args.value("--opens"))
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
                platform: platform, days: days, usage: usage, opens: opens, seed: seed, app: app,
                policy: configuration.policy,
                androidPolicy: configuration.android.policy, hourly: args.flag("--hourly"), json: args.flag("--json")))
    }

    /// `--opens 08:00,12:30,21:00`: times of day, or a usage error naming what is wrong.
    static func opens(_ text: String?) throws -> DailyOpens? {
        guard let text else { return nil }
        guard let opens = DailyOpens(parsing: text) else {
            throw CLIError.usage(
                "--opens needs times of day from 00:00 to 23:59 as HH:MM, separated by commas (at most "
                    + "\(DailyOpens.limit)), not \(TransferDaemon.printable(text))")
        }
        return opens
    }

    /// `--calibrate`: the observations beside the figures of the configuration's policy (`--config`). It replays
    /// its own situations, so the options that choose one do not apply.
    static func calibrate(_ args: Arguments, context: CLIContext) throws {
        for option in ["--days", "--usage", "--opens", "--seed", "--platform"] where args.value(option) != nil {
            throw CLIError.usage("--calibrate replays its own situations: it takes no \(option)")
        }
        guard !args.flag("--hourly") else {
            throw CLIError.usage("--calibrate replays its own situations: no --hourly")
        }
        let configuration = try SchedulerConfig.load(args.value("--config"), context: context)
        let results = SchedulerCalibration.run(policy: configuration.policy)
        guard args.flag("--json") else { return print(SchedulerCalibration.render(results)) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        print(String(decoding: try encoder.encode(SchedulerCalibration.json(results)), as: UTF8.self))
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
