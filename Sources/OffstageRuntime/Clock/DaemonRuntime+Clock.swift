import Foundation
import OffstageClock
import OffstageCore
import OffstageStore

/// Steering the runtime's clock: its next deadline, jumps to it, and its rate, from this process or the inbox.
extension DaemonRuntime {
    /// The earliest moment something time-driven is due, in the clock's wall time: the daemon's wake (retries,
    /// `earliestBeginDate`), the scheduler's wake and pretended work, the app's wake and background work, retry dates,
    /// and the Android side's wakes (WorkManager's `nextWake`, the system's `nextDeadline`) and simulated work.
    public var nextDeadline: Date? { deadlines.min() }

    /// Every moment something time-driven is due, unordered.
    private var deadlines: [Date] {
        [
            transfers.nextWake, transfers.nextDueDate, scheduler?.nextDue(now: time.now()), app?.nextDue,
            android?.nextDue(now: time.now()),
        ].compactMap { $0 }
    }

    /// The engine's clock as a snapshot shows it: its time, its rate (real for a clock that cannot be steered,
    /// frozen for a manual one) and the next deadline.
    public var clockSnapshot: ClockSnapshot {
        let rate: ClockRate = clock?.rate ?? (time is SystemTimeSource ? .real : .frozen)
        return ClockSnapshot(now: time.now(), rate: rate, nextDeadline: nextDeadline)
    }

    /// Moves the clock forward to the earliest deadline still ahead of it; returns that deadline, or nil when none
    /// is ahead (the loop's next turn fires what is due).
    ///
    /// - Throws: `ClockControlError` when the runtime's clock cannot be steered.
    @discardableResult
    public func jumpToNextDeadline() throws -> Date? {
        let clock = try controllableClock()
        let now = clock.now()
        guard let next = deadlines.filter({ $0 > now }).min() else { return nil }
        clock.jump(to: next)
        return next
    }

    /// Runs the clock at `rate` from now on.
    ///
    /// - Throws: `ClockControlError` when the runtime's clock cannot be steered or the warp factor is out of range.
    public func setClockRate(_ rate: ClockRate) throws {
        try controllableClock().setRate(rate)
    }

    /// The clock, or why there is none to steer.
    private func controllableClock() throws -> VirtualClock {
        guard let clock else {
            throw ClockControlError(reason: "this offstage runs on a clock that cannot be warped, frozen or jumped")
        }
        return clock
    }

    /// Executes a clock command from the inbox; its result says what the clock did.
    func executeClockCommand(_ command: DaemonCommand, from source: CommandSource) throws {
        let result: String
        do {
            switch command {
            case .setClockRate(let rate):
                try setClockRate(rate)
                result = rate == .frozen ? "clock frozen" : "clock runs at \(rate.label)"
            case .jumpToNextDeadline:
                let before = time.now()
                if let next = try jumpToNextDeadline() {
                    let seconds = next.timeIntervalSince(before)
                    result = "clock jumped \(Self.duration(seconds)) to \(Self.isoTime(next))"
                } else {
                    result = "nothing is due later: the clock stays at \(Self.isoTime(before))"
                }
            default:
                return
            }
        } catch let error as ClockControlError {
            return try context.refuse(source, error.reason)
        }
        try context.commit(Commitment(notes: [result]), command: source)
    }

    /// Seconds as a short duration ("20 min 5 s", "0.3 s").
    static func duration(_ seconds: Double) -> String {
        guard seconds >= 60 else { return String(format: "%.1f s", seconds) }
        let whole = Clamped.int(seconds.rounded())
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        return hours > 0 ? "\(hours) h \(minutes) min \(rest) s" : "\(minutes) min \(rest) s"
    }

    /// A date in UTC, to the second (`2026-12-01T09:30:00Z`).
    static func isoTime(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
