/// What a session task does: Apple's `URLSessionDownloadTask`, `URLSessionUploadTask` or `URLSessionDataTask`.
public enum SessionTaskKind: String, Codable, Sendable {
    /// A download into a temporary file, handed to the daemon.
    case download
    /// An upload from a file, handed to the daemon.
    case upload
    /// A data task: runs only while the app runs, and is disconnected (−997) when it is suspended.
    case data
}

/// Apple's `URLSessionTask.State`, with its raw values.
public enum SessionTaskState: Int, Codable, Sendable {
    /// The task is running (or queued in the daemon).
    case running = 0
    /// The task is suspended: every task is created so and needs `resume()`.
    case suspended = 1
    /// `cancel()` was called; `didCompleteWithError` (−999) has not been delivered yet.
    case canceling = 2
    /// `didCompleteWithError` was delivered.
    case completed = 3
}

/// Opaque resume data, as the app sees it: enough to create a download task that continues at an offset.
public struct ResumeData: Codable, Sendable, Equatable {
    /// The URL of the download.
    public var url: String
    /// Bytes already on disk.
    public var offset: Int64
    /// The validator (ETag or Last-Modified) the partial file was fetched under.
    public var validator: String?

    /// Resume data.
    public init(url: String, offset: Int64, validator: String? = nil) {
        self.url = url
        self.offset = offset
        self.validator = validator
    }
}

/// The app's handle on one task of a background session (`URLSessionTask`), as a value.
public struct SessionTask: Codable, Sendable, Equatable, Identifiable {
    /// Apple's `taskIdentifier`: unique within its session only.
    public var taskIdentifier: Int
    /// Download, upload or data.
    public var kind: SessionTaskKind
    /// The request URL.
    public var url: String
    /// Uploads: the file whose bytes are sent.
    public var uploadPath: String?
    /// Downloads created from resume data: where they continue.
    public var resumeData: ResumeData?
    /// Apple's `taskDescription`: the app's own label, the reconciliation key.
    public var taskDescription: String?
    /// Apple's `state`.
    public var state: SessionTaskState
    /// Nested `suspend()` calls not yet balanced by `resume()`.
    public var suspendCount: Int
    /// Whether the task has been handed to the daemon (its first `resume()`).
    public var submitted: Bool
    /// Apple's `priority` (0…1, default 0.5).
    public var priority: Double

    /// A task in Apple's initial state: suspended, not submitted.
    public init(
        taskIdentifier: Int, kind: SessionTaskKind, url: String, uploadPath: String? = nil,
        resumeData: ResumeData? = nil, taskDescription: String? = nil, priority: Double = 0.5
    ) {
        self.taskIdentifier = taskIdentifier
        self.kind = kind
        self.url = url
        self.uploadPath = uploadPath
        self.resumeData = resumeData
        self.taskDescription = taskDescription
        self.state = .suspended
        self.suspendCount = 1
        self.submitted = false
        self.priority = priority
    }

    /// `id` is the task identifier.
    public var id: Int { taskIdentifier }

    /// Whether `getAllTasks` lists the task (it has not completed).
    public var isOutstanding: Bool { state != .completed }

    /// The spec the transfer daemon accepts for this task in `session` (nil for data tasks, which stay in-process).
    public func transferSpec(session: SessionConfiguration) -> TransferSpec? {
        switch kind {
        case .data: return nil
        case .download:
            return TransferSpec(
                kind: .download, url: url, session: session.identifier, taskDescription: taskDescription,
                discretionary: session.isDiscretionary, priority: priority)
        case .upload:
            return TransferSpec(
                kind: .upload, url: url, session: session.identifier, taskDescription: taskDescription,
                uploadPath: uploadPath, discretionary: session.isDiscretionary, priority: priority)
        }
    }
}
