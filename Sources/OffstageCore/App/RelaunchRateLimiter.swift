import Foundation

/// The per-app background relaunch rate limiter that nsurlsessiond and the BG scheduler share.
///
/// Each background resume or relaunch doubles the delay (60 → 120 → 240 s …, capped); until the delay has
/// passed the app is not resumed again. The delay resets to 0 when the user brings the app to the front,
/// and when a further whole delay period passes after it ended without a relaunch ("elapses unused").
/// Times are steady seconds (see `SteadyClock`). The life cycle owns the app's one limiter (`AppLifecycleState`);
/// session relaunches and BG task launches both count in it.
public struct RelaunchRateLimiter: Codable, Sendable, Equatable {
    /// The first delay by default, in seconds (measured: 60).
    public static let defaultInitialDelay: Double = 60
    /// The largest delay by default, in seconds.
    public static let defaultMaxDelay: Double = 3600

    /// The first delay, in seconds.
    public var initialDelay: Double
    /// The largest delay, in seconds.
    public var maxDelay: Double
    /// The current delay (0: no limit).
    public private(set) var delay: Double = 0
    /// Steady time at which the current delay ends.
    public private(set) var delayEndsAt: Double = 0

    /// A limiter with no delay yet.
    public init(initialDelay: Double = defaultInitialDelay, maxDelay: Double = defaultMaxDelay) {
        self.initialDelay = initialDelay
        self.maxDelay = maxDelay
    }

    /// Seconds until the app may be resumed again (0: now).
    public func remaining(at now: Double) -> Double {
        max(0, delayEndsAt - now)
    }

    /// Whether the delay elapsed unused by `now`, so the next relaunch starts from the initial delay.
    public func hasLapsed(at now: Double) -> Bool {
        delay > 0 && now >= delayEndsAt + delay
    }

    /// Records a background resume or relaunch at `now` and returns the new delay.
    @discardableResult
    public mutating func recordRelaunch(at now: Double) -> Double {
        if hasLapsed(at: now) { delay = 0 }
        delay = delay == 0 ? initialDelay : min(delay * 2, maxDelay)
        delayEndsAt = now + delay
        return delay
    }

    /// The user brought the app to the front: no delay.
    public mutating func reset() {
        delay = 0
        delayEndsAt = 0
    }
}
