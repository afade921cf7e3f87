import Foundation
import OffstageCore
import Testing

/// The engine says when a request stalls (under 1 kB in 30 s of real time) and ends it at its timeout; the daemon
/// shows it stalled, reconnects it counted as an attempt, and resumes it with If-Range. All on injected time.
@Suite struct TransferDaemonStallTests {
    /// A download accepted at t0 with 1,000,000 bytes expected and a checkpoint at 500,000.
    func started() -> DaemonHarness {
        var h = DaemonHarness()
        h.add(1, at: 0)
        h.accept(1, total: 1_000_000, at: 0)
        h.send(.engine(.progressed(taskID: 1, bytes: 500_000)), at: 1)
        h.checkpoint(1, 500_000, at: 1)
        return h
    }

    @Test func aStallIsShownUntilTheBytesMoveAgain() throws {
        var h = started()
        #expect(h.daemon.stalledSince(1) == nil)
        let stalled = h.send(.engine(.stalled(taskID: 1, seconds: 30)), at: 31)
        #expect(stalled.commit == nil && stalled.stops.isEmpty, "a fact for the views, not a state change")
        #expect(h.daemon.stalledSince(1) == t0 + 1)
        h.send(.engine(.moving(taskID: 1)), at: 40)
        #expect(h.daemon.stalledSince(1) == nil)
    }

    @Test func aStallAtItsTimeoutIsReconnectedCountedAndResumedWithIfRange() throws {
        var h = started()
        h.send(.engine(.stalled(taskID: 1, seconds: 30)), at: 31)
        let timedOut = h.end(1, .interrupted(reason: "stalled: under 1 kB in 60 s", stalled: true), at: 61)
        let task = try h.task(1)
        #expect(task.state == .retrying && task.attempts == 1)
        #expect(task.error == "stalled: under 1 kB in 60 s")
        #expect(
            timedOut.logged(.retryScheduled, "task 1")?.reason.hasPrefix("stalled: under 1 kB in 60 s; attempt 1 of 8")
                == true)
        #expect(h.daemon.stalledSince(1) == nil, "not running: not stalled")
        h.now = try #require(task.retryAt)
        let again = try #require(h.send(.timerFired).starts.first)
        #expect(again.offset == 500_000 && again.validator == etag)
        #expect(again.stallWindow == 30 && again.stallBytes == 1000)
    }

    @Test func aTrickleDoesNotEarnBackTheAttemptItCost() throws {
        var h = started()
        h.end(1, .interrupted(reason: "stalled: under 1 kB in 60 s", stalled: true), at: 61)
        h.now = try #require(h.task(1).retryAt)
        h.send(.timerFired)
        h.accept(1, offset: 500_000, total: 1_000_000)
        h.checkpoint(1, 500_006)  // six bytes in 60 s
        h.end(1, .interrupted(reason: "stalled: under 1 kB in 60 s", stalled: true))
        #expect(try h.task(1).attempts == 2)
        h.now = try #require(h.task(1).retryAt)
        h.send(.timerFired)
        h.accept(1, offset: 500_006, total: 1_000_000)
        h.checkpoint(1, 900_000)  // real progress earns them back
        #expect(try h.task(1).attempts == 0)
    }

    @Test func aLateStallReportOfAStoppedRequestIsIgnored() throws {
        var h = started()
        h.send(.pauseRequested(id: 1), at: 2)
        h.send(.engine(.stalled(taskID: 1, seconds: 30)), at: 31)
        #expect(h.daemon.stalledSince(1) == nil)
    }

    @Test func theRequestCarriesTheTimings() throws {
        var h = DaemonHarness()
        h.daemon.timings = TransferTimings(stallWindow: 2, stallBytes: 10)
        let start = try #require(h.add(1).starts.first)
        #expect(start.stallWindow == 2 && start.stallBytes == 10)
    }

    @Test func anEngineStallCountsAsAnAttemptToo() throws {
        var h = DaemonHarness(retryPolicy: RetryPolicy(maxAttempts: 2))
        h.add(1)
        h.end(1, .interrupted(reason: "stalled: no data for 60 s", stalled: true))
        #expect(try h.task(1).attempts == 1 && h.task(1).state == .retrying)
        h.now = try #require(h.task(1).retryAt)
        h.send(.timerFired)
        h.end(1, .interrupted(reason: "stalled: no data for 60 s", stalled: true))
        #expect(try h.task(1).state == .failed)
        #expect(try h.task(1).error == "stalled: no data for 60 s (after 2 attempts)")
    }
}
