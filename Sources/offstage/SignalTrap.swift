import Dispatch
import Foundation

/// Turns SIGINT and SIGTERM into a callback on a dispatch queue, so the loop can stop cleanly.
final class SignalTrap {
    private let sources: [any DispatchSourceSignal]

    /// Starts catching SIGINT and SIGTERM; `handler` gets the signal number.
    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "offstage.signals")
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }

    /// Stops catching; the default actions come back.
    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
