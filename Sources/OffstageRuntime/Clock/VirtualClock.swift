import Foundation
import OffstageClock
import OffstageCore
import Synchronization

/// The runtime's one clock: wall and steady time that run at real speed, warped (×10, ×60, ×600…), or frozen,
/// and that jump forward on request. Everything time-driven reads it; bytes on the wire do not.
///
/// Virtual time = the reading at the last anchor + real time elapsed since (on `reference`'s steady clock)
/// × the rate's factor. Changing the rate re-anchors first, so time never skips; jumps only go forward. When the
/// reference's wall clock is set (it moves a second or more away from its steady clock), the virtual wall clock
/// moves by as much, as a device's clock does; steady time does not.
public final class VirtualClock: TimeSource {
    /// The readings at the last rate change, and the rate since.
    private struct Anchor {
        /// The reference's steady seconds at the anchor.
        var realSteady: Double
        /// The reference's wall time at the anchor (moved by every wall-clock set passed through).
        var realWall: Date
        /// Virtual wall time at the anchor.
        var wall: Date
        /// Virtual steady seconds at the anchor.
        var steady: Double
        /// The rate since the anchor.
        var rate: ClockRate

        /// Virtual seconds elapsed since the anchor when the reference's steady clock reads `realSteady`.
        func elapsed(_ realNow: Double) -> Double { max(0, realNow - realSteady) * rate.factor }

        /// Passes a set of the reference's wall clock through; then returns the virtual readings.
        mutating func read(wall realWall: Date, steady realNow: Double) -> (wall: Date, steady: Double) {
            let drift = realWall.timeIntervalSince(self.realWall) - (realNow - realSteady)
            if drift.isFinite, abs(drift) >= VirtualClock.wallSetThreshold {
                wall = wall.addingTimeInterval(drift)
                self.realWall = self.realWall.addingTimeInterval(drift)
            }
            let elapsed = elapsed(realNow)
            return (wall.addingTimeInterval(elapsed), steady + elapsed)
        }
    }

    /// How far the reference's wall clock must move away from its steady clock to count as set (smaller drifts,
    /// a time daemon's slewing, are not passed through, so the clock does not wobble).
    static let wallSetThreshold = 1.0

    private let reference: any TimeSource
    private let anchor: Mutex<Anchor>

    /// A clock that starts at `reference`'s readings (the real clocks by default) and runs at `rate`.
    ///
    /// - Throws: `ClockControlError` when `rate` is a warp factor outside 1…10000.
    public init(rate: ClockRate = .real, reference: any TimeSource = SystemTimeSource()) throws {
        if let problem = rate.problem { throw ClockControlError(reason: problem) }
        self.reference = reference
        let wall = reference.now()
        let steady = reference.steady()
        anchor = Mutex(Anchor(realSteady: steady, realWall: wall, wall: wall, steady: steady, rate: rate))
    }

    /// Reads the reference, then updates the anchor under its lock with `body`.
    private func withReading<T>(_ body: (inout Anchor, (wall: Date, steady: Double), Double) -> T) -> T {
        let realWall = reference.now()
        let realSteady = reference.steady()
        return anchor.withLock { current in
            let virtual = current.read(wall: realWall, steady: realSteady)
            return body(&current, virtual, realSteady)
        }
    }

    /// The current virtual wall-clock time.
    public func now() -> Date {
        withReading { _, virtual, _ in virtual.wall }
    }

    /// The current virtual steady time.
    public func steady() -> Double {
        withReading { _, virtual, _ in virtual.steady }
    }

    /// The rate the clock runs at now.
    public var rate: ClockRate { anchor.withLock { $0.rate } }

    /// Changes the rate from this moment on; the readings go on from where they are (no discontinuity).
    ///
    /// - Throws: `ClockControlError` when `rate` is a warp factor outside 1…10000 (the clock is unchanged).
    public func setRate(_ rate: ClockRate) throws {
        if let problem = rate.problem { throw ClockControlError(reason: problem) }
        let realWall = reference.now()
        withReading { current, virtual, realSteady in
            current = Anchor(
                realSteady: realSteady, realWall: realWall, wall: virtual.wall, steady: virtual.steady, rate: rate)
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
        withReading { current, virtual, _ in
            let seconds = date.timeIntervalSince(virtual.wall) + max(0, overshoot)
            guard seconds.isFinite, date > virtual.wall else { return 0 }
            current.wall = current.wall.addingTimeInterval(seconds)
            current.steady += seconds
            return seconds
        }
    }

    /// Real seconds until `now()` reads `date`: the virtual wait divided by the factor; 0 when it is past; nil when
    /// the clock is frozen (only an event or a jump gets there).
    public func realSeconds(untilVirtual date: Date) -> Double? {
        withReading { current, virtual, _ in
            let wait = date.timeIntervalSince(virtual.wall)
            guard wait > 0 else { return 0 }
            let factor = current.rate.factor
            return factor > 0 ? wait / factor : nil
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
