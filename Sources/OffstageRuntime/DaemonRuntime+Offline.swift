import Foundation
import OffstageCore
import OffstageStore

/// What became of a command applied with no engine running.
public struct OfflineOutcome: Sendable, Equatable {
    /// Done or refused.
    public let status: CommandStatus
    /// "ok", or what the command did or why it was refused.
    public let result: String
}

/// Applying one command when no engine runs, through the engine's own execution path and transaction.
extension DaemonRuntime {
    /// Restores the daemon, the scheduler and the app from the store WITHOUT treating it as a start (no reboot
    /// of the app, no restart of the scheduler, no Android reboot, no task or worker moved or started), executes the pending command `id` in
    /// the same transaction the engine would use, and returns its outcome. Nothing is left running.
    ///
    /// The caller holds the home's instance lock (so no engine runs) and left the command in the inbox. A command
    /// that needs running work (`changesStateOnly` false) is not executed: it throws `OfflineRefusal`.
    public func applyOffline(commandID id: Int64) throws -> OfflineOutcome {
        guard let command = try store.pendingCommands().first(where: { $0.id == id })?.command else {
            throw OfflineRefusal(reason: "command \(id) is not pending")
        }
        guard command.changesStateOnly else {
            throw OfflineRefusal(reason: "command \(id) needs a running offstage")
        }
        offline = true
        daemon.exclusive = []  // nothing starts: the next `offstage run` decides what runs
        let sessions = try store.loadSessionsSettingAside()
        let tasks = try store.loadTasksSettingAside()
        try reportSetAside(sessions.setAside + tasks.setAside)
        daemon.load(sessions: sessions.sessions, tasks: tasks.tasks, conditions: try loadConditions())
        if let setup = options.scheduler {
            var scheduler = TaskScheduler(
                configuration: setup.app, policy: setup.policy,
                state: try loadState("scheduler_state") { try store.loadSchedulerState() }, seed: setup.seed,
                timeZone: .current)
            scheduler.appliesOffline = true
            host = SchedulerHost(
                scheduler: scheduler, app: ModelApp(configuration: setup.app, mistakes: setup.mistakes),
                commandLogPath: setup.commandLogPath)
        }
        if let setup = options.app {
            let stored = try loadState("app_state") { try store.loadAppState() }
            let registry = try store.loadAppRegistrySettingAside()
            try reportSetAside(registry.setAside)
            appHost = AppHost(
                setup: setup, lifecycle: AppLifecycle(policy: setup.configuration.lifecycle, state: stored?.lifecycle),
                runtimeMistakes: stored?.mistakes ?? AppMistakes(), registry: registry.registry)
        }
        if let setup = options.android {
            let loaded = try store.loadWorkRequestsSettingAside()
            try reportSetAside(loaded.setAside)
            let system = AndroidSystemModel(
                policy: setup.policy, state: try loadState("android_state") { try store.loadAndroidState() })
            var android = AndroidHost(
                profile: setup.profile, system: system, work: WorkManagerModel(requests: loaded.requests),
                commandLogPath: setup.commandLogPath)
            android.workersCanStart = false
            android.work = WorkManagerModel(
                requests: loaded.requests, environment: android.environment(now: time.now()))
            androidHost = android
        }
        try execute(command, id: id)
        guard let (status, result) = try store.commandStatus(id: id), status != .pending else {
            throw OfflineRefusal(reason: "command \(id) was not executed")
        }
        return OfflineOutcome(status: status, result: result ?? "ok")
    }
}

/// `applyOffline` did not execute the command.
public struct OfflineRefusal: Error, CustomStringConvertible {
    /// Why.
    public let reason: String

    /// One line.
    public var description: String { reason }
}
