import OffstageCore
import OffstageDashboard
import OffstageUI
import Synchronization

/// A dashboard backend in memory: a test sets the snapshot it serves and reads back what the dashboard sent.
public final class FakeDashboardBackend: DashboardBackend, Sendable {
    private struct State {
        var snapshot: Snapshot?
        var sequence: UInt64 = 0
        var performed: [DashboardEffect] = []
        var notices: [String] = []
        var ended: String?
        var closed = false
    }

    private let state = Mutex(State())

    /// A backend serving `snapshot` (nil: none yet).
    public init(snapshot: Snapshot? = nil) {
        if let snapshot { publish(snapshot) }
    }

    /// Serves `snapshot` as the engine's newest (numbered anew).
    public func publish(_ snapshot: Snapshot) {
        state.withLock {
            $0.sequence += 1
            var numbered = snapshot
            numbered.sequence = $0.sequence
            $0.snapshot = numbered
        }
    }

    /// The effects the dashboard asked for, in order.
    public var performed: [DashboardEffect] { state.withLock { $0.performed } }

    /// Whether `close()` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Makes the next `notices()` return `line` (an engine's refusal).
    public func refuse(_ line: String) { state.withLock { $0.notices.append(line) } }

    /// Makes the engine end with `reason`.
    public func end(_ reason: String) { state.withLock { $0.ended = reason } }

    /// The snapshot when newer than `sequence`.
    public func snapshot(newerThan sequence: UInt64?) -> Snapshot? {
        state.withLock { current in
            guard let snapshot = current.snapshot, snapshot.sequence != sequence else { return nil }
            return snapshot
        }
    }

    /// Records the effect; nothing to say.
    public func perform(_ effect: DashboardEffect) -> String? {
        state.withLock { $0.performed.append(effect) }
        return nil
    }

    /// Refusals queued with `refuse`, once.
    public func notices() -> [String] {
        state.withLock { current in
            defer { current.notices = [] }
            return current.notices
        }
    }

    /// The reason given to `end`, if any.
    public var ended: String? { state.withLock { $0.ended } }

    /// Remembers that it was closed.
    public func close() { state.withLock { $0.closed = true } }
}

/// A frame clock that moves only when a test moves it.
public final class ManualFrameClock: FrameClock {
    private let reading = Mutex(1000.0)

    /// A clock at 1000 s.
    public init() {}

    /// The current reading.
    public func seconds() -> Double { reading.withLock { $0 } }

    /// Moves the clock forward.
    public func advance(by seconds: Double) { reading.withLock { $0 += max(0, seconds) } }
}
