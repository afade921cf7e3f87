import Foundation
import OffstageCore
import OffstageStore

/// Where a command came from, and so where its outcome goes.
enum CommandSource {
    /// A row of the inbox (another process, or a command left while no engine ran): the outcome commits with the
    /// command's changes, in the same transaction.
    case inbox(Int64)
    /// A client in this process (`InProcessEngine`): the changes commit, then the outcome goes back through the
    /// reply. `taskID` is the id an `add` creates, when the client reserved it.
    case direct(CommandReply, taskID: Int64?)
}
