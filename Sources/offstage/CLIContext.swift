import Foundation
import OffstageClock
import OffstageCore
import OffstageRuntime
import OffstageStore

/// What every command shares: the resolved home and ways to reach its store.
struct CLIContext {
    /// The home all commands work on (`--home`, `OFFSTAGE_HOME`, or the XDG default).
    let home: OffstageHome
    /// The clocks commands stamp and compute dates from: the real ones, or a story's engine's.
    var time: any TimeSource = SystemTimeSource()
    /// The engine a story's `do` step runs its command against (nil: the home's, through its inbox).
    var storyEngine: InProcessEngine?
    /// Where a command's lines go: standard output and error, or a story's transcript.
    var output = CommandOutput.standard
    /// Whether the command is only checked (a story's `do` step before the story runs): it parses and validates
    /// everything, and stops with `StoryDryRun` where it would send its command.
    var dryRun = false

    /// Opens the store for writing (creating the home when needed), as one clear error when it cannot.
    func openStore() throws -> Store {
        try checkHome()
        do { return try Store.open(home: home) } catch { throw Self.translate(error) }
    }

    /// Opens the store read-only, or nil when no store exists yet; a home that cannot be read is an error (exit 3).
    func openStoreForReading() throws -> Store? {
        try checkHome()
        guard FileManager.default.fileExists(atPath: home.databasePath) else { return nil }
        do { return try Store.open(home: home, readOnly: true) } catch { throw Self.translate(error) }
    }

    /// Takes the instance lock, or says who has it.
    func acquireLock() throws -> InstanceLock {
        try checkHome()
        do {
            try home.prepare()
            return try InstanceLock.acquire(home: home)
        } catch {
            throw Self.translate(error)
        }
    }

    /// The instance lock when nobody holds it, or nil when a running offstage does.
    func lockIfFree() throws -> InstanceLock? {
        try checkHome()
        do {
            try home.prepare()
            return try InstanceLock.acquire(home: home)
        } catch StoreError.locked {
            return nil
        } catch {
            throw Self.translate(error)
        }
    }

    /// Whether an offstage (`run`, `get`, the demo) owns the home now.
    var engineRuns: Bool { InstanceLock.owner(home: home) != nil }

    /// Fails with one clear line (exit 3) when the home exists but is not a directory this user can use.
    /// A home that does not exist yet is fine: writing commands create it, reading commands find nothing.
    func checkHome() throws {
        var info = stat()
        guard stat(home.path, &info) == 0 else {
            let code = errno
            if code == ENOENT { return }
            throw CLIError.store("cannot use the home \(home.path): \(String(cString: strerror(code)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw CLIError.store("the home \(home.path) is not a directory")
        }
        guard access(home.path, R_OK | X_OK) == 0 else {
            throw CLIError.store("cannot use the home \(home.path): \(String(cString: strerror(errno)))")
        }
    }

    /// What an engine on this home runs with for `configuration`: the BG scheduler, the model app and, when the
    /// profile has it, Android (the run, the hosted dashboard and a command applied with no engine running); the
    /// engine's settings and the stall window from `environment` (`EngineDefaults`), so every engine agrees.
    func engineOptions(
        _ configuration: OffstageConfiguration,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> RuntimeOptions {
        var options = RuntimeOptions()
        options.configureEngine = EngineDefaults.apply
        options.transferTimings = EngineDefaults.timings(environment: environment)
        options.scheduler = SchedulerConfig.setup(configuration, context: self)
        options.app = AppSetup(configuration: configuration.appSession)
        // Always given, so the store's platform (`offstage device platform`) can switch Android on with this policy.
        options.android = AndroidSetup(
            profile: configuration.android.platform, policy: configuration.android.policy,
            commandLogPath: home.path + "/work.log")
        options.onComplete = configuration.transfers.hook
        return options
    }

    /// A client of the home's engine through its inbox: a running one, or none (then a command that only changes
    /// stored state is applied here, with `--config`'s configuration when the command has it).
    func client(configuration explicit: String? = nil) throws -> InboxClient {
        try checkHome()
        let context = self
        return InboxClient(home: home) { context.engineOptions(try SchedulerConfig.load(explicit, context: context)) }
    }

    /// Sends a command to the home's engine and waits up to 3 s for what became of it (see `InboxClient`); the
    /// ticket names the task an `add` creates.
    func send(_ command: DaemonCommand, configuration: String? = nil) throws -> (
        outcome: CommandOutcome, ticket: CommandTicket
    ) {
        if dryRun { throw StoryDryRun() }
        if let storyEngine { return try send(command, to: storyEngine) }
        let client = try client(configuration: configuration)
        defer { client.close() }
        do {
            let ticket = try client.send(command)
            return (try client.wait(for: ticket, timeout: 3), ticket)
        } catch {
            throw Self.translate(error)
        }
    }

    /// Sends a story's command to its engine (an `add` with the task id it reserves, so its line can name it) and
    /// waits up to 10 s for what became of it.
    private func send(_ command: DaemonCommand, to engine: InProcessEngine) throws -> (
        outcome: CommandOutcome, ticket: CommandTicket
    ) {
        var taskID: Int64?
        if case .add = command {
            let store = try openStore()
            defer { store.close() }
            taskID = try store.reserveTaskID()
        }
        let ticket = engine.send(command, taskID: taskID)
        return (try engine.wait(for: ticket, timeout: 10), ticket)
    }

    /// `send`, for the outcome alone.
    func submit(_ command: DaemonCommand, configuration: String? = nil) throws -> CommandOutcome {
        try send(command, configuration: configuration).outcome
    }

    /// Store errors as command-line errors with the right exit code.
    static func translate(_ error: any Error) -> CLIError {
        if let cli = error as? CLIError { return cli }
        if let refusal = error as? EngineClientError { return .failed(refusal.description) }
        if let store = error as? StoreError {
            if case .diskFull = store { return .diskFull(store.description) }
            return .store(store.description)
        }
        return .failed("\(error)")
    }
}
