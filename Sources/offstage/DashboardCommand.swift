import Foundation
import OffstageCore
import OffstageDashboard
import OffstageRuntime
import OffstageStore
import OffstageTerminal
import OffstageUI

/// `offstage` with no command: the dashboard on the home. It hosts the engine, the scheduler and the model app
/// (it is `offstage run` with a face), or attaches to the engine another process already runs for that home.
/// When standard output is not a terminal it prints plain progress lines instead.
enum DashboardCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        // Signals are caught from the start; one that comes before the loop runs stops it as soon as it does.
        let signals = StopSignals()
        defer { signals.cancel() }  // held to the end: until then every signal is the command's
        let args = try Arguments(raw, spec: CommandCatalog.dashboard)
        try args.none()
        try context.checkHome()
        let configuration = try SchedulerConfig.load(args.value("--config"), context: context)
        if InstanceLock.owner(home: context.home) != nil {
            let face = try DashboardFace.make(signals: signals)
            let backend: AttachedEngine
            do {
                backend = try attach(context.home, wake: face.waker)
            } catch {
                face.close()
                throw CLIError.store("another offstage owns \(context.home.path) but cannot be attached to: \(error)")
            }
            try face.run(backend: backend, director: nil, plainUntilStoryEnds: false)
            return
        }
        let lock = try context.acquireLock()
        defer { lock.release() }
        let face = try DashboardFace.make(signals: signals)
        let backend: HostedEngine
        do {
            backend = try HostedEngine(home: context.home, wake: face.waker) { publish in
                try HostedRuntime.make(context: context, configuration: configuration, publish: publish)
            }
        } catch {
            face.close()
            throw CLIContext.translate(error)
        }
        try face.run(backend: backend, director: nil, plainUntilStoryEnds: false)
    }
}

extension DashboardCommand {
    /// Attaches to the engine that owns `home`, giving one that has just started 3 s to open its socket.
    static func attach(_ home: OffstageHome, wake: @escaping @Sendable () -> Void) throws -> AttachedEngine {
        let deadline = Date().addingTimeInterval(3)
        while true {
            do {
                return try AttachedEngine(home: home, wake: wake)
            } catch {
                guard Date() < deadline, InstanceLock.owner(home: home) != nil else { throw error }
                usleep(100_000)
            }
        }
    }
}

/// The runtime a dashboard hosts: `offstage run`'s engine, scheduler and model app on a steerable clock,
/// publishing snapshots instead of printing the event log.
enum HostedRuntime {
    /// Opens the store and builds the runtime (on the engine's thread).
    static func make(
        context: CLIContext, configuration: OffstageConfiguration, publish: @escaping @Sendable (Snapshot) -> Void,
        adjust: (inout RuntimeOptions) -> Void = { _ in }
    ) throws -> DaemonRuntime {
        let store = try context.openStore()
        var options = RuntimeOptions()
        options.configureEngine = EngineDefaults.apply
        options.scheduler = SchedulerConfig.setup(configuration, context: context)
        options.app = AppSetup(configuration: configuration.appSession)
        options.android = configuration.androidSetup(commandLogPath: context.home.path + "/work.log")
        options.onSnapshot = publish
        options.publishForDashboards()
        adjust(&options)
        let clock = try VirtualClock()
        return DaemonRuntime(home: context.home, store: store, options: options, time: clock)
    }
}
