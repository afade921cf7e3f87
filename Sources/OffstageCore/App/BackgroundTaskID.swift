import Foundation

/// UIKit's `UIBackgroundTaskIdentifier`: what `beginBackgroundTask` returns and `endBackgroundTask` takes.
public struct BackgroundTaskID: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
    /// The number (0 is `.invalid`).
    public var rawValue: Int

    /// An identifier.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `UIBackgroundTaskIdentifier.invalid`: running in the background isn't possible.
    public static let invalid = BackgroundTaskID(rawValue: 0)

    /// The number, as UIKit prints it.
    public var description: String { "\(rawValue)" }
}

/// An open `beginBackgroundTask` assertion.
public struct BackgroundTaskRecord: Codable, Sendable, Equatable {
    /// The identifier returned to the app.
    public var id: BackgroundTaskID
    /// The name (a debugger label only).
    public var name: String
    /// Whether the app passed an expiration handler.
    public var hasExpirationHandler: Bool
    /// Steady time the task began.
    public var begunAt: Double
    /// Whether the expiration time has come (the handler was called, or there was none to call).
    public var expired = false

    /// How the task is named in the event log.
    public var subject: String { name.isEmpty ? "background task \(id)" : "background task \(id) (\(name))" }
}

/// The completion handler the system passes to `handleEventsForBackgroundURLSession`, as a token the app
/// hands back with `.completionHandlerCalled(token:)`.
public struct CompletionHandlerToken: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
    /// The number.
    public var rawValue: Int

    /// A token.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `handler N`.
    public var description: String { "handler \(rawValue)" }
}

/// A completion handler given to the app and not called yet.
public struct OutstandingCompletionHandler: Codable, Sendable, Equatable {
    /// The token.
    public var token: CompletionHandlerToken
    /// The background session identifier whose events the app is handling.
    public var session: String
    /// Steady time by which the app must call it (else 0x2182bad3).
    public var deadline: Double
    /// Whether `urlSessionDidFinishEvents(forBackgroundURLSession:)` has been delivered.
    public var eventsFinished = false
}
