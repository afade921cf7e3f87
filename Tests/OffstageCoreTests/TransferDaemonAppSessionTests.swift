import Foundation
import OffstageCore
import Testing

/// The daemon's side of the model app's session: outbox rows for every end, system cancellations that keep
/// resume data, and `downloadTask(withResumeData:)`.
@Suite struct TransferDaemonAppSessionTests {
    static let session = "com.example.offstage.background"

    /// A harness whose daemon treats `session` as the app's, with task 1 running in it.
    static func running() -> DaemonHarness {
        var h = DaemonHarness()
        h.daemon.appSessions = [session]
        h.add(1, spec: TransferSpec(url: "https://files.example/a.bin", session: session, taskDescription: "a"))
        h.accept(1)
        h.checkpoint(1, 400)
        return h
    }

    @Test func aFailureInAnAppSessionWaitsInTheOutbox() throws {
        var h = Self.running()
        let actions = h.end(1, .rejected(.httpError(status: 404, retryAfter: nil)))
        #expect(try h.task(1).state == .failed)
        #expect(actions.commit?.outboxAdded == [OutboxItem(taskID: 1, kind: OutboxItem.didComplete)])
    }

    @Test func aFailureOutsideAppSessionsHasNoOutboxRow() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1)
        let actions = h.end(1, .rejected(.httpError(status: 404, retryAfter: nil)))
        #expect(actions.commit?.outboxAdded == [])
    }

    @Test func aFinishedDownloadHasOnlyItsDeliveryRow() throws {
        var h = Self.running()
        let finished = h.end(1, .completed(bytes: 1000, status: 200, responseSummary: nil))
        #expect(finished.commit?.outboxAdded == [OutboxItem(taskID: 1, kind: OutboxItem.didFinishDownloading)])
        let delivered = h.send(.delivered(id: 1))
        #expect(delivered.commit?.outboxAdded == [])
        #expect(delivered.commit?.outboxRemoved == [1])
        #expect(
            delivered.logged(.delivered)?.reason
                == "handed the temporary file to the app (didFinishDownloadingTo); it was removed as the callback returned"
        )
    }

    @Test func aSystemCancellationKeepsThePartialAndItsResumeData() throws {
        var h = Self.running()
        let actions = h.send(.systemCancelRequested(sessions: [Self.session], reason: "user force-quit"))
        let task = try h.task(1)
        #expect(task.state == .cancelled)
        #expect(actions.stops == [1])
        #expect(actions.removedParts.isEmpty)
        #expect(actions.commit?.outboxAdded == [OutboxItem(taskID: 1, kind: OutboxItem.didComplete)])
        #expect(ResumeData.ifResumable(task) == ResumeData(url: task.url, offset: 400, validator: etag))
        guard case .failed(let error) = TaskEnd.of(task) else {
            Issue.record("a cancelled task ends with an error")
            return
        }
        #expect(error.code == -999)
        #expect(error.cancellationReason == .userForceQuit)
        #expect(actions.logged(.cancelled)?.reason == "by the system: user force-quit; resume data kept at byte 400")
    }

    @Test func aSystemCancellationLeavesOtherSessionsAndFinishingTasks() throws {
        var h = Self.running()
        h.add(2)
        h.add(3, spec: TransferSpec(url: "https://files.example/c.bin", session: Self.session))
        h.accept(3)
        h.end(3, .completed(bytes: 1000, status: 200, responseSummary: nil))
        h.send(.systemCancelRequested(sessions: [Self.session], reason: "user force-quit"))
        #expect(try h.task(2).state != .cancelled)
        #expect(try h.task(3).state == .finishing)
    }

    @Test func aUserCancellationLeavesNoResumeData() throws {
        var h = Self.running()
        let actions = h.send(.cancelRequested(id: 1))
        #expect(actions.removedParts == [1])
        #expect(ResumeData.ifResumable(try h.task(1)) == nil)
    }

    @Test func resumeDataContinuesTheDownloadFromItsOffset() throws {
        var h = Self.running()
        h.send(.systemCancelRequested(sessions: [Self.session], reason: "user force-quit"))
        h.end(1, .stopped)
        let actions = h.send(.resumeFromResumeDataRequested(id: 1))
        #expect(actions.commit?.outboxRemoved == [1])
        #expect(actions.starts.first?.offset == 400)
        #expect(actions.logged(.resumedFromResumeData)?.reason == "downloadTask(withResumeData:) at byte 400")
    }

    @Test func withoutResumeDataTheRequestIsRefused() throws {
        var h = Self.running()
        h.send(.cancelRequested(id: 1))
        h.end(1, .stopped)
        #expect(
            h.send(.resumeFromResumeDataRequested(id: 1)).refusals == ["task 1 is cancelled and has no resume data"])
        #expect(h.send(.resumeFromResumeDataRequested(id: 9)).refusals == ["no task 9"])
    }
}
