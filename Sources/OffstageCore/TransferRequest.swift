/// One HTTP exchange the engine is asked to perform for a task: an imperative, not a fact.
public struct TransferRequest: Sendable, Equatable {
    /// The task this request serves.
    public var taskID: Int64
    /// Download into the task's partial file, or upload from a file.
    public var kind: TransferKind
    /// The URL to request (after any redirects so far), without credentials.
    public var url: String
    /// GET, PUT or POST.
    public var method: String
    /// Downloads: the partial file's durable length; the body is written from here.
    public var offset: Int64
    /// Downloads: the validator to send in `If-Range` when `offset > 0`.
    public var validator: String?
    /// Uploads: the file whose bytes are sent.
    public var uploadPath: String?
    /// Seconds without a byte before libcurl gives the request up (the session's `timeoutIntervalForRequest`); a
    /// request that stays stalled (see `stallWindow`) for this long, or at least `stallWindow`, is reconnected.
    public var idleTimeout: Double
    /// Seconds of real time over which a request that received fewer than `stallBytes` is stalled (30).
    public var stallWindow: Double
    /// The least a request must receive within `stallWindow` not to be stalled (1 kB).
    public var stallBytes: Int64
    /// Headers the user asked for, sent with this request whatever its origin (never credentials).
    public var headers: [RequestHeader] = []
    /// The most bytes a second this request may move (its own limit or its share of the engine's); nil: no limit.
    public var rateLimit: Int64?
    /// Ask for the encodings libcurl can decode, and write the decoded bytes (`--compressed`; a range request still
    /// asks for `identity`, so a partial file is never continued in another encoding).
    public var compressed = false

    /// A request for the engine.
    public init(
        taskID: Int64, kind: TransferKind, url: String, method: String, offset: Int64, validator: String?,
        uploadPath: String?, idleTimeout: Double, stallWindow: Double = 30, stallBytes: Int64 = 1000
    ) {
        self.taskID = taskID
        self.kind = kind
        self.url = url
        self.method = method
        self.offset = offset
        self.validator = validator
        self.uploadPath = uploadPath
        self.idleTimeout = idleTimeout
        self.stallWindow = stallWindow
        self.stallBytes = stallBytes
    }
}

/// A fact the transfer engine reports about one request.
public enum TransferReport: Sendable, Equatable {
    /// The response head was accepted; the body is being written from `offset`.
    case responseAccepted(
        taskID: Int64, offset: Int64, expectedTotal: Int64, validator: String?,
        suggestedName: String?, status: Int, contentEncoding: String? = nil)
    /// The answer to a range request was the whole file (a 200): the partial file was emptied and this same
    /// response is written from byte 0 (its `.responseAccepted` at offset 0 follows), for this reason.
    case restartedFromZero(taskID: Int64, reason: String)
    /// The body reached this many bytes of the whole file (not yet durable).
    case progressed(taskID: Int64, bytes: Int64)
    /// The request received fewer than its `stallBytes` in the last `seconds` (its stall window) of real time: it is
    /// stalled. Unless it moves again (`.moving`), the engine ends it as `.interrupted(stalled: true)` at its timeout.
    case stalled(taskID: Int64, seconds: Double)
    /// A stalled request received its `stallBytes` again.
    case moving(taskID: Int64)
    /// The partial file was synced to disk up to this offset.
    case checkpointed(taskID: Int64, offset: Int64)
    /// The request ended.
    case ended(taskID: Int64, end: TransferEnd)
}

/// How a request ended.
public enum TransferEnd: Sendable, Equatable {
    /// The whole body arrived, its length checked, and the partial file synced.
    case completed(bytes: Int64, status: Int, responseSummary: String?)
    /// The response was refused before its body was written.
    case rejected(ResponseVerdict)
    /// The connection failed or the body was cut short or ran long; the partial file holds `bytes`.
    case interrupted(reason: String, stalled: Bool)
    /// The disk is full; the partial file was synced up to `bytes`.
    case diskFull(bytes: Int64)
    /// A failure that retrying cannot fix: a local file error, a refused TLS certificate, an unsupported URL.
    case permanentFailure(reason: String)
    /// The request was stopped because the task was paused or cancelled.
    case stopped
}
