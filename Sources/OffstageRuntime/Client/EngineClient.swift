import Foundation
import OffstageCore
import OffstageStore

/// How every face reaches the engine (the command line, the hosted and the attached dashboard, `demo`, `get`):
/// send a command and learn its outcome, and take the newest snapshot.
///
/// Two implementations: `InProcessEngine` (the engine runs in this process: a command goes straight to its loop)
/// and `InboxClient` (another process runs it, or none does: the inbox and the attach socket; with no engine, a
/// command that only changes stored state is applied at once, in one place). A refusal always comes before any
/// success word: `send` throws it, or the outcome says `refused`.
public protocol EngineClient: AnyObject {
    /// Sends a command.
    ///
    /// - Throws: `EngineClientError` when it is refused before it is sent (it needs a running engine and none
    ///   runs, its upload file does not exist); a store error when it cannot be sent.
    func send(_ command: DaemonCommand) throws -> CommandTicket
    /// What became of a command sent (nil: the engine has not executed it yet).
    func outcome(of ticket: CommandTicket) -> CommandOutcome?
    /// Waits up to `timeout` seconds of real time for a command's outcome; `.stillPending` when the engine has
    /// not executed it by then.
    func wait(for ticket: CommandTicket, timeout: Double) throws -> CommandOutcome
    /// The newest snapshot when it is newer than `sequence` (nil: nothing new).
    func snapshot(newerThan sequence: UInt64?) -> Snapshot?
    /// Asks to be sent what `subscription` says from now on: a dashboard's window of rows as it scrolls (until
    /// then, the engine sends what the face set up, every transfer by default).
    func subscribe(_ subscription: SnapshotSubscription)
    /// Why the engine can no longer be reached (it stopped, or the one attached to went away); nil while it runs.
    var ended: String? { get }
    /// Stops hosting (a hosted engine stops cleanly) or detaches. Idempotent.
    func close()
}

extension EngineClient {
    /// A client whose engine sends one thing only ignores what it is asked for.
    public func subscribe(_ subscription: SnapshotSubscription) {}
}

/// A command sent, to ask for its outcome.
public struct CommandTicket: Sendable {
    /// Where the outcome is found.
    enum Handle: Sendable {
        /// An inbox row; `needsEngine`: the command needs running work (it is refused if the engine goes away).
        case inbox(Int64, needsEngine: Bool)
        /// An in-process command, answered by the loop.
        case reply(CommandReply)
        /// Known at once: applied (inbox row `Int64`) with no engine running.
        case settled(Int64, CommandOutcome)
    }

    /// The id of the task an `add` creates (nil: not an `add`, or not known before it runs).
    public let taskID: Int64?
    /// Where the outcome is found.
    let handle: Handle

    /// A ticket for inbox command `inboxID` (another implementation's, or a fake's).
    public init(inboxID: Int64, taskID: Int64? = nil) {
        self.init(taskID: taskID, handle: .inbox(inboxID, needsEngine: false))
    }

    /// A ticket whose outcome is found through `handle`.
    init(taskID: Int64?, handle: Handle) {
        self.taskID = taskID
        self.handle = handle
    }

    /// The inbox id (0 for a command sent in process).
    public var inboxID: Int64 {
        switch handle {
        case .inbox(let id, _), .settled(let id, _): id
        case .reply: 0
        }
    }
}

/// What became of a command.
public enum CommandOutcome: Sendable, Equatable {
    /// It was executed: done or refused, with its result ("ok", what it did, or why it was refused).
    case executed(CommandStatus, String)
    /// An engine (this pid) owns the home but has not executed it in time (e.g. a `get` runs transfers only); it
    /// stays queued for an engine that hosts it.
    case stillPending(owner: Int32)
}

/// A command refused before it was sent.
public enum EngineClientError: Error, Equatable, CustomStringConvertible {
    /// The command needs running work and no engine runs (nothing was left behind).
    case notRunning(String)
    /// The command cannot be sent as it is (e.g. its upload file does not exist).
    case refused(String)

    /// One line.
    public var description: String {
        switch self {
        case .notRunning(let line), .refused(let line): line
        }
    }

    /// The refusal of a command the face can see is wrong before sending it: an upload from a file that is not
    /// there (nil: none).
    static func check(_ command: DaemonCommand) -> EngineClientError? {
        guard case .add(let spec) = command, spec.kind == .upload, let path = spec.uploadPath else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .refused("no such file to upload: \(TransferDaemon.printable(path))")
        }
        return nil
    }
}
