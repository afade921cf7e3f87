import Foundation

/// The transfer daemon's own timers: when a transfer counts as stalled (the engine measures it on real time, so a
/// warped or jumped clock never stalls a transfer), and how often a full disk is looked at.
public struct TransferTimings: Sendable, Equatable {
    /// A running transfer that received fewer than `stallBytes` in this many seconds is stalled (30). It is
    /// reconnected, counted as an attempt, once it has been so for the session's `timeoutIntervalForRequest`
    /// (60 by default), or for this window when that is shorter.
    public var stallWindow: Double
    /// The least a running transfer must receive within `stallWindow` not to be stalled (1 kB).
    public var stallBytes: Int64
    /// Seconds between two measurements of the free space while a task waits for room on a full disk (5).
    public var diskCheckInterval: Double

    /// Timings with the defaults.
    public init(stallWindow: Double = 30, stallBytes: Int64 = 1000, diskCheckInterval: Double = 5) {
        self.stallWindow = stallWindow
        self.stallBytes = stallBytes
        self.diskCheckInterval = diskCheckInterval
    }
}
