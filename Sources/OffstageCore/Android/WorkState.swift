/// `WorkInfo.State`: where a work request is in its life.
public enum WorkState: String, Codable, Sendable, CaseIterable {
    /// Eligible to run when its constraints are met and the system lets it.
    case enqueued = "ENQUEUED"
    /// Its worker runs now.
    case running = "RUNNING"
    /// Finished with `Result.success()` (periodic work never gets here).
    case succeeded = "SUCCEEDED"
    /// Finished with `Result.failure()`, or a prerequisite failed; it never runs again.
    case failed = "FAILED"
    /// Waits for prerequisites in its chain to succeed.
    case blocked = "BLOCKED"
    /// Cancelled, or a prerequisite was cancelled.
    case cancelled = "CANCELLED"

    /// `isFinished`: succeeded, failed or cancelled.
    public var isFinished: Bool { self == .succeeded || self == .failed || self == .cancelled }
}
