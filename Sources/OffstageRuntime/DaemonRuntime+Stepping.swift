import Foundation
import OffstageClock
import OffstageCore
import OffstageHTTP

/// Driving the runtime one step at a time, for deterministic scenarios with a manual clock.
///
/// `start()`, then any number of `settle()` calls between moves of the clock and commands left in the inbox,
/// then `shutdown()`. Transfers still run for real on the engine's thread; `settle()` waits for them.
extension DaemonRuntime {
    /// Runs turns until nothing is left to do now: the inbox is empty, no delivery waits, and neither the app side
    /// nor the scheduler has anything it can do before the clock moves (a BG task's pretended work waits for it).
    /// Timers due by the clock's time fire first. Transfers and handler commands in flight go on running: a test
    /// waits for them by looking at the store between turns (`turn(waiting:)`).
    ///
    /// - Throws: `RuntimeSettleTimeout` when that takes longer than `timeout` seconds of real time.
    public func settle(timeout: Double = 30) throws {
        let limit = realTime.steady() + timeout
        var quietTurns = 0
        while quietTurns < 3 {
            guard realTime.steady() < limit else { throw RuntimeSettleTimeout(seconds: timeout) }
            lastInboxPoll = -.infinity  // read the inbox every turn
            if let outcome = try turn(waiting: false), case .interrupted = outcome { return }
            let quiet =
                try !transfers.hasDeliveryWork && !(app?.isBusy() ?? false) && executableCommands().isEmpty
                && !(scheduler?.isDue(now: time.now()) ?? false)
                && !(android?.isDue(now: time.now()) ?? false)
            quietTurns = quiet ? quietTurns + 1 : 0
        }
    }

    /// Runs one turn without waiting: the inbox, due timers, and the events the engine posted so far.
    public func runOneTurn() throws {
        lastInboxPoll = -.infinity
        _ = try turn(waiting: false)
    }

    /// Stops cleanly: every request ends and checkpoints, the engine stops.
    public func shutdown() throws {
        try stopCleanly()
        transfers.stopEngine()
    }
}

/// `settle()` found work still going on after its time limit.
public struct RuntimeSettleTimeout: Error, CustomStringConvertible {
    /// The limit, in seconds.
    public let seconds: Double

    /// A timeout after `seconds`.
    public init(seconds: Double) { self.seconds = seconds }

    /// One line.
    public var description: String { "the runtime did not settle within \(Clamped.int(seconds)) s" }
}
