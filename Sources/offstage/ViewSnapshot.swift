import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// The one `Snapshot` that `ls`, `app` and `pending` format: the running engine's live one, else the store's.
enum ViewSnapshot {
    /// How long a view waits for a running engine's first frame, seconds.
    static let timeout = 2.0

    /// When an offstage owns the home, the snapshot it serves on `<home>/engine.sock` (its first frame, within
    /// `timeout`); if it does not answer, the store's view as that engine last wrote it (never "not running").
    /// With none, the store's durable view (`StoreSnapshot.read`); a home with no store yet is a fresh install.
    ///
    /// `configuration` only matters for the store's view (the app's session, the scheduler's rules).
    static func read(context: CLIContext, configuration: () throws -> OffstageConfiguration) throws -> Snapshot {
        try context.checkHome()
        if InstanceLock.owner(home: context.home) != nil, let live = live(home: context.home.path) { return live }
        // Asked again: an engine that did not answer may have stopped meanwhile (then nothing runs).
        let owner = InstanceLock.owner(home: context.home)
        return try StoreSnapshot.read(
            home: context.home, store: try context.openStoreForReading(), configuration: try configuration(),
            owner: owner)
    }

    /// The engine's first frame with its tasks (one that only says it is reading them does not count) for
    /// `subscription`, or nil when it does not listen or send one in time.
    static func live(home: String, subscription: SnapshotSubscription = .everything) -> Snapshot? {
        guard let client = try? SnapshotClient(home: home, subscription: subscription) else { return nil }
        defer { client.close() }
        let deadline = Date().addingTimeInterval(timeout)
        while case let left = deadline.timeIntervalSinceNow, left > 0 {
            guard let snapshot = (try? client.next(timeout: left)) ?? nil else { return nil }
            if snapshot.engine.role != .starting { return snapshot }
        }
        return nil
    }
}
