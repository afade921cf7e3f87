import Foundation
import OffstageCore
import Testing

@Suite struct TransferDaemonCommandsTests {
    @Test func pauseWhileRunningStopsTheRequestAndKeepsThePartial() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1)
        h.checkpoint(1, 400)
        let actions = h.send(.pauseRequested(id: 1))
        let task = try h.task(1)
        #expect(task.state == .paused)
        #expect(task.bytesWritten == 400)
        #expect(task.validator == etag)
        #expect(actions.stops == [1])
        #expect(actions.removedParts.isEmpty)
        #expect(actions.logged(.paused, "task 1") == nil, "the line waits for the request's final checkpoint")
        #expect(h.daemon.runningTaskIDs.isEmpty)
    }

    @Test func finalCheckpointOfAPausedRequestIsKeptAndIsWhatThePauseLineSays() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1)
        h.checkpoint(1, 400)
        h.send(.pauseRequested(id: 1))
        h.checkpoint(1, 450)
        let ended = h.end(1, .stopped)
        #expect(try h.task(1).bytesWritten == 450)
        #expect(try h.task(1).state == .paused)
        #expect(ended.logged(.paused, "task 1")?.reason == "at 450 B")
        #expect(ended.stops.isEmpty && ended.removedParts.isEmpty)
    }

    @Test func aPauseOfATaskThatIsNotRunningIsLoggedAtOnce() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1)
        h.checkpoint(1, 300)
        h.end(1, .interrupted(reason: "connection reset", stalled: false))
        let actions = h.send(.pauseRequested(id: 1))
        #expect(try h.task(1).state == .paused)
        #expect(actions.logged(.paused, "task 1")?.reason == "at 300 B")
    }

    @Test func resumeStartsFromTheCheckpointWithTheValidator() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1)
        h.checkpoint(1, 400)
        h.send(.pauseRequested(id: 1))
        h.end(1, .stopped)
        let actions = h.send(.resumeRequested(id: 1))
        #expect(actions.logged(.resumedByUser, "task 1")?.reason == "from 400 B")
        let start = try #require(actions.starts.first)
        #expect(start.offset == 400)
        #expect(start.validator == etag)
        #expect(try h.task(1).state == .running)
    }

    @Test func lateStoppedReportDoesNotDisturbTheNewRequest() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1)
        h.checkpoint(1, 400)
        h.send(.pauseRequested(id: 1))
        let resumed = h.send(.resumeRequested(id: 1))
        #expect(resumed.starts.map(\.offset) == [400])
        // Resumed before its request stopped: the pause is logged with the offset the resume uses.
        #expect(resumed.logged(.paused, "task 1")?.reason == "at 400 B")
        #expect(resumed.logged(.resumedByUser, "task 1")?.reason == "from 400 B")
        // The stopped request's last words arrive after the new request was started.
        h.checkpoint(1, 480)
        h.send(.engine(.progressed(taskID: 1, bytes: 500)))
        let swallowed = h.end(1, .stopped)
        #expect(swallowed.commit == nil && swallowed.starts.isEmpty && swallowed.stops.isEmpty)
        #expect(try h.task(1).state == .running)
        #expect(try h.task(1).bytesWritten == 400, "the old request's checkpoint is not the new request's")
        #expect(h.daemon.liveBytes[1] == nil, "the old request's progress is not the new request's")
        #expect(h.daemon.runningTaskIDs == [1])
        // The new request's reports are applied.
        h.accept(1, offset: 400, total: 1000, status: 206)
        h.checkpoint(1, 1000)
        let done = h.end(1, .completed(bytes: 1000, status: 206, responseSummary: nil))
        #expect(try h.task(1).state == .finishing)
        #expect(done.delivers.count == 1)
    }

    @Test func lateStoppedReportAfterAnInterruptionIsNotTakenForTheNewRequest() throws {
        var h = DaemonHarness()
        h.add(1)
        h.send(.pauseRequested(id: 1))
        h.send(.resumeRequested(id: 1))
        h.end(1, .stopped)
        // The new request now fails; that must be treated as its own end.
        h.end(1, .interrupted(reason: "connection reset", stalled: false))
        #expect(try h.task(1).state == .retrying)
    }

    @Test func pauseThenResumeTwiceSwallowsBothStoppedReports() throws {
        var h = DaemonHarness()
        h.add(1)
        h.send(.pauseRequested(id: 1))
        h.send(.resumeRequested(id: 1))
        h.send(.pauseRequested(id: 1))
        h.send(.resumeRequested(id: 1))
        for _ in 1...2 {
            let swallowed = h.end(1, .stopped)
            #expect(swallowed.commit == nil && swallowed.starts.isEmpty && swallowed.stops.isEmpty)
        }
        h.end(1, .completed(bytes: 10, status: 200, responseSummary: nil))
        #expect(try h.task(1).state == .finishing)
    }

    @Test func shutdownStopsRequestsQueuesTheirTasksAndKeepsTheFinalCheckpoint() throws {
        var h = DaemonHarness()
        h.add(1)
        h.add(2, spec: TransferSpec(url: "https://a.example/f", beginAfter: 600))
        h.checkpoint(1, 100)
        let actions = h.send(.shutdownRequested)
        #expect(actions.stops == [1])
        #expect(actions.starts.isEmpty)
        #expect(try h.task(1).state == .queued)
        #expect(actions.logged(.waiting, "task 1")?.reason.contains("shutdown") == true)
        let drained = h.checkpoint(1, 180) + h.end(1, .stopped) + h.send(.timerFired, at: 600)
        #expect(try h.task(1).bytesWritten == 180)
        #expect(drained.starts.isEmpty, "nothing starts again while the last reports drain")
        #expect(try h.task(1).state == .queued)
        #expect(try h.task(2).state == .queued)
    }

    @Test func pauseWhileRetryingClearsTheRetryDate() throws {
        var h = DaemonHarness()
        h.add(1)
        h.end(1, .interrupted(reason: "reset", stalled: false))
        let actions = h.send(.pauseRequested(id: 1))
        #expect(try h.task(1).state == .paused)
        #expect(try h.task(1).retryAt == nil)
        #expect(actions.stops.isEmpty, "no request was in flight")
        #expect(h.send(.timerFired, at: 3600).starts.isEmpty)
    }

    @Test func cancelWhileRunningStopsAndRemovesThePart() throws {
        var h = DaemonHarness()
        h.add(1)
        h.checkpoint(1, 100)
        let actions = h.send(.cancelRequested(id: 1))
        #expect(try h.task(1).state == .cancelled)
        #expect(actions.stops == [1])
        #expect(actions.removedParts == [1])
        #expect(actions.logged(.cancelled, "task 1") != nil)
        #expect(h.end(1, .stopped).isEmpty)
        #expect(h.checkpoint(1, 200).isEmpty)
    }

    @Test func cancelWhilePausedRemovesThePartWithoutAStop() throws {
        var h = DaemonHarness()
        h.add(1)
        h.send(.pauseRequested(id: 1))
        h.end(1, .stopped)
        let actions = h.send(.cancelRequested(id: 1))
        #expect(actions.stops.isEmpty)
        #expect(actions.removedParts == [1])
    }

    @Test func cancellingAnUploadRemovesNoPart() {
        var h = DaemonHarness()
        h.add(1, spec: TransferSpec(kind: .upload, url: "https://up.example/", uploadPath: "/tmp/a"))
        let actions = h.send(.cancelRequested(id: 1))
        #expect(actions.stops == [1])
        #expect(actions.removedParts.isEmpty)
    }

    @Test(arguments: [
        DaemonEvent.pauseRequested(id: 99), .resumeRequested(id: 99), .cancelRequested(id: 99),
    ])
    func commandsForUnknownTasksAreRefused(event: DaemonEvent) {
        var h = DaemonHarness()
        let actions = h.send(event)
        #expect(actions == [.refuse("no task 99")])
    }

    @Test func illegalTransitionsAreRefusedNeverACrash() throws {
        var h = DaemonHarness()
        h.add(1)
        h.end(1, .completed(bytes: 5, status: 200, responseSummary: nil))
        // Finishing: neither pause nor cancel.
        #expect(h.send(.pauseRequested(id: 1)).refusals.count == 1)
        #expect(h.send(.cancelRequested(id: 1)).refusals.count == 1)
        h.send(.delivered(id: 1))
        let before = h.daemon
        for event in [DaemonEvent.pauseRequested(id: 1), .resumeRequested(id: 1), .cancelRequested(id: 1)] {
            let actions = h.send(event)
            #expect(actions.count == 1)
            #expect(actions.refusals.first?.contains("completed") == true)
        }
        #expect(h.daemon == before)
        #expect(try h.task(1).state == .completed)
    }

    @Test func resumingARunningTaskOrPausingAPausedOneIsRefused() {
        var h = DaemonHarness()
        h.add(1)
        #expect(h.send(.resumeRequested(id: 1)).refusals.count == 1)
        h.send(.pauseRequested(id: 1))
        #expect(h.send(.pauseRequested(id: 1)).refusals.count == 1)
    }

    @Test func resumingAFailedTaskResetsItsAttempts() throws {
        var h = DaemonHarness(retryPolicy: RetryPolicy(maxAttempts: 1))
        h.add(1)
        h.end(1, .interrupted(reason: "reset", stalled: false))
        #expect(try h.task(1).state == .failed)
        let actions = h.send(.resumeRequested(id: 1))
        #expect(try h.task(1).attempts == 0)
        #expect(try h.task(1).error == nil)
        #expect(actions.starts.count == 1)
    }

    @Test func reportsForAnUnknownTaskAreIgnored() {
        var h = DaemonHarness()
        #expect(h.end(5, .completed(bytes: 1, status: 200, responseSummary: nil)).isEmpty)
        #expect(h.checkpoint(5, 1).isEmpty)
        #expect(h.accept(5).isEmpty)
        #expect(h.send(.deliveryPathChosen(id: 5, path: "/x")).isEmpty)
        #expect(h.send(.delivered(id: 5)).isEmpty)
        #expect(h.send(.deliveryFailed(id: 5, reason: "x")).isEmpty)
    }
}
