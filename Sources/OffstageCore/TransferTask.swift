import Foundation

/// One background transfer task: everything the system side keeps about it in the store.
public struct TransferTask: Codable, Sendable, Equatable, Identifiable {
    /// Unique across the home; assigned when the command that created the task was accepted.
    public var id: Int64
    /// The identifier of the session the task belongs to.
    public var session: String
    /// Apple's `taskIdentifier`: unique only within its session.
    public var taskIdentifier: Int
    /// Apple's `taskDescription`: an opaque label chosen by the app.
    public var taskDescription: String?
    /// Download or upload.
    public var kind: TransferKind
    /// The URL as requested, never with credentials.
    public var url: String
    /// HTTP method: GET for downloads, PUT or POST for uploads.
    public var method: String
    /// For uploads: the file whose bytes are sent.
    public var uploadPath: String?
    /// For downloads: the file name the user asked for, if any (sanitised before use).
    public var requestedName: String?
    /// For downloads: the folder the file is delivered into.
    public var destinationDirectory: String
    /// Priority hint from 0 to 1 (Apple's default 0.5).
    public var priority: Double
    /// The task does not start before this date.
    public var earliestBeginDate: Date?
    /// Whether the task waits for Wi-Fi and power (from the session, or forced).
    public var isDiscretionary: Bool
    /// When the task was created; the resource timeout counts from here.
    public var createdAt: Date
    /// Current state.
    public var state: TransferState
    /// Bytes durably written (downloads: checkpointed offset) or sent (uploads).
    public var bytesWritten: Int64
    /// Total expected bytes, or -1 when the server did not say.
    public var bytesExpected: Int64
    /// The strong validator the partial file was fetched under (ETag, or Last-Modified date).
    public var validator: String?
    /// The URL that served the body after redirects, without credentials.
    public var effectiveURL: String?
    /// A file name proposed by the server (Content-Disposition), unsanitised until delivery.
    public var suggestedName: String?
    /// How many attempts have failed in a row.
    public var attempts: Int
    /// When the next retry may start, while `retrying`.
    public var retryAt: Date?
    /// The reason for the last interruption or for failure.
    public var error: String?
    /// The delivered file, once chosen during finalisation.
    public var deliveredPath: String?
    /// For uploads: the response body the server answered with (capped), e.g. a digest.
    public var responseSummary: String?
    /// The HTTP status of the last response.
    public var httpStatus: Int?
    /// A rate limit, a checksum, headers, compression, as the user asked for them.
    public var options = TransferOptions()
    /// The `Content-Encoding` of the response that served the body (`gzip`), when it had one: with `--compressed`
    /// the bytes were decoded, without it they are delivered as the server sent them.
    public var contentEncoding: String?
    /// Where its checksum check is (nil: none asked for, or the body is not complete yet).
    public var checksumState: ChecksumState?

    /// A new queued task.
    public init(
        id: Int64, session: String, taskIdentifier: Int, taskDescription: String? = nil, kind: TransferKind,
        url: String, method: String = "GET", uploadPath: String? = nil, requestedName: String? = nil,
        destinationDirectory: String, priority: Double = 0.5, earliestBeginDate: Date? = nil,
        isDiscretionary: Bool = false, createdAt: Date
    ) {
        self.id = id
        self.session = session
        self.taskIdentifier = taskIdentifier
        self.taskDescription = taskDescription
        self.kind = kind
        self.url = url
        self.method = method
        self.uploadPath = uploadPath
        self.requestedName = requestedName
        self.destinationDirectory = destinationDirectory
        self.priority = priority
        self.earliestBeginDate = earliestBeginDate
        self.isDiscretionary = isDiscretionary
        self.createdAt = createdAt
        self.state = .queued
        self.bytesWritten = 0
        self.bytesExpected = -1
        self.attempts = 0
    }
}

extension TransferTask {
    /// How the reason of a task paused for a full disk begins.
    public static let diskFullPrefix = "disk full:"

    /// Whether the engine paused it because the disk was full (not the user): it resumes when there is room.
    public var isPausedForFullDisk: Bool {
        state == .paused && error?.hasPrefix(Self.diskFullPrefix) == true
    }
}
