import Foundation

/// What creating a session gave back.
public struct SessionCreation: Sendable, Equatable {
    /// The session the app now holds.
    public var session: BackgroundSession
    /// Whether the identifier was already live, so the existing session (with its old delegate) came back.
    public var isExisting: Bool
    /// Event-log lines (Apple's warning for an existing identifier).
    public var log: [LogEntry]
}

/// The app process's table of live background sessions (CFNetwork's process-global table), with no I/O.
///
/// Emptied when the process dies; a relaunched app recreates its sessions with the same identifiers.
public struct BackgroundSessionRegistry: Codable, Sendable, Equatable {
    /// Live sessions by identifier.
    public private(set) var sessions: [String: BackgroundSession] = [:]

    /// An empty table (a fresh process).
    public init() {}

    /// `URLSession(configuration: .background(withIdentifier:), delegate:)`.
    ///
    /// An identifier already live returns the existing session and logs Apple's warning.
    public mutating func makeSession(configuration: SessionConfiguration, now: Date) throws(AppSessionError)
        -> SessionCreation
    {
        let id = configuration.identifier
        guard !id.isEmpty else { throw .emptyIdentifier }
        if let existing = sessions[id] {
            let warning = LogEntry(
                time: now, kind: .appSession, subject: id,
                reason: "A background URLSession with identifier \(id) already exists!")
            return SessionCreation(session: existing, isExisting: true, log: [warning])
        }
        let session = BackgroundSession(configuration: configuration)
        sessions[id] = session
        return SessionCreation(session: session, isExisting: false, log: [])
    }

    /// Runs `body` on the live session with this identifier and keeps its changes.
    public mutating func withSession<R>(
        _ identifier: String, _ body: (inout BackgroundSession) throws(AppSessionError) -> R
    ) throws(AppSessionError) -> R {
        guard var session = sessions[identifier] else { throw .noSuchSession(identifier: identifier) }
        let result = try body(&session)
        sessions[identifier] = session
        return result
    }

    /// The app process died (any way): the table is gone.
    public mutating func processDied() {
        sessions = [:]
    }
}
