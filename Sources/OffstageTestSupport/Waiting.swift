import Foundation

/// Waiting for a condition, never for a fixed time: the tests' one polling loop.
///
/// A test waits for what it needs (an event logged, a lock taken, bytes on disk, a process ended) and goes on
/// the moment it holds; the timeout is a generous guard against a hang, never the expected time.
public enum Wait {
    /// Checks `condition` until it holds or `timeout` seconds pass, pausing `poll` seconds between checks.
    /// Returns whether it held.
    @discardableResult
    public static func until(timeout: Double = 30, poll: Double = 0.02, _ condition: () throws -> Bool) rethrows -> Bool
    {
        let deadline = ContinuousClock.now.advanced(by: duration(timeout))
        while true {
            if try condition() { return true }
            guard ContinuousClock.now < deadline else { return false }
            pause(poll)
        }
    }

    /// Waits until `process` has ended, `timeout` seconds at most. Returns whether it ended.
    @discardableResult
    public static func ended(_ process: Process, timeout: Double = 30) -> Bool {
        until(timeout: timeout, poll: 0.005) { !process.isRunning }
    }

    /// Lets a chosen moment come (`seconds` from now), ending early when `stop` holds: for a test whose input is
    /// a random moment (a kill, a signal), not a synchronisation. Returns whether `stop` held first.
    @discardableResult
    public static func moment(_ seconds: Double, unless stop: () -> Bool) -> Bool {
        until(timeout: seconds, poll: 0.005) { stop() }
    }

    /// The seconds as a `Duration` (negative and not-a-number as zero, huge as a day).
    private static func duration(_ seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        return .milliseconds(Int64(min(seconds, 86_400) * 1000))
    }

    /// One pause between checks.
    private static func pause(_ seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        usleep(UInt32(min(seconds, 1) * 1_000_000))
    }
}
