import Foundation

/// Where the current time comes from; injected so that the core and its tests never read a clock.
///
/// Two readings that move together: wall-clock time (dates people see, `earliestBeginDate`, retry dates) and
/// steady time (seconds that never go back: allowances, background time, relaunch delays, deadlines).
public protocol TimeSource: Sendable {
    /// The current wall-clock time.
    func now() -> Date

    /// The current steady time, in seconds; never goes back.
    func steady() -> Double

    /// How many seconds of real time must pass before `now()` reaches `date` (0 when it has), or nil when waiting
    /// alone never gets there (a frozen or manual clock: only an event or a jump moves it).
    func realSeconds(untilVirtual date: Date) -> Double?
}

extension TimeSource {
    /// A clock that runs at real speed reaches `date` in `date - now()` seconds.
    public func realSeconds(untilVirtual date: Date) -> Double? {
        max(0, date.timeIntervalSince(now()))
    }
}
