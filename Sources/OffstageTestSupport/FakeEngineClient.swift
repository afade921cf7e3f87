import OffstageCore
import OffstageDashboard
import OffstageRuntime
import OffstageUI
import Synchronization

/// An engine client in memory: a test sets the snapshot it serves and reads back what the dashboard sent; every
/// command is done at once unless the test makes the engine refuse.
public final class FakeEngineClient: EngineClient, Sendable {
    private struct State {
        var snapshot: Snapshot?
        var sequence: UInt64 = 0
        var sent: [DaemonCommand] = []
        var refusal: String?
        /// What a done command answers ("ok" unless `answer` said otherwise).
        var result = "ok"
        var ended: String?
        var closed = false
        /// What the dashboard asked to be sent, in order.
        var subscriptions: [SnapshotSubscription] = []
        /// The whole state windows are cut from (`serveWindows`), nil: the snapshot is served as it is.
        var full: Snapshot?
    }

    private let state = Mutex(State())

    /// A client serving `snapshot` (nil: none yet).
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

    /// Serves `full` as the engine does: to each subscription, the rows around the window it asks for, the rest
    /// counted (`TransferListing`), the totals of every transfer.
    public func serveWindows(of full: Snapshot) {
        let last = state.withLock {
            $0.full = full
            return $0.subscriptions.last
        }
        publish(last.map { FakeEngineWindow.cut(full, for: $0) } ?? full)
    }

    /// Records the subscription and, while serving windows, publishes the one it asks for.
    public func subscribe(_ subscription: SnapshotSubscription) {
        let full = state.withLock {
            $0.subscriptions.append(subscription)
            return $0.full
        }
        if let full { publish(FakeEngineWindow.cut(full, for: subscription)) }
    }

    /// What the dashboard asked to be sent, in order.
    public var subscriptions: [SnapshotSubscription] { state.withLock { $0.subscriptions } }

    /// The commands the dashboard sent, in order.
    public var sent: [DaemonCommand] { state.withLock { $0.sent } }

    /// Whether `close()` was called.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// Makes the engine refuse every command, those sent already included, with `reason`.
    public func refuse(_ reason: String) { state.withLock { $0.refusal = reason } }

    /// Makes the engine answer every done command with `result` (as a launch that crashed does).
    public func answer(_ result: String) { state.withLock { $0.result = result } }

    /// Makes the engine end with `reason`.
    public func end(_ reason: String) { state.withLock { $0.ended = reason } }

    /// Records the command.
    public func send(_ command: DaemonCommand) throws -> CommandTicket {
        state.withLock { current in
            current.sent.append(command)
            return CommandTicket(inboxID: Int64(current.sent.count))
        }
    }

    /// Done (with `answer`'s result), or refused after `refuse`.
    public func outcome(of ticket: CommandTicket) -> CommandOutcome? {
        state.withLock { current in
            current.refusal.map { .executed(.refused, $0) } ?? .executed(.done, current.result)
        }
    }

    /// The outcome at once.
    public func wait(for ticket: CommandTicket, timeout: Double) throws -> CommandOutcome {
        outcome(of: ticket) ?? .stillPending(owner: 0)
    }

    /// The snapshot when newer than `sequence`.
    public func snapshot(newerThan sequence: UInt64?) -> Snapshot? {
        state.withLock { current in
            guard let snapshot = current.snapshot, snapshot.sequence != sequence else { return nil }
            return snapshot
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
