import Foundation

/// What the model app does with one delivery from the outbox, as data: the delegate calls in Apple's order
/// (from `DelegateCallbackPlanner`) and its registry record afterwards. The runtime moves the file and commits.
public enum DeliveryPlan {
    /// The calls for a finished download, split at the file move: `didWriteData` (coalesced into one) and
    /// `didFinishDownloadingTo` before it, `didCompleteWithError` after it.
    public static func download(
        session: String, taskIdentifier: Int, bytesWritten: Int64, bytesExpected: Int64, temporaryFile: String,
        httpStatus: Int, now: Date
    ) -> (beforeMove: [DelegateCall], afterMove: [DelegateCall]) {
        let calls = DelegateCallbackPlanner.plan(
            session: session,
            events: [
                .wrote(taskIdentifier: taskIdentifier, totalBytes: bytesWritten, expectedTotal: bytesExpected),
                .finishedDownloading(taskIdentifier: taskIdentifier, temporaryFile: temporaryFile),
                .completed(taskIdentifier: taskIdentifier, end: .response(httpStatus: httpStatus)),
            ], now: now)
        let split = (calls.firstIndex { $0.name == "didFinishDownloadingTo" }).map { $0 + 1 } ?? calls.count
        return (Array(calls[..<split]), Array(calls[split...]))
    }

    /// The calls for a task that ended without a file to hand over: `didCompleteWithError`.
    public static func completion(session: String, taskIdentifier: Int, end: TaskEnd, now: Date) -> [DelegateCall] {
        DelegateCallbackPlanner.plan(
            session: session, events: [.completed(taskIdentifier: taskIdentifier, end: end)], now: now)
    }
}

extension AppRecord {
    /// The record once its download was handed over: delivered at `deliveredPath` when the app moved the file
    /// synchronously, lost when it deferred the move (the temporary file was gone by then).
    public func afterDownload(deliveredPath: String?, movedAsynchronously: Bool) -> AppRecord {
        var record = self
        if let deliveredPath, !movedAsynchronously {
            record.status = .delivered
            record.deliveredPath = deliveredPath
            record.note = "moved synchronously to \(TransferDaemon.printable(deliveredPath))"
        } else {
            record.status = .lost
            record.note = "the asynchronous move found no file: it was removed when didFinishDownloadingTo returned"
        }
        return record
    }

    /// The record once its task ended without a file, and the resume data the canonical app continues from (a
    /// download the system cancelled; one that failed on its own waits for the next launch's reconciliation, so
    /// a server that keeps failing is not retried in a loop).
    public func afterCompletion(_ end: TaskEnd, isUpload: Bool) -> (record: AppRecord, resumeFrom: ResumeData?) {
        var record = self
        switch end {
        case .response(let status):
            record.status = isUpload && status < 400 ? .delivered : .failed
            record.note = "HTTP \(status)"
            return (record, nil)
        case .failed(let error):
            record.status = .failed
            record.resumeData = error.resumeData
            record.note = error.reason
            return (record, error.cancellationReason == nil ? nil : error.resumeData)
        }
    }
}

extension DelegateCall {
    /// The call as the event log shows it, its byte counts as `ls` reads them.
    public var logText: String {
        switch self {
        case .didResumeAtOffset(_, let offset, let total):
            "didResumeAtOffset fileOffset \(Self.part(offset, of: total))"
        case .didWriteData(_, let delta, let total, let expected):
            "didWriteData totalBytesWritten \(Self.part(total, of: expected))" + (delta == total ? " (coalesced)" : "")
        case .didSendBodyData(_, _, let total, let expected):
            "didSendBodyData totalBytesSent \(Self.part(total, of: expected))"
        case .didFinishDownloadingTo(_, let location, let note):
            "didFinishDownloadingTo \(location): \(note)"
        case .didCompleteWithError(_, let error, let status):
            "didCompleteWithError "
                + SystemView.describe(error.map { TaskEnd.failed($0) } ?? .response(httpStatus: status ?? 200))
        case .urlSessionDidFinishEvents:
            "urlSessionDidFinishEvents(forBackgroundURLSession:)"
        }
    }

    /// `2.0 MB of 6.3 MB`; `2.0 MB of an unknown size` (`NSURLSessionTransferSizeUnknown`, -1).
    private static func part(_ count: Int64, of total: Int64) -> String {
        total < 0 ? ByteText.size(count) + " of an unknown size" : ByteText.part(count, of: total)
    }
}
