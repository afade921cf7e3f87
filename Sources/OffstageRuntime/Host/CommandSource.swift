import Foundation
import OffstageCore
import OffstageStore
import Synchronization

/// Where a command came from, and so where its outcome goes.
enum CommandSource {
    /// A row of the inbox (another process, or a command left while no engine ran): the outcome commits with the
    /// command's changes, in the same transaction.
    case inbox(Int64)
    /// A client in this process (`InProcessEngine`): the changes commit, then the outcome goes back through the
    /// reply. `taskID` is the id an `add` creates, when the client reserved it.
    case direct(CommandReply, taskID: Int64?)
}

/// An in-process command's outcome, set once by the loop and read by the client's thread.
final class CommandReply: Sendable {
    private let value = Mutex<(status: CommandStatus, result: String)?>(nil)

    /// An unanswered reply.
    init() {}

    /// Sets the outcome; the first answer wins.
    func answer(_ status: CommandStatus, _ result: String) {
        value.withLock { if $0 == nil { $0 = (status, result) } }
    }

    /// The outcome, once the loop answered.
    var outcome: (status: CommandStatus, result: String)? { value.withLock { $0 } }
}
