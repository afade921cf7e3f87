import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// `offstage run [--until-idle] [--quiet]`: the engine without a dashboard, printing the event log.
enum RunCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, flags: ["--until-idle", "--quiet"])
        try args.none()
        let lock = try context.acquireLock()
        defer { lock.release() }
        let store = try context.openStore()
        var options = RuntimeOptions()
        options.untilIdle = args.flag("--until-idle")
        options.configureEngine = EngineDefaults.apply
        if !args.flag("--quiet") { options.onLog = { say(LogFormat.line($0)) } }
        let runtime = DaemonRuntime(home: context.home, store: store, options: options)
        let stopper = runtime.stopper
        let signals = SignalTrap { stopper.requestShutdown(reason: "signal \($0)") }
        defer { signals.cancel() }
        do {
            _ = try runtime.run()
        } catch {
            throw CLIContext.translate(error)
        }
    }
}
