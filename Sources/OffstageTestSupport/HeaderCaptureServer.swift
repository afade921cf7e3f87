import Foundation
import Glibc
import Synchronization

/// A loopback server that records each request head and answers `200 ok`, or a redirect to `redirect` when
/// given (closing the connection): the test origin's request log does not show `Authorization`.
public final class HeaderCaptureServer: Sendable {
    /// The port it listens on (127.0.0.1).
    public let port: UInt16
    /// Where every request is redirected with a 302, when set.
    private let redirect: String?
    private let listener: Int32
    private let heads = Mutex<[String]>([])
    private let done = DispatchSemaphore(value: 0)

    /// Starts a server; with `redirect`, every answer is `302 Found` to that URL.
    public init(redirect: String? = nil) throws {
        self.redirect = redirect
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard ok else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Every request head received so far.
    public var received: [String] { heads.withLock { $0 } }

    /// Closes the listener and waits for the accept thread.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        _ = done.wait(timeout: .now() + 5)
        close(listener)
    }

    private func serve() {
        defer { done.signal() }
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            var head = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
                let got = recv(client, &buffer, buffer.count, 0)
                guard got > 0 else { break }
                head.append(contentsOf: buffer[0..<got])
            }
            heads.withLock { $0.append(String(decoding: head, as: UTF8.self)) }
            let status =
                redirect.map { "HTTP/1.1 302 Found\r\nLocation: \($0)\r\nContent-Length: 0\r\n" }
                ?? "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
            let reply = Array((status + "Connection: close\r\n\r\n" + (redirect == nil ? "ok" : "")).utf8)
            _ = send(client, reply, reply.count, Int32(MSG_NOSIGNAL))
            close(client)
        }
    }
}
