import OffstageSignals
import Synchronization

/// SIGINT, SIGTERM and SIGHUP for one long-running command (`run`, `get`, `demo`, `origin`, the dashboard),
/// subscribed from the command's start: a signal that comes before the command can act on it (the store still
/// opening, the runtime not built, the dashboard not drawn) is kept and handed over as soon as it can, so every
/// stop ends the same clean way (exit 130). Without a subscription a signal ends the process by its default action.
final class StopSignals: Sendable {
    private let relay = Relay()
    private let subscription: SignalSubscription

    /// Starts catching now.
    init() {
        let relay = self.relay
        subscription = ProcessSignals.subscribe { relay.post($0) }
    }

    deinit { subscription.cancel() }

    /// The first signal caught (or posted), if any.
    var caught: Int32? { relay.caught }

    /// Hands every signal from now on to `action`, and at once the one caught before, if any.
    func attach(_ action: @escaping @Sendable (Int32) -> Void) { relay.attach(action) }

    /// Takes a stop that came another way (the terminal hung up: SIGHUP) like a signal.
    func post(_ signal: Int32) { relay.post(signal) }

    /// Stops catching: a signal now ends the process by its default action.
    func cancel() { subscription.cancel() }

    /// A signal's name, for messages (`SIGTERM`).
    static func name(_ signal: Int32) -> String { ProcessSignals.name(signal) }

    /// The first signal and who acts on signals, behind one lock.
    private final class Relay: Sendable {
        private struct State {
            var caught: Int32?
            var action: (@Sendable (Int32) -> Void)?
        }

        private let state = Mutex(State())

        var caught: Int32? { state.withLock { $0.caught } }

        func post(_ signal: Int32) {
            let action = state.withLock { state in
                if state.caught == nil { state.caught = signal }
                return state.action
            }
            action?(signal)
        }

        func attach(_ action: @escaping @Sendable (Int32) -> Void) {
            let pending = state.withLock { state in
                state.action = action
                return state.caught
            }
            if let pending { action(pending) }
        }
    }
}
