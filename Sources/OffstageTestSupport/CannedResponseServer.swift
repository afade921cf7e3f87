import Foundation
import Synchronization

/// A loopback server that answers every request with the same raw bytes and closes the connection: for
/// responses no well-behaved origin sends (two Content-Length values, a NUL in a header, an overflowing length).
public final class CannedResponseServer: Sendable {
    private let server: LoopbackHeadServer
    private let count: Counter

    /// Listens on an ephemeral loopback port and answers each request with `reply`.
    public init(reply: [UInt8]) throws {
        let count = Counter()
        self.count = count
        server = try LoopbackHeadServer { _ in
            count.increment()
            return reply
        }
    }

    /// The bound port.
    public var port: UInt16 { server.port }

    /// `http://127.0.0.1:PORT` + `path`.
    public func url(_ path: String = "/file.bin") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// How many requests were answered so far.
    public var requests: Int { count.value }

    /// Closes the listener and waits for the accept thread.
    public func stop() { server.stop() }

    /// A count shared with the accept thread.
    private final class Counter: Sendable {
        private let mutex = Mutex(0)

        func increment() { mutex.withLock { $0 += 1 } }

        var value: Int { mutex.withLock { $0 } }
    }
}
