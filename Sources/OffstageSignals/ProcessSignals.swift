import COffstageSignals
import Glibc
import Synchronization

/// SIGINT, SIGTERM and SIGHUP for the whole process, received on one dedicated thread and handed to whoever
/// subscribed; with no subscriber, the signal ends the process as its default action does.
///
/// `route()` comes first in `main`, before any thread exists: it blocks the three signals in the main thread, so
/// every thread started later blocks them too, and the kernel keeps them pending until the receiving thread takes
/// them (sigwaitinfo). A thread that does not block them (started earlier, or spawning a child) runs a forwarding
/// handler that passes the signal on. Nothing sets them to SIG_IGN, and SIGINT and SIGTERM are routed even when the
/// parent left them ignored (a background job of a shell without job control ignores SIGINT): a stop request always
/// arrives. Only SIGHUP under `nohup` stays ignored, as asked.
public enum ProcessSignals {
    /// The signals that ask the process to stop.
    public static let stopping: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The subscribers, by subscription number.
    private static let subscribers = Mutex(Subscribers())

    /// Routes the stopping signals to the receiving thread (once per process; later calls do nothing): `main` calls
    /// it first, blocking them in the calling thread and so in every thread started later. A library that routes
    /// them on its own (the terminal, in a test process) leaves the caller's mask alone: a child process spawned
    /// from that thread later must not inherit the block.
    /// - Returns: false when the receiving thread could not be started (the signals keep their actions then).
    @discardableResult public static func route(blockingCallingThread: Bool = true) -> Bool {
        offstage_signals_route({ signal in ProcessSignals.deliver(signal) }, blockingCallingThread ? 1 : 0) == 0
    }

    /// Whether `signal` is routed (false before `route()`, and for SIGHUP under `nohup`).
    public static func isRouted(_ signal: Int32) -> Bool { offstage_signals_is_routed(signal) != 0 }

    /// Calls `handler` with every stopping signal from now until the subscription is cancelled, on the receiving
    /// thread (keep it short: note the signal, wake a loop). Routes the signals if that has not happened yet
    /// (without blocking them in the calling thread).
    public static func subscribe(_ handler: @escaping @Sendable (Int32) -> Void) -> SignalSubscription {
        route(blockingCallingThread: false)
        let number = subscribers.withLock { list in
            list.next += 1
            list.handlers.append((list.next, handler))
            return list.next
        }
        return SignalSubscription(number: number)
    }

    /// Removes subscription `number`.
    static func unsubscribe(_ number: Int) {
        subscribers.withLock { list in list.handlers.removeAll { $0.number == number } }
    }

    /// Hands `signal` to every subscriber, in the order they subscribed; with none, ends the process by its
    /// default action. On the receiving thread, or on a thread that passes on a signal it was told about.
    public static func deliver(_ signal: Int32) {
        let handlers = subscribers.withLock { $0.handlers.map { $0.handler } }
        if handlers.isEmpty {
            offstage_signals_end_by(signal)
            return
        }
        for handler in handlers { handler(signal) }
    }

    /// Runs `body` with no signal blocked in the calling thread: a child process spawned there (it inherits the
    /// mask) starts with SIGINT, SIGTERM and SIGHUP unblocked. A stopping signal that arrives meanwhile is
    /// forwarded as usual.
    public static func spawning<Result>(_ body: () throws -> Result) rethrows -> Result {
        var previous = sigset_t()
        offstage_signals_unblock_all(&previous)
        defer { offstage_signals_restore_mask(&previous) }
        return try body()
    }

    /// A signal's name, for messages (`SIGTERM`).
    public static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    /// The subscription table.
    struct Subscribers {
        /// The last number handed out.
        var next = 0
        /// Each subscriber's number and handler, in subscription order.
        var handlers: [(number: Int, handler: @Sendable (Int32) -> Void)] = []
    }
}

/// A subscription to the stopping signals; cancelled by `cancel()` or when released.
public final class SignalSubscription: Sendable {
    private let number: Int
    private let active = Atomic(true)

    init(number: Int) { self.number = number }

    deinit { cancel() }

    /// Stops delivering signals to this subscriber (idempotent). With no subscriber left, a stopping signal ends
    /// the process again.
    public func cancel() {
        guard active.exchange(false, ordering: .acquiringAndReleasing) else { return }
        ProcessSignals.unsubscribe(number)
    }
}
