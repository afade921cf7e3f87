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
        context.offline = true
        try transfers.restoreOffline()
        try loadPlatform()
        try startModelApp(offline: true)
        if let setup = androidSetup {
            android = try AndroidHost(context: context, transfers: transfers, setup: setup)
        }
        try execute(command, from: .inbox(id))
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
