/// How a task ended, as the transfer daemon reports it to the app side.
public enum TaskEnd: Codable, Sendable, Equatable {
    /// The server answered: any status, 4xx and 5xx included, is not an error for `didCompleteWithError`.
    case response(httpStatus: Int)
    /// A transport failure or a cancellation (−999, with a reason when the system cancelled it).
    case failed(TaskError)

    /// A force-quit: −999, reason 0, with resume data when the download can be resumed.
    public static func forceQuit(resumeData: ResumeData?) -> TaskEnd {
        .failed(.cancelled(reason: .userForceQuit, resumeData: resumeData))
    }

    /// How a terminal daemon task ended, as the app sees it (nil while the task is not terminal).
    ///
    /// An HTTP error the daemon failed the task with is a response, not an error, as Apple reports it.
    public static func of(_ task: TransferTask) -> TaskEnd? {
        switch task.state {
        case .completed: return .response(httpStatus: task.httpStatus ?? 200)
        case .cancelled:
            let reason = TransferCancellationReason.allCases.first { task.error?.hasSuffix(": \($0.text)") == true }
            return .failed(.cancelled(reason: reason, resumeData: ResumeData.ifResumable(task)))
        case .failed:
            if let status = task.httpStatus, status >= 400 { return .response(httpStatus: status) }
            return .failed(
                TaskError(
                    code: TaskError.unknownCode, reason: task.error ?? "failed",
                    resumeData: ResumeData.ifResumable(task)))
        default: return nil
        }
    }
}

extension TaskError {
    /// `NSURLErrorUnknown`.
    public static let unknownCode = -1
}

extension ResumeData {
    /// Resume data for a daemon task, when it can be resumed: a GET download with a validator and bytes on disk.
    public static func ifResumable(_ task: TransferTask) -> ResumeData? {
        guard task.kind == .download, task.method == "GET", let validator = task.validator, task.bytesWritten > 0
        else { return nil }
        return ResumeData(url: task.url, offset: task.bytesWritten, validator: validator)
    }
}

/// What the transfer daemon reports for the tasks of one session, as input to `DelegateCallbackPlanner`.
public enum TaskEvent: Codable, Sendable, Equatable {
    /// The app relaunched (or resumed) for this session and got `handleEventsForBackgroundURLSession`.
    case handleEventsReceived
    /// A download made from resume data continued at this offset.
    case resumed(taskIdentifier: Int, offset: Int64, expectedTotal: Int64)
    /// A download has this many bytes in total.
    case wrote(taskIdentifier: Int, totalBytes: Int64, expectedTotal: Int64)
    /// An upload has sent this many bytes in total.
    case sent(taskIdentifier: Int, totalBytes: Int64, expectedTotal: Int64)
    /// A download's body is complete in this temporary file.
    case finishedDownloading(taskIdentifier: Int, temporaryFile: String)
    /// A task ended.
    case completed(taskIdentifier: Int, end: TaskEnd)
    /// Every event queued for the session has been handed over.
    case allEventsDelivered
}
