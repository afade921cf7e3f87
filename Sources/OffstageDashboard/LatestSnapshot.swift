import OffstageCore
import Synchronization

/// The newest snapshot, handed from the thread that receives it to the dashboard's loop; latest wins.
final class LatestSnapshot: Sendable {
    private let value = Mutex<Snapshot?>(nil)
    private let sequence = Mutex<UInt64>(0)

    /// Keeps `snapshot` in place of any not yet taken, numbered so the loop can tell it is new.
    func put(_ snapshot: Snapshot) {
        let number = sequence.withLock { next in
            next += 1
            return next
        }
        var numbered = snapshot
        numbered.sequence = number
        value.withLock { $0 = numbered }
    }

    /// The newest snapshot when its number differs from `seen`.
    func newer(than seen: UInt64?) -> Snapshot? {
        value.withLock { current in
            guard let current, current.sequence != seen else { return nil }
            return current
        }
    }
}
