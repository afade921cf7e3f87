import Foundation

/// One pending BG task request as a view shows it.
public struct RequestSnapshot: Codable, Sendable, Equatable, Identifiable {
    /// The request as submitted.
    public var request: BGTaskRequest
    /// When it was submitted (wall clock).
    public var submittedAt: Date
    /// Why it has not run yet, typed.
    public var reason: WaitReason
    /// The reason in words, as `pending` prints it.
    public var reasonText: String
    /// The identifier is penalised until this date (a missed `setTaskCompleted`), if it is.
    public var penalisedUntil: Date?
    /// The scheduler's last decisions about this identifier, oldest first (its decision log, bounded).
    public var decisions: [String]

    /// A request reading.
    public init(
        request: BGTaskRequest, submittedAt: Date, reason: WaitReason, reasonText: String,
        penalisedUntil: Date? = nil, decisions: [String] = []
    ) {
        self.request = request
        self.submittedAt = submittedAt
        self.reason = reason
        self.reasonText = reasonText
        self.penalisedUntil = penalisedUntil
        self.decisions = decisions
    }

    /// The task identifier.
    public var id: String { request.identifier }
}

/// A BG task running now.
public struct RunningTaskSnapshot: Codable, Sendable, Equatable, Identifiable {
    /// The task identifier.
    public var identifier: String
    /// App refresh or processing.
    public var kind: BGTaskKind
    /// When it was launched (wall clock).
    public var launchedAt: Date
    /// Seconds until the expiration handler is due (negative: overdue).
    public var expiresIn: Double
    /// Seconds until the watchdog kills the app if it has not completed.
    public var deadlineIn: Double
    /// Whether its expiration handler has been called.
    public var expirationCalled: Bool
    /// Whether the launch came from "simulate launch".
    public var simulated: Bool

    /// A running-task reading.
    public init(
        identifier: String, kind: BGTaskKind, launchedAt: Date, expiresIn: Double, deadlineIn: Double,
        expirationCalled: Bool = false, simulated: Bool = false
    ) {
        self.identifier = identifier
        self.kind = kind
        self.launchedAt = launchedAt
        self.expiresIn = expiresIn
        self.deadlineIn = deadlineIn
        self.expirationCalled = expirationCalled
        self.simulated = simulated
    }

    /// The task identifier.
    public var id: String { identifier }
}
