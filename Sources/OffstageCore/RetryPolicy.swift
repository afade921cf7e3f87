import Foundation

/// Exponential backoff with jitter, `Retry-After` honoured as a minimum, and a bound on attempts.
public struct RetryPolicy: Codable, Sendable, Equatable {
    /// The delay before the first retry, in seconds.
    public var baseDelay: Double
    /// The largest backoff delay, in seconds.
    public var maxDelay: Double
    /// The largest `Retry-After` honoured, in seconds; longer requests are capped.
    public var retryAfterCap: Double
    /// Failed attempts (other than stalls) after which the task fails.
    public var maxAttempts: Int

    /// Defaults close to curl's `--retry`: 1 s doubling to 5 min, at most 8 attempts.
    public init(baseDelay: Double = 1, maxDelay: Double = 300, retryAfterCap: Double = 3600, maxAttempts: Int = 8) {
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.retryAfterCap = retryAfterCap
        self.maxAttempts = maxAttempts
    }

    /// The wait before attempt `attempt + 1` of task `taskID`, in seconds.
    ///
    /// "Equal jitter": half the exponential delay plus a deterministic share of the other half,
    /// so a herd of tasks spreads out while tests stay reproducible.
    public func delay(attempt: Int, taskID: Int64, retryAfter: Double?) -> Double {
        let exponent = Double(max(0, min(attempt - 1, 30)))
        let full = min(maxDelay, baseDelay * pow(2, exponent))
        let backoff = full / 2 + full / 2 * Self.unitNoise(taskID: taskID, attempt: attempt)
        guard let retryAfter else { return backoff }
        return max(backoff, min(retryAfter, retryAfterCap))
    }

    /// A number in [0, 1) that depends only on its inputs (splitmix64).
    static func unitNoise(taskID: Int64, attempt: Int) -> Double {
        var z = UInt64(bitPattern: taskID) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(truncatingIfNeeded: attempt)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) / Double(1 << 53)
    }

    /// The HTTP statuses worth retrying (curl's list of transient statuses).
    public static let transientStatuses = [408, 429, 500, 502, 503, 504, 522, 524]

    /// Whether an HTTP status is worth retrying (curl's list of transient statuses).
    public static func isTransient(status: Int) -> Bool {
        transientStatuses.contains(status)
    }
}
