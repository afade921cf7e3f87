import Foundation
import OffstageCore

/// The real clocks: the system's wall clock and its monotonic clock (`CLOCK_MONOTONIC`, shared by every process).
///
/// It lives in the runtime, not the core, because reading a clock is I/O; the core only knows `TimeSource`.
public struct SystemTimeSource: TimeSource {
    /// Creates the real clock.
    public init() {}

    /// The current wall-clock time.
    public func now() -> Date { Date() }

    /// Seconds on the system's monotonic clock.
    public func steady() -> Double { MonotonicTime.now() }
}
