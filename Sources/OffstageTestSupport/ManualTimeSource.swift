import Foundation
import OffstageCore
import Synchronization

/// A `TimeSource` whose time moves only when a test moves it; safe to read from any thread.
public final class ManualTimeSource: TimeSource {
    private let current: Mutex<Date>

    /// A clock stopped at `start` (by default 2023-11-14 22:13:20 UTC, exactly representable).
    public init(start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Mutex(start)
    }

    /// The time the clock is stopped at.
    public func now() -> Date {
        current.withLock { $0 }
    }

    /// Moves the clock forward by `seconds` (a negative value moves it back).
    public func advance(by seconds: Double) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Sets the clock to `date`.
    public func set(_ date: Date) {
        current.withLock { $0 = date }
    }
}
