/// A call the platform refuses in a background session, with Apple's exception text or error code; never a trap.
public enum AppSessionError: Error, Codable, Sendable, Equatable, CustomStringConvertible {
    /// A completion-handler convenience (or an `async` API built on one) was called on a background session.
    case completionHandlerNotSupported
    /// An upload from memory (`uploadTask(with:from: Data)`) was asked of a background session.
    case uploadFromDataNotSupported
    /// A data task was created while the app is suspended: `NSURLErrorBackgroundSessionWasDisconnected` (−997).
    case backgroundSessionWasDisconnected
    /// A background configuration was made with an empty identifier.
    case emptyIdentifier
    /// No task with this identifier exists in the session.
    case unknownTask(taskIdentifier: Int)
    /// No live session has this identifier in the process.
    case noSuchSession(identifier: String)

    /// `NSURLErrorBackgroundSessionWasDisconnected`.
    public static let backgroundSessionWasDisconnectedCode = -997

    /// Apple's exception text (or error description) for the refusal.
    public var description: String {
        switch self {
        case .completionHandlerNotSupported:
            "Completion handler blocks are not supported in background sessions. Use a delegate instead."
        case .uploadFromDataNotSupported: "Upload tasks from NSData are not supported in background sessions"
        case .backgroundSessionWasDisconnected:
            "NSURLErrorBackgroundSessionWasDisconnected (-997): the app was suspended; use a download task instead"
        case .emptyIdentifier: "A background session configuration needs a non-empty identifier"
        case .unknownTask(let id): "No task with identifier \(id) in this session"
        case .noSuchSession(let id): "No background URLSession with identifier \(id) in this process"
        }
    }
}
