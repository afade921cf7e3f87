/// What the model app believes about one of its transfers.
public enum AppRecordStatus: String, Codable, Sendable {
    /// Handed to the system and not finished yet, as far as the app knows.
    case inFlight = "in-flight"
    /// The file (or upload response) arrived and was handled.
    case delivered
    /// It failed; `resumeData` tells whether it can continue.
    case failed
    /// Given up: the system no longer knew it and the app chose not to enqueue it again.
    case lost
}

/// One entry of the model app's persistent registry, keyed by `taskDescription`.
public struct AppRecord: Codable, Sendable, Equatable {
    /// The `taskDescription` the app set on the task: the key that survives relaunches.
    public var taskDescription: String
    /// The background session identifier.
    public var session: String
    /// Download or upload.
    public var kind: SessionTaskKind
    /// The URL.
    public var url: String
    /// Uploads: the file sent.
    public var uploadPath: String?
    /// What the app believes.
    public var status: AppRecordStatus
    /// Resume data from an earlier `didCompleteWithError`, when the download can continue.
    public var resumeData: ResumeData?
    /// The task identifier last seen for it (only a hint: identifiers are per session and not the key).
    public var lastTaskIdentifier: Int?
    /// Where the app moved the delivered file (downloads that were delivered).
    public var deliveredPath: String?
    /// The last thing that happened to it, in words (e.g. why it is lost).
    public var note: String?

    /// A record.
    public init(
        taskDescription: String, session: String, kind: SessionTaskKind, url: String, uploadPath: String? = nil,
        status: AppRecordStatus = .inFlight, resumeData: ResumeData? = nil, lastTaskIdentifier: Int? = nil
    ) {
        self.taskDescription = taskDescription
        self.session = session
        self.kind = kind
        self.url = url
        self.uploadPath = uploadPath
        self.status = status
        self.resumeData = resumeData
        self.lastTaskIdentifier = lastTaskIdentifier
    }

    /// A record for a task the app just created (it must have set `taskDescription`).
    public init?(task: SessionTask, session: String) {
        guard let description = task.taskDescription, task.kind != .data else { return nil }
        self.init(
            taskDescription: description, session: session, kind: task.kind, url: task.url, uploadPath: task.uploadPath,
            lastTaskIdentifier: task.taskIdentifier)
    }
}

/// The model app's own persistent registry: the only thing it keeps across a kill.
public struct AppRegistry: Codable, Sendable, Equatable {
    /// Records by `taskDescription`.
    public private(set) var records: [String: AppRecord] = [:]

    /// A registry with these records (a later one with the same key wins).
    public init(_ records: [AppRecord] = []) {
        for record in records { self.records[record.taskDescription] = record }
    }

    /// Adds or replaces a record.
    public mutating func upsert(_ record: AppRecord) {
        records[record.taskDescription] = record
    }

    /// Changes a record's status (and resume data); false when no record has this key.
    @discardableResult
    public mutating func mark(_ taskDescription: String, _ status: AppRecordStatus, resumeData: ResumeData? = nil)
        -> Bool
    {
        guard records[taskDescription] != nil else { return false }
        records[taskDescription]?.status = status
        records[taskDescription]?.resumeData = resumeData
        return true
    }

    /// Removes a record.
    public mutating func remove(_ taskDescription: String) {
        records[taskDescription] = nil
    }

    /// The records of one session the app still waits for (in flight, or failed with resume data), by key.
    public func outstanding(in session: String) -> [AppRecord] {
        records.values.filter {
            $0.session == session && ($0.status == .inFlight || ($0.status == .failed && $0.resumeData != nil))
        }
        .sorted { $0.taskDescription < $1.taskDescription }
    }
}
