import Foundation
import Glibc
import Synchronization

/// A loopback server that answers every request with the same raw bytes and closes the connection: for
/// responses no well-behaved origin sends (two Content-Length values, a NUL in a header, an overflowing length).
public final class CannedResponseServer: Sendable {
    /// The bound port.
    public let port: UInt16
    private let listener: Int32
    private let reply: [UInt8]
    private let count = Mutex(0)
    private let done = DispatchSemaphore(value: 0)

    /// Listens on an ephemeral loopback port and answers each request with `reply`.
    public init(reply: [UInt8]) throws {
        self.reply = reply
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, raw, &length) == 0
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

    /// `http://127.0.0.1:PORT` + `path`.
    public func url(_ path: String = "/file.bin") -> String { "http://127.0.0.1:\(port)\(path)" }

    /// How many requests were answered so far.
    public var requests: Int { count.withLock { $0 } }

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
            count.withLock { $0 += 1 }
            _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            shutdown(client, Int32(SHUT_WR))
            // Let the client read everything before the socket goes away.
            while recv(client, &buffer, buffer.count, 0) > 0 {}
            close(client)
        }
    }
}
