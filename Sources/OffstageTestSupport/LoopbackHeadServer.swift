import Foundation
import Glibc

/// A loopback server for tests: accepts connections one at a time, reads each request head, writes what
/// `answer` returns for it, and closes the connection. The servers with a purpose are built on it.
final class LoopbackHeadServer: Sendable {
    /// The bound port (127.0.0.1).
    let port: UInt16
    private let listener: Int32
    private let done = DispatchSemaphore(value: 0)

    /// Listens on an ephemeral loopback port; `answer` gets each request head and returns the reply's bytes.
    init(answer: @escaping @Sendable (_ head: [UInt8]) -> [UInt8]) throws {
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
        let done = self.done
        let thread = Thread { Self.serve(fd, answer: answer, done: done) }
        thread.start()
    }

    /// Closes the listener and waits for the accept thread.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        _ = done.wait(timeout: .now() + 5)
        close(listener)
    }

    private static func serve(
        _ listener: Int32, answer: @Sendable ([UInt8]) -> [UInt8], done: DispatchSemaphore
    ) {
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
            let reply = answer(head)
            _ = reply.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            shutdown(client, Int32(SHUT_WR))
            // Let the client read everything before the socket goes away.
            while recv(client, &buffer, buffer.count, 0) > 0 {}
            close(client)
        }
    }
}
