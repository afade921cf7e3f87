/// A delivery the system holds for the app (the daemon's outbox, as the app will receive it on reconnecting).
public struct PendingDelivery: Codable, Sendable, Equatable {
    /// The task's identifier in its session.
    public var taskIdentifier: Int
    /// The task's `taskDescription`, if the app set one.
    public var taskDescription: String?
    /// How it ended.
    public var end: TaskEnd
    /// Downloads: the temporary file `didFinishDownloadingTo` will hand over.
    public var temporaryFile: String?

    /// A pending delivery.
    public init(taskIdentifier: Int, taskDescription: String?, end: TaskEnd, temporaryFile: String? = nil) {
        self.taskIdentifier = taskIdentifier
        self.taskDescription = taskDescription
        self.end = end
        self.temporaryFile = temporaryFile
    }
}

/// What the app does with records the system no longer knows, and with system tasks it does not know.
public struct ReconciliationPolicy: Codable, Sendable, Equatable {
    /// For a record unknown to the system: `.reEnqueue` or `.markLost`.
    public var whenUnknownToSystem: ReconciliationDecision
    /// For a system task unknown to the app: `.adopt` or `.cancel`.
    public var whenUnknownToApp: ReconciliationDecision

    /// A policy (defaults: enqueue again, cancel strays).
    public init(
        whenUnknownToSystem: ReconciliationDecision = .reEnqueue, whenUnknownToApp: ReconciliationDecision = .cancel
    ) {
        self.whenUnknownToSystem = whenUnknownToSystem == .markLost ? .markLost : .reEnqueue
        self.whenUnknownToApp = whenUnknownToApp == .adopt ? .adopt : .cancel
    }

    /// The decisions allowed for a record unknown to the system.
    public static let unknownToSystemDecisions: [ReconciliationDecision] = [.reEnqueue, .markLost]
    /// The decisions allowed for a system task unknown to the app.
    public static let unknownToAppDecisions: [ReconciliationDecision] = [.adopt, .cancel]

    private enum CodingKeys: String, CodingKey {
        case whenUnknownToSystem, whenUnknownToApp
    }

    /// Decodes, taking the default for every missing key; a decision not allowed for its key is an error
    /// (unlike `init(whenUnknownToSystem:whenUnknownToApp:)`, which coerces it).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = ReconciliationPolicy()
        whenUnknownToSystem = try Self.decision(
            c, .whenUnknownToSystem, default: d.whenUnknownToSystem, allowed: Self.unknownToSystemDecisions)
        whenUnknownToApp = try Self.decision(
            c, .whenUnknownToApp, default: d.whenUnknownToApp, allowed: Self.unknownToAppDecisions)
    }

    /// The decision under `key` (or `fallback` when missing), which must be one of `allowed`.
    private static func decision(
        _ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, default fallback: ReconciliationDecision,
        allowed: [ReconciliationDecision]
    ) throws -> ReconciliationDecision {
        let text = try c.decode(key, default: fallback.rawValue)
        guard let decision = ReconciliationDecision(rawValue: text), allowed.contains(decision) else {
            let names = allowed.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw DecodingError.dataCorruptedError(
                forKey: key, in: c, debugDescription: "must be \(names), not \"\(text)\"")
        }
        return decision
    }
}

/// The five classes of reconciliation.
public enum ReconciliationClass: String, Codable, Sendable, CaseIterable {
    /// The system still runs the task: reattach.
    case stillRunning = "still-running"
    /// The task ended while the app was away and its delivery waits: deliver.
    case finishedWhileAway = "finished-while-away"
    /// The task failed with resume data: recreate from it.
    case failedWithResumeData = "failed-with-resume-data"
    /// The app knows it, the system does not: enqueue again or mark lost.
    case unknownToSystem = "unknown-to-system"
    /// The system has it, the app does not (or cannot match it): adopt or cancel.
    case unknownToApp = "unknown-to-app"
}

/// What the app does about one line.
public enum ReconciliationDecision: String, Codable, Sendable {
    /// Keep the record and follow the running task.
    case reattach
    /// Let the pending delegate calls deliver it.
    case deliver
    /// `downloadTask(withResumeData:)`.
    case recreateFromResumeData = "recreate-from-resume-data"
    /// Create the task again from the record.
    case reEnqueue = "re-enqueue"
    /// Mark the record lost.
    case markLost = "mark-lost"
    /// Make a record for the system's task.
    case adopt
    /// Cancel the system's task.
    case cancel
}

/// One line of a reconciliation report.
public struct ReconciliationLine: Codable, Sendable, Equatable {
    /// The `taskDescription`, when there is one.
    public var taskDescription: String?
    /// The system's task identifier, when the system has the task.
    public var taskIdentifier: Int?
    /// The class.
    public var classification: ReconciliationClass
    /// The decision.
    public var decision: ReconciliationDecision
    /// Why.
    public var reason: String

    /// `photo-1 (task 3): still-running → reattach: …`.
    public var text: String {
        let name = taskDescription.map { "\"\($0)\"" } ?? "(no taskDescription)"
        let task = taskIdentifier.map { " task \($0)" } ?? ""
        return "\(name)\(task): \(classification.rawValue) → \(decision.rawValue): \(reason)"
    }
}

/// The result of reconciling the app's registry with one session: one line per record or stray task.
public struct ReconciliationReport: Codable, Sendable, Equatable {
    /// The session identifier.
    public var session: String
    /// Records first (by `taskDescription`), then the system's tasks unknown to the app (by identifier).
    public var lines: [ReconciliationLine]

    /// How many lines fall in each class.
    public func count(_ classification: ReconciliationClass) -> Int {
        lines.filter { $0.classification == classification }.count
    }

    /// The report as text, one line per record.
    public var text: String { lines.map(\.text).joined(separator: "\n") }
}
