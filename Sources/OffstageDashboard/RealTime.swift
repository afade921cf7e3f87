import Foundation
import OffstageClock

/// Seconds on a clock that never jumps, for frame pacing (injected so tests can drive the loop).
public protocol FrameClock: Sendable {
    /// The current reading in seconds.
    func seconds() -> Double
}

/// The process's monotonic clock.
public struct SystemFrameClock: FrameClock {
    /// The system clock.
    public init() {}

    /// The monotonic clock in seconds (the shells' one reader, `SystemTimeSource`).
    public func seconds() -> Double { SystemTimeSource().steady() }
}
