import OffstageCore
import Synchronization

/// The newest snapshot, handed from the thread that receives it to the dashboard's loop; latest wins. The engine
/// hands it updates (`apply`), or whole snapshots (`put`).
final class LatestSnapshot: Sendable {
    private let value = Mutex<Snapshot?>(nil)

    /// Keeps `snapshot` in place of any not yet taken, numbered one past the last so the loop can tell it is new.
    func put(_ snapshot: Snapshot) {
        value.withLock { current in
            var numbered = snapshot
            numbered.sequence = (current?.sequence ?? 0) &+ 1
            current = numbered
        }
    }

    /// Applies `update` to the snapshot held (the engine made it from the one it sent before), numbered one past
    /// the last; an update to nothing held is skipped unless it carries a whole snapshot.
    func apply(_ update: SnapshotUpdate) {
        value.withLock { current in
            guard let base = current ?? update.whole else { return }
            var next = base.applying(update)
            next.sequence = (current?.sequence ?? 0) &+ 1
            current = next
        }
    }

    /// The newest snapshot when its number differs from `seen`.
    func newer(than seen: UInt64?) -> Snapshot? {
        value.withLock { current in
            guard let current, current.sequence != seen else { return nil }
            return current
        }
    }
}
