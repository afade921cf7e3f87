import Foundation
import OffstageCore
import Testing

@Suite struct TransferDaemonRetryTests {
    @Test func interruptionSchedulesARetryWithAWakeThenResumesFromTheCheckpoint() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: 1000, validator: etag)
        h.checkpoint(1, 600)
        let interrupted = h.end(1, .interrupted(reason: "connection reset", stalled: false), at: 10)
        let task = try h.task(1)
        #expect(task.state == .retrying)
        #expect(task.attempts == 1)
        #expect(task.error == "connection reset")
        let retryAt = try #require(task.retryAt)
        #expect(retryAt > h.now)
        #expect(retryAt <= h.now + RetryPolicy().baseDelay)
        #expect(interrupted.wakes == [retryAt])
        #expect(interrupted.starts.isEmpty)
        #expect(interrupted.logged(.retryScheduled, "task 1")?.reason.contains("attempt 1 of 8") == true)
        let next = interrupted.logged(.retryScheduled, "task 1")?.reason ?? ""
        #expect(next.wholeMatch(of: /.*; next in \d+ s/) != nil, "whole seconds, as a person reads them: \(next)")

        let early = h.send(.timerFired, at: 10.1)
        #expect(early.starts.isEmpty)
        #expect(early.wakes == [retryAt])

        h.now = retryAt
        let fired = h.send(.timerFired)
        let start = try #require(fired.starts.first)
        #expect(start.offset == 600)
        #expect(start.validator == etag)
        #expect(try h.task(1).state == .running)
        #expect(try h.task(1).retryAt == nil)
    }

    @Test func retryDelaysGrowWithTheAttempts() throws {
        var h = DaemonHarness()
        h.add(1)
        var previous = 0.0
        for attempt in 1...5 {
            h.end(1, .interrupted(reason: "reset", stalled: false))
            let task = try h.task(1)
            #expect(task.attempts == attempt)
            let delay = try #require(task.retryAt).timeIntervalSince(h.now)
            #expect(delay >= previous / 2)
            #expect(abs(delay - RetryPolicy().delay(attempt: attempt, taskID: 1, retryAfter: nil)) < 0.001)
            previous = delay
            h.now = try #require(task.retryAt)
            #expect(h.send(.timerFired).starts.count == 1)
        }
    }

    @Test func maxAttemptsFailsTheTaskWithAReason() throws {
        var h = DaemonHarness(retryPolicy: RetryPolicy(maxAttempts: 3))
        h.add(1)
        for _ in 1...2 {
            h.end(1, .interrupted(reason: "reset", stalled: false))
            h.now = try #require(h.task(1).retryAt)
            h.send(.timerFired)
        }
        let actions = h.end(1, .interrupted(reason: "reset", stalled: false))
        let task = try h.task(1)
        #expect(task.state == .failed)
        #expect(task.retryAt == nil)
        #expect(task.error == "reset (after 3 attempts)")
        #expect(actions.logged(.failed, "task 1")?.reason == "reset (after 3 attempts)")
        #expect(actions.wakes.isEmpty && actions.starts.isEmpty)
    }

    @Test func oneAttemptIsOneAttempt() throws {
        var h = DaemonHarness(retryPolicy: RetryPolicy(maxAttempts: 1))
        h.add(1)
        let actions = h.end(1, .interrupted(reason: "reset", stalled: false))
        #expect(try h.task(1).error == "reset (after 1 attempt)")
        #expect(actions.logged(.failed, "task 1")?.reason == "reset (after 1 attempt)")
    }

    /// Sizes read as `ls` reads them (`1 B`, never `1 bytes`).
    @Test func oneByteIsOneByte() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: 1)
        h.checkpoint(1, 1)
        let finished = h.end(1, .completed(bytes: 1, status: 200, responseSummary: nil))
        #expect(finished.logged(.finishing, "task 1")?.reason == "1 B received and synced")
        var paused = DaemonHarness()
        paused.add(2)
        paused.accept(2, total: 10)
        paused.checkpoint(2, 1)
        paused.send(.pauseRequested(id: 2))
        #expect(paused.end(2, .stopped).logged(.paused, "task 2")?.reason == "at 1 B")
    }

    @Test func progressBetweenDropsEarnsBackTheAttempts() throws {
        var h = DaemonHarness(retryPolicy: RetryPolicy(maxAttempts: 3))
        h.add(1)
        for round in 1...5 {
            h.accept(1, offset: Int64(round - 1) * 2000, total: 10_000)
            h.checkpoint(1, Int64(round) * 2000)
            h.end(1, .interrupted(reason: "reset", stalled: false))
            #expect(try h.task(1).state == .retrying)
            #expect(try h.task(1).attempts == 1)
            h.now = try #require(h.task(1).retryAt)
            h.send(.timerFired)
        }
    }

    @Test func bytesFetchedAgainAfterARestartDoNotEarnBackAttempts() throws {
        var h = DaemonHarness(retryPolicy: RetryPolicy(maxAttempts: 3))
        h.add(1)
        for _ in 1...2 {
            h.accept(1, offset: 0, total: 1000)
            h.checkpoint(1, 1000)
            h.checkpoint(1, 0)  // the response ran long and its bytes were discarded
            h.end(1, .interrupted(reason: "server sent more bytes than its Content-Length", stalled: false))
            h.now = try #require(h.task(1).retryAt)
            h.send(.timerFired)
        }
        h.accept(1, offset: 0, total: 1000)
        h.checkpoint(1, 1000)
        h.end(1, .interrupted(reason: "server sent more bytes than its Content-Length", stalled: false))
        #expect(try h.task(1).state == .failed)
    }

    @Test func stallsCountAsAttemptsAndFailAtTheResourceTimeout() throws {
        var h = DaemonHarness(retryPolicy: RetryPolicy(maxAttempts: 100))
        h.send(.sessionConfigured(SessionConfiguration(timeoutIntervalForRequest: 30, timeoutIntervalForResource: 600)))
        let added = h.add(1)
        #expect(added.starts.first?.idleTimeout == 30)
        for round in 1...5 {
            let stalled = h.end(1, .interrupted(reason: "no data for 30 s", stalled: true), at: Double(round * 100))
            #expect(try h.task(1).state == .retrying, "stall \(round)")
            #expect(try h.task(1).attempts == round)
            #expect(stalled.logged(.retryScheduled)?.reason.contains("attempt \(round) of 100") == true)
            h.now = try #require(h.task(1).retryAt)
            h.send(.timerFired)
        }
        let last = h.end(1, .interrupted(reason: "no data for 30 s", stalled: true), at: 600)
        let task = try h.task(1)
        #expect(task.state == .failed)
        #expect(task.error?.contains("resource timeout of 600 s") == true)
        #expect(last.logged(.failed) != nil)
    }

    @Test func tooManyRequestsHonoursRetryAfter() throws {
        var h = DaemonHarness()
        h.add(1)
        h.end(1, .rejected(.httpError(status: 429, retryAfter: 120)))
        let task = try h.task(1)
        #expect(task.state == .retrying)
        #expect(task.httpStatus == 429)
        #expect(task.error == "HTTP 429 Too Many Requests")
        #expect(try #require(task.retryAt) >= h.now + 120)
        #expect(h.send(.timerFired, at: 119).starts.isEmpty)
        #expect(h.send(.timerFired, at: 120).starts.count == 1)
    }

    @Test func excessiveRetryAfterIsCapped() throws {
        var h = DaemonHarness()
        h.add(1)
        h.end(1, .rejected(.httpError(status: 503, retryAfter: 86_400 * 30)))
        #expect(try h.task(1).retryAt == h.now + RetryPolicy().retryAfterCap)
    }

    @Test(arguments: [
        (404, "HTTP 404 Not Found"), (403, "HTTP 403 Forbidden"), (410, "HTTP 410 Gone"),
        (418, "HTTP 418 unregistered client error"), (302, "HTTP 302 Found"),
    ])
    func permanentHTTPErrorFailsWithTheStatus(status: Int, reason: String) throws {
        var h = DaemonHarness()
        h.add(1)
        let actions = h.end(1, .rejected(.httpError(status: status, retryAfter: nil)))
        let task = try h.task(1)
        #expect(task.state == .failed)
        #expect(task.httpStatus == status)
        #expect(task.error == reason)
        #expect(actions.logged(.failed, "task 1")?.reason == reason)
        #expect(actions.starts.isEmpty)
    }

    @Test func restartFromZeroDropsThePartialAndStartsAgain() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: 1000, validator: etag)
        h.checkpoint(1, 500)
        h.end(1, .interrupted(reason: "reset", stalled: false))
        h.now = try #require(h.task(1).retryAt)
        #expect(h.send(.timerFired).starts.first?.offset == 500)
        let actions = h.end(1, .rejected(.restartFromZero(reason: "server answered 200 to a range request")))
        let task = try h.task(1)
        #expect(task.bytesWritten == 0)
        #expect(task.validator == nil)
        #expect(task.bytesExpected == -1)
        #expect(task.state == .running)
        #expect(
            actions.logged(.restarted, "task 1")?.reason
                == "server answered 200 to a range request: starting again from zero")
        let start = try #require(actions.starts.first)
        #expect(start.offset == 0)
        #expect(start.validator == nil)
    }

    /// A 200 to a range request is taken as the whole file by the engine: the daemon drops the partial bytes and
    /// validator, says why in the log, remembers it for the views, and expects no second request.
    @Test func aWholeFileAgainInTheSameRequestIsARestartWithItsReason() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: 1000, validator: etag)
        h.checkpoint(1, 500)
        h.end(1, .interrupted(reason: "reset", stalled: false))
        h.now = try #require(h.task(1).retryAt)
        #expect(h.send(.timerFired).starts.first?.offset == 500)
        let reason = "the file changed on the server (ETag \"e1\" → \"e2\")"
        let restarted = h.send(.engine(.restartedFromZero(taskID: 1, reason: reason)))
        #expect(restarted.starts.isEmpty && restarted.stops.isEmpty, "the same request goes on")
        #expect(restarted.logged(.restarted, "task 1")?.reason == reason + ": starting again from zero")
        #expect(try h.task(1).bytesWritten == 0 && h.task(1).validator == nil && h.task(1).state == .running)
        #expect(h.daemon.restarts[1] == TransferRestart(reason: reason, droppedBytes: 500, at: h.now))
        let accepted = h.accept(1, offset: 0, total: 2000, validator: "\"e2\"")
        #expect(accepted.logged(.started, "task 1")?.reason == "receiving 2.0 KB (HTTP 200 OK)")
        #expect(try h.task(1).validator == "\"e2\"" && h.task(1).bytesExpected == 2000)
        h.checkpoint(1, 2000)
        h.end(1, .completed(bytes: 2000, status: 200, responseSummary: nil))
        #expect(try h.task(1).state == .finishing)
    }

    @Test func aRestartReportOfAStoppedRequestChangesNothing() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, total: 1000, validator: etag)
        h.checkpoint(1, 500)
        h.send(.pauseRequested(id: 1))
        let late = h.send(.engine(.restartedFromZero(taskID: 1, reason: "late")))
        #expect(late.isEmpty)
        #expect(try h.task(1).bytesWritten == 500 && h.daemon.restarts[1] == nil)
    }

    @Test func serverThatKeepsForcingRestartsIsRetriedWithBackoff() throws {
        var h = DaemonHarness()
        h.add(1)
        for _ in 1...3 {
            #expect(h.end(1, .rejected(.restartFromZero(reason: "again"))).starts.count == 1)
        }
        let fourth = h.end(1, .rejected(.restartFromZero(reason: "again")))
        #expect(fourth.starts.isEmpty)
        #expect(try h.task(1).state == .retrying)
        #expect(try h.task(1).error?.contains("keeps refusing to resume") == true)
    }

    @Test func alreadyCompleteGoesStraightToFinishing() throws {
        var h = DaemonHarness()
        h.add(1)
        h.end(1, .rejected(.alreadyComplete(total: 1000)))
        #expect(try h.task(1).state == .finishing)
        #expect(try h.task(1).bytesWritten == 1000)
    }

    @Test func redirectIsFollowedAndTheEffectiveURLStored() throws {
        var h = DaemonHarness()
        h.add(1, url: "https://a.example/file")
        let actions = h.end(1, .rejected(.redirect(location: "/mirror/file")))
        #expect(actions.starts.map(\.url) == ["https://a.example/mirror/file"])
        #expect(actions.logged(.redirected, "task 1")?.reason == "to https://a.example/mirror/file")
        h.accept(1)
        #expect(try h.task(1).effectiveURL == "https://a.example/mirror/file")
        #expect(try h.task(1).url == "https://a.example/file")
    }

    @Test func redirectToHTTPFromHTTPSFailsTheTask() throws {
        var h = DaemonHarness()
        h.add(1, url: "https://a.example/file")
        let actions = h.end(1, .rejected(.redirect(location: "http://a.example/file")))
        #expect(actions.starts.isEmpty)
        #expect(try h.task(1).state == .failed)
        #expect(try h.task(1).error == "redirect from https to http refused")
    }

    @Test func redirectLoopFailsTheTask() throws {
        var h = DaemonHarness()
        h.add(1, url: "https://a.example/one")
        h.end(1, .rejected(.redirect(location: "/two")))
        h.end(1, .rejected(.redirect(location: "/one")))
        #expect(try h.task(1).state == .failed)
        #expect(try h.task(1).error?.contains("loop") == true)
    }

    @Test func redirectLimitFailsTheTask() throws {
        var h = DaemonHarness(redirectPolicy: RedirectPolicy(maxRedirects: 2))
        h.add(1, url: "https://a.example/0")
        #expect(h.end(1, .rejected(.redirect(location: "/1"))).starts.count == 1)
        #expect(h.end(1, .rejected(.redirect(location: "/2"))).starts.count == 1)
        h.end(1, .rejected(.redirect(location: "/3")))
        #expect(try h.task(1).state == .failed)
        #expect(try h.task(1).error?.contains("too many redirects") == true)
    }

    @Test func retryStartsAgainFromTheOriginalURLNotTheRedirect() throws {
        var h = DaemonHarness()
        h.add(1, url: "https://a.example/file")
        h.end(1, .rejected(.redirect(location: "https://cdn.example/file")))
        h.end(1, .interrupted(reason: "reset", stalled: false))
        h.now = try #require(h.task(1).retryAt)
        #expect(h.send(.timerFired).starts.map(\.url) == ["https://a.example/file"])
    }
}

/// A retry scheduled before the wall clock went back is recomputed from now: it never waits out the jump.
@Suite struct TransferDaemonClockJumpTests {
    @Test func aRetryAfterTheClockWentBackADayIsRecomputedFromNow() throws {
        var h = DaemonHarness()
        h.add(1, at: 86_400)
        h.accept(1, total: 1000, validator: etag)
        h.checkpoint(1, 600)
        h.end(1, .interrupted(reason: "connection reset", stalled: false), at: 86_410)
        let first = try #require(try h.task(1).retryAt)
        #expect(first > t0 + 86_410)
        // The clock goes back a day.
        let back = h.send(.timerFired, at: 10)
        let recomputed = try #require(try h.task(1).retryAt)
        #expect(recomputed > h.now && recomputed <= h.now + RetryPolicy().baseDelay)
        #expect(back.wakes == [recomputed])
        #expect(
            back.logged(.retryScheduled, "task 1")?.reason.hasPrefix(
                "the wall clock went back: the retry is recomputed from now") == true)
        // A retry within the policy's waits is left alone.
        #expect(h.send(.timerFired, at: 10.1).logged(.retryScheduled) == nil)
    }
}
