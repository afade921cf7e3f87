import Foundation
import OffstageCore

/// The real clocks: the system's wall clock and its monotonic clock (`CLOCK_MONOTONIC`, shared by every process,
/// never set back). The shells' one place that reads them: the engine (through its `VirtualClock`), the curl
/// engine's pacing, the dashboard's frames, the command line and the benchmarks all ask this clock.
///
/// It lives in a shell target, not the core, because reading a clock is I/O; the core only knows `TimeSource`.
public struct SystemTimeSource: TimeSource {
    /// Creates the real clock.
    public init() {}

    /// The current wall-clock time.
    public func now() -> Date { Date() }

    /// Seconds on the system's monotonic clock.
    public func steady() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
