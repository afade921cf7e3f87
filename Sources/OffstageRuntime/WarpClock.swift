import Foundation
import OffstageCore
import Synchronization

/// Real time plus the jumps a demo makes ("five seconds later"): a wall clock and a steady clock that move
/// together, so a scripted scenario skips the waits of the app's life cycle while transfers run in real time.
public final class WarpClock: TimeSource {
    private let skipped = Mutex(0.0)

    /// A clock that reads real time until it first jumps.
    public init() {}

    /// Real wall-clock time plus every jump so far.
    public func now() -> Date { Date().addingTimeInterval(skipped.withLock { $0 }) }

    /// The system's monotonic clock plus every jump so far: the life cycle's steady time.
    public func steady() -> Double { MonotonicTime.now() + skipped.withLock { $0 } }

    /// Moves both clocks forward by `seconds` at once.
    public func jump(by seconds: Double) {
        skipped.withLock { $0 += max(0, seconds) }
    }
}
