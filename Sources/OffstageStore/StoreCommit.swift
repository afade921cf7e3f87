import Foundation
import OffstageCore

/// Everything one step of the engine writes, as ONE transaction: the transfers' changes, then the scheduler's,
/// the app's and the Android side's (each part is written only when it holds something).
public struct StoreCommit: Sendable, Equatable {
    /// Sessions, tasks, conditions, log lines and outbox rows.
    public var transfers: StoreChanges
    /// The scheduler's state, log lines, decisions and finished runs (nil: unchanged).
    public var scheduler: SchedulerChanges?
    /// The app's state, registry records and log lines.
    public var app: AppChanges
    /// The Android system model's state, WorkManager's changes and log lines.
    public var android: AndroidStoreChanges
    /// The home's platform, when this step switched it (nil: unchanged).
    public var platform: PlatformProfile?

    /// A commit; empty by default.
    public init(
        transfers: StoreChanges = StoreChanges(), scheduler: SchedulerChanges? = nil, app: AppChanges = AppChanges(),
        android: AndroidStoreChanges = AndroidStoreChanges(), platform: PlatformProfile? = nil
    ) {
        self.transfers = transfers
        self.scheduler = scheduler
        self.app = app
        self.android = android
        self.platform = platform
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool {
        transfers.isEmpty && scheduler == nil && app.isEmpty && android.isEmpty && platform == nil
    }

    /// The event-log lines it appends, in the order they are written.
    public var log: [LogEntry] { transfers.log + (scheduler?.log ?? []) + app.log + android.log }
}
