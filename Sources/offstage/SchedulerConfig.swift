import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// The scheduler's configuration for the command line: `--config DIR`, `$OFFSTAGE_CONFIG`, `<home>/config`, built-in.
enum SchedulerConfig {
    /// Loads the configuration, as one clear error when a file is wrong.
    static func load(_ explicit: String?, context: CLIContext) throws -> OffstageConfiguration {
        let configuration: OffstageConfiguration
        do {
            configuration = try OffstageConfiguration.load(
                explicit: explicit.map(InputValidation.absolutePath), home: context.home)
        } catch {
            throw CLIError.usage("\(error)")
        }
        // Keys accepted for old folders but ignored: one line each on stderr, naming where they belong now.
        for warning in configuration.warnings {
            StandardStreams.error("offstage: warning: \(warning)\n")
        }
        return configuration
    }

    /// The runtime's scheduler setup from a loaded configuration; handler output goes to `<home>/bgtasks.log`.
    static func setup(_ configuration: OffstageConfiguration, context: CLIContext) -> SchedulerSetup {
        SchedulerSetup(
            app: configuration.app, mistakes: configuration.taskMistakes, policy: configuration.policy,
            commandLogPath: context.home.path + "/bgtasks.log")
    }

    /// Where the configuration came from, for people.
    static func origin(_ configuration: OffstageConfiguration) -> String {
        configuration.directory.map { "configuration from \($0)" } ?? "built-in configuration"
    }

    /// A virtual-time replay of the configured model app.
    static func simulate(_ configuration: OffstageConfiguration, days: Int, usage: UsageProfile, seed: UInt64)
        -> SimulationReport
    {
        let app = SimulatedApp(
            name: "model app", configuration: configuration.app, mistakes: configuration.taskMistakes)
        return SchedulerSimulation.run(
            SimulationSetup(
                days: days, usage: usage, seed: seed, apps: [app], policy: configuration.policy,
                lifecycle: configuration.appSession.lifecycle))
    }
}
