import Foundation
import OffstageCore

/// Work a host runs for its machine: a BG task handler's (the outcome is whether expiration stops it) or an
/// Android worker's (the outcome is the result it returns).
enum HostedWork<Outcome: Sendable> {
    /// A shell command running as a process (`token` names this run, so a late exit of a stopped one is known).
    case command(ShellTask, token: Int)
    /// A download through the transfer engine, by its transfer task.
    case download(taskID: Int64)
    /// Simulated work ending at this date with this outcome.
    case simulated(until: Date, Outcome)

    /// How a piece of work ended.
    enum End {
        /// Simulated work's time came.
        case simulated(Outcome)
        /// The download ended, completed or not.
        case download(completed: Bool)
    }

    /// Stops it without reporting it: the command is signalled, the download cancelled.
    func stop(_ transfers: TransferHost) {
        switch self {
        case .command(let task, _): task.stop()
        case .download(let taskID): transfers.cancelWorkDownload(taskID)
        case .simulated: break
        }
    }

    /// How it ended by wall time `now` (nil: still going; a command reports its own end).
    func end(now: Date, transfers: TransferHost) -> End? {
        switch self {
        case .simulated(let until, let outcome) where until <= now: .simulated(outcome)
        case .download(let taskID): transfers.workDownloadEnded(taskID).map { .download(completed: $0) }
        default: nil
        }
    }

    /// When simulated work ends (nil: not simulated).
    var simulatedUntil: Date? {
        if case .simulated(let until, _) = self { return until }
        return nil
    }

    /// The token of a command's run (nil: not a command).
    var commandToken: Int? {
        if case .command(_, let token) = self { return token }
        return nil
    }
}
