import Foundation

/// Seconds on the system's monotonic clock (`CLOCK_MONOTONIC`): the same in every process, never set back.
///
/// The BG task scheduler measures deadlines on it, so a wall-clock jump can neither run a task twice nor skip it.
public enum MonotonicTime {
    /// The current reading.
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
