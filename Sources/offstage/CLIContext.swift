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
        do { return try Store.open(home: home) } catch { throw Self.translate(error) }
    }

    /// Opens the store read-only, or nil when no store exists yet.
    func openStoreForReading() throws -> Store? {
        guard FileManager.default.fileExists(atPath: home.databasePath) else { return nil }
        do { return try Store.open(home: home, readOnly: true) } catch { throw Self.translate(error) }
    }

    /// Takes the instance lock, or says who has it.
    func acquireLock() throws -> InstanceLock {
        do {
            try home.prepare()
            return try InstanceLock.acquire(home: home)
        } catch {
            throw Self.translate(error)
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

    /// What became of a command left in the inbox, as far as this process can wait.
    enum CommandOutcome {
        /// A running offstage executed it (done or refused, with its result).
        case executed(CommandStatus, String?)
        /// No offstage owns the home: the command waits for the next start.
        case notRunning
        /// An offstage (this pid) owns the home but has not executed it in time (e.g. a `get` runs transfers only).
        case stillPending(owner: Int32)
    }

    /// Waits for a running daemon to execute a command, up to `timeout`.
    func awaitResult(of id: Int64, timeout: Double = 3) throws -> CommandOutcome {
        guard let owner = InstanceLock.owner(home: home) else { return .notRunning }
        let store = try openStore()
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let (status, result) = try store.commandStatus(id: id), status != .pending {
                return .executed(status, result)
            }
            usleep(20_000)
        }
        return .stillPending(owner: owner)
    }

    /// The line that tells a user where queued commands go when no daemon runs.
    var notRunningHint: String {
        "no offstage is running on \(home.path); it takes effect when `offstage run` starts"
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
