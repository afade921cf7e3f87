/// `ExistingWorkPolicy` (one-time) and `ExistingPeriodicWorkPolicy` (periodic), in one enum: which applies is
/// checked at enqueue.
public enum ExistingWorkPolicy: String, Codable, Sendable, CaseIterable {
    /// Both: do nothing if unfinished work with the name exists.
    case keep = "KEEP"
    /// One-time: cancel and delete the existing work, insert the new. Periodic: deprecated alias of
    /// `CANCEL_AND_REENQUEUE`.
    case replace = "REPLACE"
    /// One-time: the new work becomes a child of every leaf of the existing chain.
    case append = "APPEND"
    /// One-time: like APPEND, but a chain with failed or cancelled leaves is dropped and a new chain starts.
    case appendOrReplace = "APPEND_OR_REPLACE"
    /// Periodic: update the existing work in place, keeping its enqueue time; a running run is not interrupted.
    case update = "UPDATE"
    /// Periodic: cancel the existing work and enqueue the new.
    case cancelAndReenqueue = "CANCEL_AND_REENQUEUE"

    /// Whether `enqueueUniqueWork` (one-time) accepts it.
    public var appliesToOneTime: Bool { self != .update && self != .cancelAndReenqueue }
    /// Whether `enqueueUniquePeriodicWork` accepts it.
    public var appliesToPeriodic: Bool { self != .append && self != .appendOrReplace }
}

/// What `enqueue` is asked to do: a request, its name, and how it relates to existing work.
public struct WorkEnqueue: Codable, Sendable, Equatable {
    /// The request.
    public var spec: WorkRequestSpec
    /// Its name: the unique-work name when `policy` is set, otherwise a label (several requests may share it).
    public var name: String
    /// The unique-work policy; nil: `enqueue` without a unique name.
    public var policy: ExistingWorkPolicy?
    /// Names whose current leaves must succeed first (`--after NAME`, `beginWith(...).then(...)`).
    public var after: [String]

    /// An enqueue request.
    public init(spec: WorkRequestSpec, name: String, policy: ExistingWorkPolicy? = nil, after: [String] = []) {
        self.spec = spec
        self.name = name
        self.policy = policy
        self.after = after
    }
}
