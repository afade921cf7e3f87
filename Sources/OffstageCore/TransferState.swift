/// Where a transfer task is in its life, as stored and shown.
public enum TransferState: String, Codable, Sendable, CaseIterable {
    /// Created and waiting for its turn: earliest begin date, device conditions or a connection slot.
    case queued
    /// A request is in flight.
    case running
    /// Paused by the user; the partial file and its validator are kept so it can resume.
    case paused
    /// Interrupted; waiting for its backoff to pass before the next attempt.
    case retrying
    /// The body is complete and synced; delivery into the destination folder is in progress.
    case finishing
    /// Delivered exactly once; terminal.
    case completed
    /// Given up, with a reason; terminal.
    case failed
    /// Cancelled by the user; terminal.
    case cancelled

    /// Whether no further transition can leave this state.
    public var isTerminal: Bool {
        switch self {
        case .completed, .failed, .cancelled: return true
        default: return false
        }
    }
}

/// Whether a task downloads into a file or uploads from one.
public enum TransferKind: String, Codable, Sendable {
    /// GET into a partial file, then delivery.
    case download
    /// PUT or POST of a file's bytes.
    case upload
}
