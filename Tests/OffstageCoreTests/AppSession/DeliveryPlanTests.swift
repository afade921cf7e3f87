import Foundation
import OffstageCore
import Testing

/// A delivery's delegate calls and registry decisions, without I/O.
@Suite struct DeliveryPlanTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let record = AppRecord(
        taskDescription: "clip", session: "s", kind: .download, url: "http://h/clip", status: .inFlight)

    @Test func aDownloadIsWriteDataThenFinishThenTheMoveThenComplete() {
        let calls = DeliveryPlan.download(
            session: "s", taskIdentifier: 3, bytesWritten: 2048, bytesExpected: 2048, temporaryFile: "/tmp/p",
            httpStatus: 200, now: Self.now)
        #expect(calls.beforeMove.map(\.name) == ["didWriteData", "didFinishDownloadingTo"])
        #expect(calls.afterMove.map(\.name) == ["didCompleteWithError"])
        #expect(calls.beforeMove.first?.logText == "didWriteData totalBytesWritten 2.0 KB of 2.0 KB (coalesced)")
        #expect(calls.beforeMove.last?.logText == "didFinishDownloadingTo /tmp/p: \(DelegateCall.temporaryFileNote)")
        let complete = "didCompleteWithError \(SystemView.describe(.response(httpStatus: 200)))"
        #expect(calls.afterMove.first?.logText == complete)
    }

    @Test("a delegate call's byte counts read as ls reads them; an unknown size is said, never -1")
    func delegateCallsReadTheirBytes() {
        #expect(
            DelegateCall.didResumeAtOffset(taskIdentifier: 1, fileOffset: 2_000_000, expectedTotalBytes: 6_291_456)
                .logText == "didResumeAtOffset fileOffset 2.0 MB of 6.3 MB")
        let noSize = DeliveryPlan.download(
            session: "s", taskIdentifier: 3, bytesWritten: 340_000, bytesExpected: -1, temporaryFile: "/tmp/p",
            httpStatus: 200, now: Self.now)
        #expect(noSize.beforeMove.first?.logText == "didWriteData totalBytesWritten 340 KB of an unknown size (coalesced)")
    }

    @Test func theMovesDecideTheRecord() {
        let moved = Self.record.afterDownload(deliveredPath: "/d/clip", movedAsynchronously: false)
        #expect(moved.status == .delivered && moved.deliveredPath == "/d/clip")
        let deferred = Self.record.afterDownload(deliveredPath: "/d/clip", movedAsynchronously: true)
        #expect(deferred.status == .lost && deferred.deliveredPath == nil)
    }

    @Test func aSystemCancellationIsContinuedAndAFailureWaits() {
        let resume = ResumeData(url: "http://h/clip", offset: 10)
        let cancelled = Self.record.afterCompletion(
            .failed(.cancelled(reason: .userForceQuit, resumeData: resume)), isUpload: false)
        #expect(cancelled.record.status == .failed && cancelled.resumeFrom == resume)
        let failed = Self.record.afterCompletion(
            .failed(TaskError(code: TaskError.unknownCode, reason: "reset", resumeData: resume)), isUpload: false)
        #expect(failed.resumeFrom == nil && failed.record.note == "reset")
        #expect(Self.record.afterCompletion(.response(httpStatus: 201), isUpload: true).record.status == .delivered)
        #expect(Self.record.afterCompletion(.response(httpStatus: 404), isUpload: false).record.status == .failed)
    }
}
