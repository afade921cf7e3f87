import Foundation
import Glibc
import OffstageCore

/// A client of an engine's attach socket that asks for what a dashboard asks (the first `rows` transfer rows, a
/// page on each side) and counts the bytes of the frames it is sent: what a publication costs the engine over the
/// socket, measured where it arrives (`send` on a socket is not in `/proc/PID/io`).
final class FrameCounter {
    /// The connection.
    private let fd: Int32
    /// Bytes received that do not make a whole frame yet.
    private var pending: [UInt8] = []

    /// Connects to the engine of `home` and subscribes to a dashboard's window of `rows` rows.
    init(home: String, rows: Int) throws {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array((home + "/engine.sock").utf8)
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            throw BenchError("the home's path is too long for a socket")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path)
            buffer[path.count] = 0
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw BenchError("no engine listens on \(home)")
        }
        self.fd = fd
        let subscription = SnapshotSubscription(
            transfers: .window(filter: nil, first: 0, rows: rows, selected: 1))
        let body = Array(try JSONEncoder().encode(subscription))
        let length = UInt32(body.count)
        let message = [UInt8(ascii: "S")] + [24, 16, 8, 0].map { UInt8(length >> $0 & 0xFF) } + body
        guard write(fd, message, message.count) == message.count else {
            close(fd)
            throw BenchError("the subscription could not be sent")
        }
    }

    deinit { close(fd) }

    /// Reads what arrives for `seconds`: the bytes and how many whole frames they made.
    func count(for seconds: Double) -> (bytes: Int, frames: Int) {
        let deadline = ChildProcess.monotonicSeconds() + seconds
        var bytes = 0
        var frames = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let left = deadline - ChildProcess.monotonicSeconds()
            guard left > 0 else { break }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(max(1, left * 1000))) > 0 else { continue }
            let got = read(fd, &buffer, buffer.count)
            guard got > 0 else { break }
            bytes += got
            pending += buffer[0..<got]
            while pending.count >= 4 {
                let length = pending[0..<4].reduce(0) { $0 << 8 | Int($1) }
                guard pending.count >= 4 + length else { break }
                pending.removeFirst(4 + length)
                frames += 1
            }
        }
        return (bytes, frames)
    }
}
