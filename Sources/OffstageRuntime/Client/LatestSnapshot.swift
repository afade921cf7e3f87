import OffstageCore
import Synchronization

/// The newest snapshot, handed from the thread that receives it to the dashboard's loop; latest wins.
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

    /// The newest snapshot when its number differs from `seen`.
    func newer(than seen: UInt64?) -> Snapshot? {
        value.withLock { current in
            guard let current, current.sequence != seen else { return nil }
            return current
        }
    }
}
