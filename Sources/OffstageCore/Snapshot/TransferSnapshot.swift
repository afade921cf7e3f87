import Foundation

/// One transfer task as a view shows it: live bytes, speed, ETA and why it is where it is.
public struct TransferSnapshot: Codable, Sendable, Equatable, Identifiable {
    /// The home's task id (unique, never reused).
    public var id: Int64
    /// The background session's identifier.
    public var session: String
    /// Apple's `taskIdentifier` within the session (shown beside `id` when they differ).
    public var taskIdentifier: Int
    /// What to call it on screen: the delivered or requested name, else the server's or the URL's (unsanitised:
    /// a view escapes it).
    public var name: String
    /// Apple's `taskDescription`, the app's own label.
    public var taskDescription: String?
    /// Download or upload.
    public var kind: TransferKind
    /// The URL, credentials masked.
    public var url: String
    /// The stored state.
    public var state: TransferState
    /// Bytes received or sent so far, including those not yet checkpointed.
    public var bytes: Int64
    /// The total, or nil when the server did not say (an indeterminate bar, never a made-up percentage).
    public var bytesExpected: Int64?
    /// Bytes that were already there when the current attempt began (resumed, not new).
    public var resumedFrom: Int64
    /// Smoothed bytes per second while running (nil: not measured yet or not moving).
    public var speed: Double?
    /// Seconds left at the current speed (nil: unknown size, not running, or no speed yet).
    public var eta: Double?
    /// Why the task is where it is, typed.
    public var status: TransferStatus
    /// Failed attempts in a row.
    public var attempts: Int
    /// The strong validator the partial file was fetched under.
    public var validator: String?
    /// The URL that served the body after redirects.
    public var effectiveURL: String?
    /// The HTTP status of the last response.
    public var httpStatus: Int?
    /// For uploads: the server's answer (capped).
    public var responseSummary: String?
    /// The delivered file, once completed.
    public var deliveredPath: String?
    /// Whether it waits for Wi-Fi and power.
    public var isDiscretionary: Bool
    /// Its earliest begin date, if any.
    public var earliestBeginDate: Date?
    /// The event-log lines about this task, oldest first (bounded): resume history, redirects, decisions.
    public var history: [LogEntry]
    /// The stored reason it waits, retries, paused on a full disk or failed (server text: a view escapes it).
    public var error: String?
    /// For uploads: the file it sends.
    public var uploadPath: String?
    /// The path delivery chose, from `finishing` on (`deliveredPath` once completed).
    public var deliveryPath: String?
    /// For downloads: the bytes its partial file holds on disk now (nil: there is none). A failed task keeps
    /// one only while a resume could use it; `cancel ID` or `offstage clean` removes it.
    public var partBytes: Int64?
    /// Why it last started again from zero in this engine's run, and what that dropped (nil: it never did).
    public var restart: TransferRestart?
    /// While it runs but received under 1 kB in the last 30 s: since when (views say `stalled 45 s`); nil otherwise.
    public var stalledSince: Date?
    /// Its limit, checksum, headers (credentials masked) and encoding; nil when it has none of them.
    public var extras: TransferExtras?

    /// A transfer reading.
    public init(
        id: Int64, session: String = "com.offstage.default", taskIdentifier: Int = 0, name: String,
        taskDescription: String? = nil, kind: TransferKind = .download, url: String, state: TransferState,
        bytes: Int64 = 0, bytesExpected: Int64? = nil, resumedFrom: Int64 = 0, speed: Double? = nil,
        eta: Double? = nil, status: TransferStatus, attempts: Int = 0, validator: String? = nil,
        effectiveURL: String? = nil, httpStatus: Int? = nil, responseSummary: String? = nil,
        deliveredPath: String? = nil, isDiscretionary: Bool = false, earliestBeginDate: Date? = nil,
        history: [LogEntry] = [], error: String? = nil, uploadPath: String? = nil, deliveryPath: String? = nil,
        partBytes: Int64? = nil, restart: TransferRestart? = nil, stalledSince: Date? = nil,
        extras: TransferExtras? = nil
    ) {
        self.id = id
        self.session = session
        self.taskIdentifier = taskIdentifier
        self.name = name
        self.taskDescription = taskDescription
        self.kind = kind
        self.url = url
        self.state = state
        self.bytes = bytes
        self.bytesExpected = bytesExpected
        self.resumedFrom = resumedFrom
        self.speed = speed
        self.eta = eta
        self.status = status
        self.attempts = attempts
        self.validator = validator
        self.effectiveURL = effectiveURL
        self.httpStatus = httpStatus
        self.responseSummary = responseSummary
        self.deliveredPath = deliveredPath
        self.isDiscretionary = isDiscretionary
        self.earliestBeginDate = earliestBeginDate
        self.history = history
        self.error = error
        self.uploadPath = uploadPath
        self.deliveryPath = deliveryPath
        self.partBytes = partBytes
        self.restart = restart
        self.stalledSince = stalledSince
        self.extras = extras
    }

    /// Seconds it has been stalled at `now` (nil while it moves).
    public func stalledFor(now: Date) -> Double? {
        stalledSince.map { max(0, now.timeIntervalSince($0)) }
    }

    /// The fraction done (0…1), or nil when the size is unknown.
    public var fraction: Double? {
        guard let total = bytesExpected, total > 0 else { return bytesExpected == 0 ? 1 : nil }
        return min(1, max(0, Double(bytes) / Double(total)))
    }
}

/// Why a transfer is where it is: the state with its typed reason.
public enum TransferStatus: Codable, Sendable, Equatable {
    /// A request is in flight.
    case running
    /// Waiting for its turn, with the engine's reason in words (earliest date, network, discretionary, slot).
    case waiting(String)
    /// Waiting to begin at this date (`earliestBeginDate`).
    case earliestBegin(Date)
    /// An attempt failed; the next one starts at `nextAttempt` (attempt `attempt` of `maxAttempts`).
    case retrying(nextAttempt: Date?, attempt: Int, maxAttempts: Int, lastError: String)
    /// Paused by the user or by a full disk (the reason, when not the user).
    case paused(String?)
    /// The body is complete; delivery is under way (or waits for the app).
    case finishing(String?)
    /// Delivered (or, for an upload, answered).
    case completed
    /// Given up, with the reason.
    case failed(String)
    /// Cancelled, with the reason.
    case cancelled(String?)
    /// It was running when its engine was killed; it resumes when an engine runs again (store view only).
    case interrupted
}
