import Foundation
import OffstageCore
import Synchronization

/// A `TimeSource` whose time moves only when a test moves it; safe to read from any thread.
///
/// Wall and steady time move together; steady time never goes back (setting the wall clock back leaves it).
public final class ManualTimeSource: TimeSource {
    /// The two readings, moved together under one lock.
    private struct Reading {
        /// Wall-clock time.
        var wall: Date
        /// Steady seconds.
        var steady: Double
    }

    private let current: Mutex<Reading>

    /// A clock stopped at `start` (by default 2023-11-14 22:13:20 UTC, exactly representable), with steady time
    /// at `steady` seconds.
    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000), steady: Double = 10_000) {
        current = Mutex(Reading(wall: start, steady: steady))
    }

    /// The time the clock is stopped at.
    public func now() -> Date {
        current.withLock { $0.wall }
    }

    /// The steady seconds the clock is stopped at.
    public func steady() -> Double {
        current.withLock { $0.steady }
    }

    /// Waiting never moves a manual clock: only the test does.
    public func realSeconds(untilVirtual date: Date) -> Double? {
        date <= now() ? 0 : nil
    }

    /// Moves the clock forward by `seconds` (a negative value moves the wall clock back; steady time stays).
    public func advance(by seconds: Double) {
        current.withLock {
            $0.wall = $0.wall.addingTimeInterval(seconds)
            $0.steady += max(0, seconds)
        }
    }

    /// Sets the wall clock to `date`; steady time moves by the same amount, but never backwards.
    public func set(_ date: Date) {
        current.withLock {
            $0.steady += max(0, date.timeIntervalSince($0.wall))
            $0.wall = date
        }
    }

    /// A device reboot: the steady clock starts over at `steady` (the one way it goes back); wall time stays.
    public func restartSteady(at steady: Double = 0) {
        current.withLock { $0.steady = steady }
    }
}
