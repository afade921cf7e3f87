import Foundation
import Synchronization

/// A loopback server that records each request head and answers `200 ok`, or a redirect to `redirect` when
/// given (closing the connection): the test origin's request log does not show `Authorization`.
public final class HeaderCaptureServer: Sendable {
    private let server: LoopbackHeadServer
    private let heads: Heads

    /// Starts a server; with `redirect`, every answer is `302 Found` to that URL.
    public init(redirect: String? = nil) throws {
        let heads = Heads()
        self.heads = heads
        let status =
            redirect.map { "HTTP/1.1 302 Found\r\nLocation: \($0)\r\nContent-Length: 0\r\n" }
            ?? "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
        let reply = Array((status + "Connection: close\r\n\r\n" + (redirect == nil ? "ok" : "")).utf8)
        server = try LoopbackHeadServer { head in
            heads.append(String(decoding: head, as: UTF8.self))
            return reply
        }
    }

    /// The port it listens on (127.0.0.1).
    public var port: UInt16 { server.port }

    /// Every request head received so far.
    public var received: [String] { heads.all }

    /// Closes the listener and waits for the accept thread.
    public func stop() { server.stop() }

    /// The heads, shared with the accept thread.
    private final class Heads: Sendable {
        private let mutex = Mutex<[String]>([])

        func append(_ head: String) { mutex.withLock { $0.append(head) } }

        var all: [String] { mutex.withLock { $0 } }
    }
}
