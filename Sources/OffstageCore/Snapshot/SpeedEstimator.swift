import Foundation

/// A transfer's speed from (bytes, time) samples: bytes per second, exponentially smoothed over about `window`
/// seconds, and the time left at that speed.
///
/// The first sample is only a baseline: bytes already there (resumed from a partial file) are never speed. Samples
/// closer than `minimumInterval` to the last one taken are skipped (the bytes count at the next one), so a reading
/// changes at most a few times a second. Bytes going back (a restart from zero) start a new baseline. When no new
/// byte has arrived for `stallTimeout` seconds the speed is unknown again (nil): a stalled transfer shows no ETA.
public struct SpeedEstimator: Sendable, Equatable {
    /// The smoothing time constant, seconds (default 3).
    public var window: Double
    /// The shortest time between two samples taken, seconds (default 0.5).
    public var minimumInterval: Double
    /// Seconds without a new byte after which the speed is unknown (default 5).
    public var stallTimeout: Double
    /// The last sample taken.
    public private(set) var last: (bytes: Int64, time: Date)?
    /// When the byte count last went up (nil: not since the baseline).
    public private(set) var lastProgress: Date?
    /// The smoothed rate, bytes per second (nil until two samples were taken).
    public private(set) var rate: Double?

    /// An estimator with no samples.
    public init(window: Double = 3, minimumInterval: Double = 0.5, stallTimeout: Double = 5) {
        self.window = window
        self.minimumInterval = minimumInterval
        self.stallTimeout = stallTimeout
    }

    /// Feeds the byte count seen at `time`.
    public mutating func record(bytes: Int64, at time: Date) {
        guard let previous = last else {
            last = (bytes, time)
            return
        }
        if bytes < previous.bytes {
            last = (bytes, time)
            lastProgress = nil
            rate = nil
            return
        }
        let elapsed = time.timeIntervalSince(previous.time)
        guard elapsed >= minimumInterval else { return }
        let instant = Double(bytes - previous.bytes) / elapsed
        let weight = 1 - exp(-elapsed / max(window, 0.001))
        rate = rate.map { $0 + weight * (instant - $0) } ?? instant
        if bytes > previous.bytes { lastProgress = time }
        last = (bytes, time)
    }

    /// The smoothed bytes per second at `time`, or nil before two samples, while nothing has arrived since the
    /// baseline, or once the transfer has stalled for `stallTimeout`.
    public func speed(at time: Date) -> Double? {
        guard let rate, let lastProgress, rate >= 1 else { return nil }
        guard time.timeIntervalSince(lastProgress) < stallTimeout else { return nil }
        return rate
    }

    /// Seconds until `remaining` more bytes have arrived at the speed at `time` (nil when the speed is unknown).
    public func eta(remaining: Int64, at time: Date) -> Double? {
        guard let speed = speed(at: time) else { return nil }
        return Double(max(0, remaining)) / speed
    }

    /// Two estimators are equal when their parameters, last sample and rate are.
    public static func == (lhs: SpeedEstimator, rhs: SpeedEstimator) -> Bool {
        lhs.window == rhs.window && lhs.minimumInterval == rhs.minimumInterval && lhs.stallTimeout == rhs.stallTimeout
            && lhs.last?.bytes == rhs.last?.bytes && lhs.last?.time == rhs.last?.time
            && lhs.lastProgress == rhs.lastProgress && lhs.rate == rhs.rate
    }
}
