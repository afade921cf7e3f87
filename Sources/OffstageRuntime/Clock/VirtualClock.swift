import Foundation
import OffstageCore
import Synchronization

/// The runtime's one clock: wall and steady time that run at real speed, warped (×10, ×60, ×600…), or frozen,
/// and that jump forward on request. Everything time-driven reads it; bytes on the wire do not.
///
/// Virtual time = the reading at the last anchor + real time elapsed since (on `reference`'s steady clock)
/// × the rate's factor. Changing the rate re-anchors first, so time never skips; jumps only go forward.
public final class VirtualClock: TimeSource {
    /// The readings at the last rate change, and the rate since.
    private struct Anchor {
        /// Real steady seconds at the anchor.
        var real: Double
        /// Virtual wall time at the anchor.
        var wall: Date
        /// Virtual steady seconds at the anchor.
        var steady: Double
        /// The rate since the anchor.
        var rate: ClockRate

        /// Virtual seconds elapsed since the anchor when the real steady clock reads `realNow`.
        func elapsed(realNow: Double) -> Double { max(0, realNow - real) * rate.factor }
    }

    private let reference: any TimeSource
    private let anchor: Mutex<Anchor>

    /// A clock that starts at `reference`'s readings (the real clocks by default) and runs at `rate`.
    ///
    /// - Throws: `ClockControlError` when `rate` is a warp factor outside 1…10000.
    public init(rate: ClockRate = .real, reference: any TimeSource = SystemTimeSource()) throws {
        if let problem = rate.problem { throw ClockControlError(reason: problem) }
        self.reference = reference
        anchor = Mutex(Anchor(real: reference.steady(), wall: reference.now(), steady: reference.steady(), rate: rate))
    }

    /// The current virtual wall-clock time.
    public func now() -> Date {
        let realNow = reference.steady()
        return anchor.withLock { $0.wall.addingTimeInterval($0.elapsed(realNow: realNow)) }
    }

    /// The current virtual steady time.
    public func steady() -> Double {
        let realNow = reference.steady()
        return anchor.withLock { $0.steady + $0.elapsed(realNow: realNow) }
    }

    /// The rate the clock runs at now.
    public var rate: ClockRate { anchor.withLock { $0.rate } }

    /// Changes the rate from this moment on; the readings go on from where they are (no discontinuity).
    ///
    /// - Throws: `ClockControlError` when `rate` is a warp factor outside 1…10000 (the clock is unchanged).
    public func setRate(_ rate: ClockRate) throws {
        if let problem = rate.problem { throw ClockControlError(reason: problem) }
        let realNow = reference.steady()
        anchor.withLock { current in
            let elapsed = current.elapsed(realNow: realNow)
            current = Anchor(
                real: realNow, wall: current.wall.addingTimeInterval(elapsed), steady: current.steady + elapsed,
                rate: rate)
        }
    }

    /// Moves wall and steady time forward by `seconds` at once (a negative or non-finite value does nothing).
    public func jump(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        anchor.withLock { current in
            current.wall = current.wall.addingTimeInterval(seconds)
            current.steady += seconds
        }
    }

    /// Moves both clocks forward so that `now()` reads `date` plus `overshoot`; never backwards. Returns the
    /// seconds jumped.
    ///
    /// The default millisecond past the date makes sure a deadline kept on the steady clock (and converted to a
    /// date for the jump) is reached despite the rounding of the conversion.
    @discardableResult
    public func jump(to date: Date, overshoot: Double = 0.001) -> Double {
        let realNow = reference.steady()
        return anchor.withLock { current in
            let wall = current.wall.addingTimeInterval(current.elapsed(realNow: realNow))
            let seconds = date.timeIntervalSince(wall) + max(0, overshoot)
            guard seconds.isFinite, date > wall else { return 0 }
            current.wall = current.wall.addingTimeInterval(seconds)
            current.steady += seconds
            return seconds
        }
    }

    /// Real seconds until `now()` reads `date`: the virtual wait divided by the factor; 0 when it is past; nil when
    /// the clock is frozen (only an event or a jump gets there).
    public func realSeconds(untilVirtual date: Date) -> Double? {
        let realNow = reference.steady()
        return anchor.withLock { current in
            let virtual = date.timeIntervalSince(current.wall.addingTimeInterval(current.elapsed(realNow: realNow)))
            guard virtual > 0 else { return 0 }
            let factor = current.rate.factor
            return factor > 0 ? virtual / factor : nil
        }
    }
}

/// A clock that cannot be steered, or a rate it cannot run at.
public struct ClockControlError: Error, Equatable, CustomStringConvertible {
    /// Why.
    public let reason: String

    /// An error with `reason`.
    public init(reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}
