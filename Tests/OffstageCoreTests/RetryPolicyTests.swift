import OffstageCore
import Testing

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy()

    @Test(arguments: 1...12)
    func delayStaysInsideTheEqualJitterEnvelope(attempt: Int) {
        let full = min(policy.maxDelay, policy.baseDelay * Double(1 << (attempt - 1)))
        for taskID in Int64(1)...50 {
            let delay = policy.delay(attempt: attempt, taskID: taskID, retryAfter: nil)
            #expect(delay >= full / 2, "task \(taskID)")
            #expect(delay <= full, "task \(taskID)")
        }
    }

    @Test func envelopeIsMonotoneNonDecreasingAndCapped() {
        var previousLow = 0.0
        var previousHigh = 0.0
        for attempt in 1...40 {
            let delays = (Int64(1)...30).map { policy.delay(attempt: attempt, taskID: $0, retryAfter: nil) }
            let low = delays.min() ?? 0
            let high = delays.max() ?? 0
            #expect(high <= policy.maxDelay, "attempt \(attempt)")
            #expect(low >= previousLow / 2, "attempt \(attempt)")
            #expect(high >= previousHigh / 2, "attempt \(attempt)")
            // The envelope's floor (full / 2) never goes down.
            let floor = min(policy.maxDelay, policy.baseDelay * Double(1 << min(attempt - 1, 30))) / 2
            #expect(floor >= previousLow, "attempt \(attempt)")
            previousLow = floor
            previousHigh = high
        }
    }

    @Test func hugeAttemptNumbersAreCappedWithoutOverflow() {
        for attempt in [31, 64, 1_000, Int.max] {
            let delay = policy.delay(attempt: attempt, taskID: 9, retryAfter: nil)
            #expect(delay.isFinite)
            #expect(delay >= policy.maxDelay / 2 && delay <= policy.maxDelay)
        }
    }

    @Test(arguments: [0, -3])
    func attemptZeroOrBelowUsesTheBaseDelay(attempt: Int) {
        let delay = policy.delay(attempt: attempt, taskID: 1, retryAfter: nil)
        #expect(delay >= policy.baseDelay / 2 && delay <= policy.baseDelay)
    }

    @Test func jitterIsDeterministic() {
        for attempt in 1...8 {
            #expect(
                policy.delay(attempt: attempt, taskID: 42, retryAfter: nil)
                    == policy.delay(attempt: attempt, taskID: 42, retryAfter: nil))
        }
        #expect(
            RetryPolicy().delay(attempt: 5, taskID: 7, retryAfter: nil)
                == RetryPolicy().delay(attempt: 5, taskID: 7, retryAfter: nil))
    }

    @Test func jitterSpreadsAHerdOfTasks() {
        let delays = Set((Int64(1)...20).map { policy.delay(attempt: 4, taskID: $0, retryAfter: nil) })
        #expect(delays.count >= 15)
    }

    @Test(arguments: [(120.0, 120.0), (0.5, nil), (0, nil), (3600, 3600), (100_000, 3600)] as [(Double, Double?)])
    func retryAfterIsAMinimumWithACap(retryAfter: Double, expectedExactly: Double?) {
        let delay = policy.delay(attempt: 1, taskID: 3, retryAfter: retryAfter)
        let backoff = policy.delay(attempt: 1, taskID: 3, retryAfter: nil)
        #expect(delay >= min(retryAfter, policy.retryAfterCap))
        #expect(delay >= backoff)
        #expect(delay <= max(backoff, policy.retryAfterCap))
        if let expectedExactly { #expect(delay == expectedExactly) } else { #expect(delay == backoff) }
    }

    @Test func backoffLongerThanRetryAfterWins() {
        let backoff = policy.delay(attempt: 12, taskID: 3, retryAfter: nil)
        #expect(backoff > 10)
        #expect(policy.delay(attempt: 12, taskID: 3, retryAfter: 10) == backoff)
    }

    @Test func customCapLimitsRetryAfter() {
        let strict = RetryPolicy(baseDelay: 1, maxDelay: 10, retryAfterCap: 60, maxAttempts: 3)
        #expect(strict.delay(attempt: 1, taskID: 1, retryAfter: 7_200) == 60)
        #expect(strict.delay(attempt: 20, taskID: 1, retryAfter: nil) <= 10)
    }

    @Test(arguments: [408, 429, 500, 502, 503, 504, 522, 524])
    func transientStatusesAreRetried(status: Int) {
        #expect(RetryPolicy.isTransient(status: status))
    }

    @Test(arguments: [200, 301, 400, 401, 403, 404, 410, 416, 501])
    func permanentStatusesAreNotRetried(status: Int) {
        #expect(!RetryPolicy.isTransient(status: status))
    }

    @Test func defaultsAreCloseToCurl() {
        #expect(policy.baseDelay == 1)
        #expect(policy.maxDelay == 300)
        #expect(policy.retryAfterCap == 3600)
        #expect(policy.maxAttempts == 8)
    }
}
