import Foundation
import OffstageCore
import Testing

@Suite("Work backoff")
struct WorkBackoffTests {
    @Test(
        "known values of the formula",
        arguments: [
            (BackoffPolicy.exponential, 30.0, 1, 30.0), (.exponential, 30, 2, 60), (.exponential, 30, 3, 120),
            (.exponential, 30, 10, 15_360), (.exponential, 30, 11, 18_000), (.exponential, 10, 40, 18_000),
            (.linear, 30, 1, 30), (.linear, 30, 3, 90), (.linear, 10, 40, 400), (.linear, 18_000, 2, 18_000),
            (.exponential, 30, 0, 30), (.exponential, 30, Int.max, 18_000), (.linear, 30, Int.max, 18_000),
        ])
    func knownValues(_ row: (BackoffPolicy, Double, Int, Double)) {
        #expect(BackoffCriteria(policy: row.0, delay: row.1).delay(afterAttempts: row.2) == row.3)
    }

    @Test(
        "every attempt 1…40, both policies, delays 1 s, 30 s and 6 h (clamped first)",
        arguments: [BackoffPolicy.linear, .exponential], [1.0, 30, 21_600])
    func attempts(_ policy: BackoffPolicy, _ entered: Double) throws {
        let spec = try WorkRequestSpec(worker: minuteWork, backoff: BackoffCriteria(policy: policy, delay: entered))
            .validated().spec
        let base = min(max(entered, 10), 18_000)
        #expect(spec.backoff.delay == base)
        var previous = 0.0
        for attempt in 1...40 {
            let delay = spec.backoff.delay(afterAttempts: attempt)
            let factor = policy == .linear ? Double(attempt) : pow(2, Double(attempt - 1))
            #expect(delay == min(base * factor, 18_000), "attempt \(attempt)")
            #expect(delay >= previous && delay <= 18_000)
            previous = delay
        }
    }

    @Test("absurd delays never trap", arguments: [Double.nan, .infinity, -1, 1e308])
    func absurd(_ delay: Double) {
        for attempt in [0, 1, 40, Int.max] {
            let value = BackoffCriteria(policy: .exponential, delay: delay).delay(afterAttempts: attempt)
            #expect(value.isFinite && value >= 0 && value <= 18_000)
        }
    }

    @Test("Result.retry re-enqueues at lastEnqueueTime + backoff, attempt after attempt")
    func retries() throws {
        var harness = WorkHarness()
        let spec = WorkRequestSpec(
            worker: .simulated(seconds: 1, result: .retry), backoff: BackoffCriteria(policy: .exponential, delay: 30))
        let id = try harness.add("r", spec, at: 0)
        #expect(harness.started == [id])
        var clock = 0.0
        for attempt in 1...12 {
            clock += 5
            harness.send(.workerFinished(id: id, result: .retry), at: clock)
            let request = try #require(harness.request(id))
            let delay = min(30 * pow(2, Double(attempt - 1)), 18_000)
            #expect(request.state == .enqueued && request.runAttemptCount == attempt)
            #expect(request.earliestRunAt == at(clock + delay))
            #expect(harness.reason(id) == .backoff(until: at(clock + delay), attempt: attempt + 1))
            #expect(harness.actions.last == .scheduleWake(at: at(clock + delay)))
            clock += delay
            harness.send(.timerFired, at: clock)
            #expect(harness.started == [id])
        }
    }
}
