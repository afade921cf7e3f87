/// `BackoffPolicy`: how the delay grows between retries.
public enum BackoffPolicy: String, Codable, Sendable, CaseIterable {
    /// `LINEAR`: delay × attempt.
    case linear = "LINEAR"
    /// `EXPONENTIAL`: delay × 2^(attempt − 1).
    case exponential = "EXPONENTIAL"
}

/// `setBackoffCriteria(policy, delay)`: the policy and the base delay (seconds).
public struct BackoffCriteria: Codable, Sendable, Equatable {
    /// `DEFAULT_BACKOFF_DELAY_MILLIS`: 30 s.
    public static let defaultDelay: Double = 30
    /// `MIN_BACKOFF_MILLIS`: 10 s.
    public static let minimumDelay: Double = 10
    /// `MAX_BACKOFF_MILLIS`: 5 h (also the cap of every computed delay).
    public static let maximumDelay: Double = 5 * 3600

    /// The policy.
    public var policy: BackoffPolicy
    /// The base delay, seconds (10 s … 5 h once validated).
    public var delay: Double

    /// Backoff criteria; the default is WorkManager's, exponential 30 s.
    public init(policy: BackoffPolicy = .exponential, delay: Double = BackoffCriteria.defaultDelay) {
        self.policy = policy
        self.delay = delay
    }

    /// The delay before attempt `runAttemptCount + 1`, after `runAttemptCount` attempts (WorkSpec's
    /// `calculateNextRunTime`): LINEAR delay × count, EXPONENTIAL delay × 2^(count − 1), at most 5 h.
    ///
    /// Total: any count and any delay (NaN, negative, 1e308) give a finite value in 0 … 5 h; a count of 0 or less
    /// is treated as 1.
    public func delay(afterAttempts runAttemptCount: Int) -> Double {
        let base = delay.isFinite ? max(0, delay) : (delay.isNaN ? 0 : Self.maximumDelay)
        let count = Double(max(1, runAttemptCount))
        let grown: Double
        switch policy {
        case .linear: grown = base * count
        // 2^63 already exceeds every cap; clamping the exponent keeps `pow` and the product finite.
        case .exponential: grown = base * Double.pow2(min(count - 1, 63))
        }
        return min(grown.isNaN ? 0 : grown, Self.maximumDelay)
    }
}

extension Double {
    /// 2 to the power `exponent` (0 … 63), exactly.
    fileprivate static func pow2(_ exponent: Double) -> Double {
        Double(sign: .plus, exponent: Clamped.int(exponent), significand: 1)
    }
}
