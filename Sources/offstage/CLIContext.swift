import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// What every command shares: the resolved home and ways to reach its store.
struct CLIContext {
    /// The home all commands work on (`--home`, `OFFSTAGE_HOME`, or the XDG default).
    let home: OffstageHome

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

    /// Leaves a command in the inbox, pokes a running engine to read it now, and returns its identifier.
    func enqueue(_ command: DaemonCommand) throws -> Int64 {
        let store = try openStore()
        let id: Int64
        do { id = try store.enqueue(command, now: Date()) } catch { throw Self.translate(error) }
        SnapshotClient.poke(home: home.path)  // best effort: without an engine, or without the socket, nothing
        return id
    }

    /// Leaves an `add` in the inbox; returns its inbox id and its task's id.
    func enqueueAdd(_ spec: TransferSpec) throws -> (command: Int64, task: Int64) {
        let store = try openStore()
        do { return try store.enqueueAdd(spec, now: Date()) } catch { throw Self.translate(error) }
    }

    /// What became of a command.
    enum CommandOutcome {
        /// It was executed (done or refused, with its result): by this process when no engine ran, else by the
        /// running offstage.
        case executed(CommandStatus, String?)
        /// An offstage (this pid) owns the home but has not executed it in time (e.g. a `get` runs transfers only).
        case stillPending(owner: Int32)
    }

    /// Applies a command and says what became of it. With no engine running, a command that only changes state
    /// is applied at once, under the home's lock, through the engine's own path and transaction; one that needs
    /// running work fails with how to start the engine (and is not left behind). With an engine running, the
    /// command goes through the inbox and this waits for its result.
    ///
    /// `enqueue` leaves the command (it returns the inbox id); `configuration` is `--config` when the command has it.
    func submit(
        _ command: DaemonCommand, configuration explicit: String? = nil, enqueue: (Store) throws -> Int64
    ) throws -> CommandOutcome {
        try checkHome()
        // Nothing runs and the command needs running work: say so before making anything.
        if !command.changesStateOnly && !engineRuns { throw CLIError.failed(notRunningLine) }
        if let lock = try lockIfFree() {
            defer { lock.release() }
            guard command.changesStateOnly else { throw CLIError.failed(notRunningLine) }
            let store = try openStore()
            let id: Int64
            do { id = try enqueue(store) } catch { throw Self.translate(error) }
            return try applyOffline(id, store: store, configuration: explicit)
        }
        let store = try openStore()
        let id: Int64
        do { id = try enqueue(store) } catch { throw Self.translate(error) }
        SnapshotClient.poke(home: home.path)  // the running engine reads its inbox now, not at its next 2 s look
        return try awaitResult(of: id, command: command, configuration: explicit)
    }

    /// `submit` for a command that is left in the inbox as it is.
    func submit(_ command: DaemonCommand, configuration: String? = nil) throws -> CommandOutcome {
        try submit(command, configuration: configuration) { try $0.enqueue(command, now: Date()) }
    }

    /// Applies the pending command `id` with no engine running; the caller holds the home's lock.
    private func applyOffline(_ id: Int64, store: Store, configuration explicit: String?) throws -> CommandOutcome {
        let configuration = try SchedulerConfig.load(explicit, context: self)
        do {
            var options = RuntimeOptions()
            options.scheduler = SchedulerConfig.setup(configuration, context: self)
            options.app = AppSetup(configuration: configuration.appSession)
            options.android = configuration.androidSetup(commandLogPath: home.path + "/work.log")
            let outcome = try DaemonRuntime(home: home, store: store, options: options).applyOffline(commandID: id)
            return .executed(outcome.status, outcome.result)
        } catch {
            throw Self.translate(error)
        }
    }

    /// Waits for the running offstage to execute a command, up to `timeout`. When the home's lock comes free
    /// meanwhile (the engine stopped, or it was another command applying itself), the command is applied here
    /// if it only changes state, else refused as needing an engine, so nothing is left behind unsaid.
    func awaitResult(
        of id: Int64, command: DaemonCommand, configuration: String? = nil, timeout: Double = 3
    ) throws -> CommandOutcome {
        let store = try openStore()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let (status, result) = try store.commandStatus(id: id), status != .pending {
                return .executed(status, result)
            }
            if !engineRuns, let lock = try lockIfFree() {
                defer { lock.release() }
                guard try store.commandStatus(id: id)?.0 == .pending else { continue }
                guard command.changesStateOnly else {
                    try store.completeCommand(
                        id: id, status: .refused, result: notRunningLine, changes: StoreChanges(), now: Date())
                    throw CLIError.failed(notRunningLine)
                }
                return try applyOffline(id, store: store, configuration: configuration)
            }
            usleep(20_000)
        }
        return .stillPending(owner: InstanceLock.owner(home: home) ?? 0)
    }

    /// The line for a command that needs a running offstage when none runs.
    var notRunningLine: String {
        "no offstage is running on \(home.path): start `offstage run` and run this again"
    }

    /// Store errors as command-line errors with the right exit code.
    static func translate(_ error: any Error) -> CLIError {
        if let cli = error as? CLIError { return cli }
        if let store = error as? StoreError {
            if case .diskFull = store { return .diskFull(store.description) }
            return .store(store.description)
        }
        return .failed("\(error)")
    }
}
