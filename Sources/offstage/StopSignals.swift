import Dispatch
import Foundation
import OffstageRuntime

/// Turns SIGINT, SIGTERM and SIGHUP into a callback on a dispatch queue, so the loop can stop cleanly.
final class SignalTrap {
    /// The signals caught.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    private let sources: [any DispatchSourceSignal]

    /// Starts catching SIGINT, SIGTERM and SIGHUP; `handler` gets the signal number.
    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "offstage.signals")
        sources = Self.signals.map { number in
            // The source first: a signal that comes before it is ready ends the process by its default action
            // rather than being ignored and lost (a `run` that never stops).
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            signal(number, SIG_IGN)
            return source
        }
    }

    /// Stops catching; the default actions come back.
    func cancel() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }

    /// A signal's name, for messages.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }
}

/// Passes a stop request on to the runtime once there is one: a signal that arrives while `run` is still
/// opening the store is kept and delivered as soon as the runtime exists, so it too ends with exit 130.
final class ShutdownRelay: @unchecked Sendable {
    // Safety: `stopper` and `pending` are only read or written while `lock` is held.
    private let lock = NSLock()
    private var stopper: RuntimeStopper?
    private var pending: String?

    /// A relay with no runtime yet.
    init() {}

    /// Asks the runtime to stop, now or as soon as it is attached.
    func request(_ reason: String) {
        let target: RuntimeStopper? = lock.withLock {
            if let stopper { return stopper }
            if pending == nil { pending = reason }
            return nil
        }
        target?.requestShutdown(reason: reason)
    }

    /// Attaches the runtime; a request that came before is delivered at once.
    func attach(_ stopper: RuntimeStopper) {
        let reason: String? = lock.withLock {
            self.stopper = stopper
            return pending
        }
        if let reason { stopper.requestShutdown(reason: reason) }
    }
}
