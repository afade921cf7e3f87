import Foundation

/// Seconds on a clock that never jumps, for frame pacing (injected so tests can drive the loop).
public protocol FrameClock: Sendable {
    /// The current reading in seconds.
    func seconds() -> Double
}

/// The process's monotonic clock.
public struct SystemFrameClock: FrameClock {
    /// The system clock.
    public init() {}

    /// `CLOCK_MONOTONIC` in seconds.
    public func seconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}
