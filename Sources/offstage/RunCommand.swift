import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage run [--until-idle] [--quiet] [--warp N]`: the engine without a dashboard, printing the event log.
enum RunCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.run)
        try args.none()
        let rate = try args.value("--warp").map { try ClockCommand.rate($0, what: "--warp") } ?? .real
        // Signals are caught from the start; one that comes before the runtime exists is handed to it.
        let signals = StopSignals()
        defer { signals.cancel() }  // held to the end: until then every signal is the command's
        let configuration = try SchedulerConfig.load(args.value("--config"), context: context)
        let lock = try context.acquireLock()
        defer { lock.release() }
        let store = try context.openStore()
        var options = RuntimeOptions()
        options.untilIdle = args.flag("--until-idle")
        options.configureEngine = EngineDefaults.apply
        options.scheduler = SchedulerConfig.setup(configuration, context: context)
        options.app = AppSetup(configuration: configuration.appSession)
        options.android = configuration.androidSetup(commandLogPath: context.home.path + "/work.log")
        options.publishForDashboards()  // for dashboards that attach
        if !args.flag("--quiet") {
            let origin = SchedulerConfig.origin(configuration)
            // Lines fit the terminal's width when stdout is one (read again for each line: it may be resized).
            say(
                EventText.fit(
                    "offstage run on \(context.home.path); BG task scheduler with the \(origin); clock \(rate.label)",
                    width: TerminalWidth.stdout()))
            options.onLog = { say(LogFormat.line($0, width: TerminalWidth.stdout())) }
        }
        let clock: VirtualClock
        do { clock = try VirtualClock(rate: rate) } catch { throw CLIError.usage("--warp: \(error)") }
        let runtime = DaemonRuntime(home: context.home, store: store, options: options, time: clock)
        let stopper = runtime.stopper
        signals.attach { stopper.requestShutdown(reason: StopSignals.name($0)) }
        let outcome: RunOutcome
        do {
            outcome = try runtime.run()
        } catch {
            throw CLIContext.translate(error)
        }
        if case .interrupted(let reason) = outcome {
            // Exit 130 as the README says: stopped by a signal, with the store left clean.
            throw CLIError.interrupted("interrupted by \(reason): the store is clean; `offstage run` carries on")
        }
    }
}
