/// The error a task completes with, as `didCompleteWithError` hands it to the app (`NSURLErrorDomain`).
public struct TaskError: Codable, Sendable, Equatable {
    /// The `NSURLErrorDomain` code, e.g. −999 cancelled, −1001 timed out, −997 background session disconnected.
    public var code: Int
    /// A human-readable description.
    public var reason: String
    /// `NSURLErrorBackgroundTaskCancelledReasonKey`, for cancellations by the system.
    public var cancellationReason: TransferCancellationReason?
    /// `NSURLSessionDownloadTaskResumeData`, when the download can be resumed.
    public var resumeData: ResumeData?

    /// `NSURLErrorCancelled`.
    public static let cancelledCode = TransferCancellationReason.errorCode

    /// An error.
    public init(
        code: Int, reason: String, cancellationReason: TransferCancellationReason? = nil, resumeData: ResumeData? = nil
    ) {
        self.code = code
        self.reason = reason
        self.cancellationReason = cancellationReason
        self.resumeData = resumeData
    }

    /// −999 `cancelled`, with the system's reason when the system cancelled it (nil when the app did).
    public static func cancelled(reason: TransferCancellationReason? = nil, resumeData: ResumeData? = nil) -> TaskError
    {
        TaskError(
            code: cancelledCode, reason: reason.map { "cancelled: \($0.text)" } ?? "cancelled",
            cancellationReason: reason, resumeData: resumeData)
    }

    /// −997: the app was suspended while a data task of a background session ran.
    public static let backgroundSessionWasDisconnected = TaskError(
        code: AppSessionError.backgroundSessionWasDisconnectedCode,
        reason: "NSURLErrorBackgroundSessionWasDisconnected: the app was suspended during a data task")
}

/// A delegate message the model app receives, with Apple's names, for one background session.
public enum DelegateCall: Codable, Sendable, Equatable {
    /// `urlSession(_:downloadTask:didResumeAtOffset:expectedTotalBytes:)` (tasks made from resume data only).
    case didResumeAtOffset(taskIdentifier: Int, fileOffset: Int64, expectedTotalBytes: Int64)
    /// `urlSession(_:downloadTask:didWriteData:totalBytesWritten:totalBytesExpectedToWrite:)`.
    case didWriteData(
        taskIdentifier: Int, bytesWritten: Int64, totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64)
    /// `urlSession(_:task:didSendBodyData:totalBytesSent:totalBytesExpectedToSend:)` (uploads).
    case didSendBodyData(taskIdentifier: Int, bytesSent: Int64, totalBytesSent: Int64, totalBytesExpectedToSend: Int64)
    /// `urlSession(_:downloadTask:didFinishDownloadingTo:)`; `note` warns that the file goes when the call returns.
    case didFinishDownloadingTo(taskIdentifier: Int, location: String, note: String)
    /// `urlSession(_:task:didCompleteWithError:)`: the task's last message; HTTP errors come as a status, not an error.
    case didCompleteWithError(taskIdentifier: Int, error: TaskError?, httpStatus: Int?)
    /// `urlSessionDidFinishEvents(forBackgroundURLSession:)`: every queued event was delivered; call the handler.
    case urlSessionDidFinishEvents(session: String)

    /// The note attached to every `didFinishDownloadingTo`.
    public static let temporaryFileNote =
        "the temporary file is removed when this callback returns: move it synchronously"

    /// The task the call is about (nil for session-level calls).
    public var taskIdentifier: Int? {
        switch self {
        case .didResumeAtOffset(let id, _, _), .didWriteData(let id, _, _, _), .didSendBodyData(let id, _, _, _),
            .didFinishDownloadingTo(let id, _, _), .didCompleteWithError(let id, _, _):
            id
        case .urlSessionDidFinishEvents: nil
        }
    }

    /// Apple's selector name, for logs and tests.
    public var name: String {
        switch self {
        case .didResumeAtOffset: "didResumeAtOffset"
        case .didWriteData: "didWriteData"
        case .didSendBodyData: "didSendBodyData"
        case .didFinishDownloadingTo: "didFinishDownloadingTo"
        case .didCompleteWithError: "didCompleteWithError"
        case .urlSessionDidFinishEvents: "urlSessionDidFinishEvents"
        }
    }
}

/// An imperative for the runtime that drives a `BackgroundSession`.
public enum SessionAction: Sendable, Equatable {
    /// Hand this task to the transfer daemon (its first `resume()`); continue from `resumeData` when set.
    case submit(taskIdentifier: Int, spec: TransferSpec, resumeData: ResumeData?)
    /// Start this data task in-process (it never reaches the daemon).
    case startDataTask(taskIdentifier: Int, url: String)
    /// Continue the daemon's transfer of this task (`resume()` of a task restored suspended).
    case resumeTransfer(taskIdentifier: Int)
    /// Deliver this delegate call now (the system is not involved: a data task the app's suspension cut).
    case deliver(DelegateCall)
}
