import Foundation
import OffstageCore
import Testing

/// A failed download keeps its partial file only while a resume could use it, and `cancel` of a failed task
/// removes what it kept.
@Suite struct TransferDaemonLeftoverTests {
    @Test func aFailureWithBytesUnderAValidatorKeepsThePartForAResume() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1)
        h.checkpoint(1, 400)
        let actions = h.end(1, .rejected(.httpError(status: 404, retryAfter: nil)))
        let task = try h.task(1)
        #expect(task.state == .failed)
        #expect(task.bytesWritten == 400)
        #expect(task.validator == etag)
        #expect(actions.removedParts.isEmpty)
        #expect(h.send(.resumeRequested(id: 1)).starts.first?.offset == 400)
    }

    @Test func aFailureWithoutAValidatorRemovesThePartAtOnce() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1, validator: nil)
        h.checkpoint(1, 400)
        let actions = h.end(1, .permanentFailure(reason: "malformed response: NUL byte in a response header"))
        let task = try h.task(1)
        #expect(task.state == .failed)
        #expect(actions.removedParts == [1])
        #expect(task.bytesWritten == 0, "nothing is kept, so nothing is said to be")
        #expect(h.send(.resumeRequested(id: 1)).starts.first?.offset == 0)
    }

    @Test func aFailureBeforeAnyByteRemovesTheEmptyPart() throws {
        var h = DaemonHarness()
        h.add(1)
        let actions = h.end(1, .rejected(.httpError(status: 403, retryAfter: nil)))
        #expect(try h.task(1).state == .failed)
        #expect(actions.removedParts == [1])
    }

    @Test func anUploadFailureRemovesNoPart() throws {
        var h = DaemonHarness()
        h.add(1, spec: TransferSpec(kind: .upload, url: "https://up.example/", uploadPath: "/tmp/a"))
        let actions = h.end(1, .rejected(.httpError(status: 403, retryAfter: nil)))
        #expect(try h.task(1).state == .failed)
        #expect(actions.removedParts.isEmpty)
    }

    @Test func cancellingAFailedTaskRemovesItsPartAndItsResumeData() throws {
        var h = DaemonHarness()
        h.add(1)
        h.accept(1)
        h.checkpoint(1, 400)
        h.end(1, .rejected(.httpError(status: 404, retryAfter: nil)))
        let actions = h.send(.cancelRequested(id: 1))
        let task = try h.task(1)
        #expect(actions.refusals.isEmpty)
        #expect(task.state == .cancelled)
        #expect(task.validator == nil)
        #expect(task.error == "cancelled by the user after it failed: HTTP 404 Not Found")
        #expect(actions.removedParts == [1])
        #expect(actions.stops.isEmpty, "nothing was in flight")
        #expect(actions.logged(.cancelled, "task 1")?.reason.contains("partial file removed") == true)
    }

    @Test func completedAndCancelledTasksStillCannotBeCancelled() throws {
        var h = DaemonHarness()
        h.add(1)
        h.send(.cancelRequested(id: 1))
        #expect(h.send(.cancelRequested(id: 1)).refusals == ["task 1 is cancelled and cannot be cancelled"])
    }
}
