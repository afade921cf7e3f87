import Foundation

/// Why a download started again from zero, and what that dropped: the views say it (`ls`, `get`, the dashboard)
/// instead of counting up from 0% as if nothing happened.
public struct TransferRestart: Codable, Sendable, Equatable {
    /// Why, escaped: `the file changed on the server (ETag "v1" → "v2")`, `the server sent the whole file instead
    /// of the range from byte 52428800`.
    public var reason: String
    /// The bytes the partial file held before it was emptied.
    public var droppedBytes: Int64
    /// When it happened (the runtime's clock).
    public var at: Date

    /// A restart record.
    public init(reason: String, droppedBytes: Int64, at: Date) {
        self.reason = reason
        self.droppedBytes = droppedBytes
        self.at = at
    }
}
