import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// `offstage clock warp N|real|freeze|next`: steers the running engine's clock through the inbox.
///
/// Prints what the clock did only once the engine has done it; with no engine running nothing is queued (a clock
/// command is about the engine that runs now, not the next one).
enum ClockCommand {
    /// Sends the clock command and prints its result once the engine has executed it.
    static func run(_ raw: [String], context: CLIContext) throws {
        let command = try parse(raw)
        guard context.dryRun || InstanceLock.owner(home: context.home) != nil else {
            throw CLIError.failed(
                "no offstage is running on \(context.home.path): the clock belongs to a running engine "
                    + "(start one with `offstage run`)")
        }
        switch try context.submit(command) {
        case .stillPending(let pid):
            throw CLIError.failed(
                "the offstage running on \(context.home.path) (pid \(pid)) has not taken the command yet; "
                    + "it stays queued")
        case .executed(let status, let result):
            if status == .refused { throw CLIError.failed(result) }
            context.output.line(result)
        }
    }

    /// The inbox command for the words after `clock`.
    static func parse(_ raw: [String]) throws -> DaemonCommand {
        switch raw.first {
        case "warp":
            guard raw.count == 2 else { throw CLIError.usage("clock warp needs one factor from 1 to 10000") }
            return .setClockRate(try rate(raw[1], what: "clock warp"))
        case "real" where raw.count == 1: return .setClockRate(.real)
        case "freeze" where raw.count == 1: return .setClockRate(.frozen)
        case "next" where raw.count == 1: return .jumpToNextDeadline
        default: throw CLIError.usage("usage: offstage clock warp N | real | freeze | next")
        }
    }

    /// A warp factor from 1 to 10000 (1 is real time), else a usage error naming `what`.
    static func rate(_ text: String, what: String) throws -> ClockRate {
        guard let factor = NumberText.decimal(Substring(text)), ClockRate.warpFactors.contains(factor) else {
            throw CLIError.usage("\(what) needs a factor from 1 to 10000 (got \(TransferDaemon.printable(text)))")
        }
        return factor == 1 ? .real : .warped(factor)
    }
}
