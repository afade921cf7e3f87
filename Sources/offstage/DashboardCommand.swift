import Foundation
import OffstageClock
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
        let notifications = configuration.transfers.notifications && !args.flag("--no-notify")
        if InstanceLock.owner(home: context.home) != nil {
            let face = try DashboardFace.make(signals: signals)
            let engine: InboxClient
            do {
                engine = try attach(context, configuration: configuration, wake: face.waker)
            } catch {
                face.close()
                throw CLIError.store("another offstage owns \(context.home.path) but cannot be attached to: \(error)")
            }
            try face.run(engine: engine, record: args.value("--record"), notifications: notifications)
            return
        }
        let lock = try context.acquireLock()
        defer { lock.release() }
        let store = try context.openStore()
        let face = try DashboardFace.make(signals: signals)
        let engine = InProcessEngine(wake: face.waker) { publish in
            try HostedRuntime.make(context: context, store: store, configuration: configuration, publish: publish)
        }
        try face.run(engine: engine, record: args.value("--record"), notifications: notifications)
    }
}

extension DashboardCommand {
    /// Attaches to the engine that owns the home, giving one that has just started 3 s to open its socket; the
    /// keys' commands go through the home's inbox.
    static func attach(
        _ context: CLIContext, configuration: OffstageConfiguration, wake: @escaping @Sendable () -> Void
    ) throws -> InboxClient {
        let engine = InboxClient(home: context.home) { context.engineOptions(configuration) }
        engine.subscribe(.firstScreen)  // never a whole big home over the socket, not even at first
        let clock = SystemTimeSource()
        let deadline = clock.steady() + 3
        while true {
            do {
                try engine.attach(wake: wake)
                return engine
            } catch {
                guard clock.steady() < deadline, InstanceLock.owner(home: context.home) != nil else {
                    engine.close()
                    throw error
                }
                usleep(100_000)
            }
        }
    }
}

/// The runtime a dashboard hosts: `offstage run`'s engine, scheduler and model app on a steerable clock,
/// publishing snapshots instead of printing the event log.
enum HostedRuntime {
    /// Builds the runtime on the home's open store (on the engine's thread).
    static func make(
        context: CLIContext, store: Store, configuration: OffstageConfiguration,
        publish: @escaping @Sendable (Snapshot) -> Void, clock: VirtualClock? = nil,
        adjust: (inout RuntimeOptions) -> Void = { _ in }
    ) throws -> DaemonRuntime {
        var options = context.engineOptions(configuration)
        options.onSnapshot = publish
        options.subscription = .firstScreen  // a home of 100,000 tasks costs the first frame a screenful
        options.publishForDashboards()
        adjust(&options)
        return DaemonRuntime(home: context.home, store: store, options: options, time: try clock ?? VirtualClock())
    }
}
