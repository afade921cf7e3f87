import Foundation
import Glibc
import OffstageClock
import OffstageCore

/// A view's end of the attach channel: connects to the engine of a home and receives its snapshots.
///
/// Usage: `let client = try SnapshotClient(home: path)`, then call `next(timeout:)` from one thread: it blocks
/// until a snapshot arrives (the engine sends its latest one at once on connect; its `engine.role` reads
/// `.attached`, its `pid` is the engine's), returns nil when `timeout`
/// passes first, and throws `AttachError.disconnected` when the engine has gone (stopped or killed). `poke()`
/// asks the engine to read the inbox now. Not thread-safe: one thread uses a client; `close()` when done
/// (deinit closes too).
public final class SnapshotClient {
    /// The connection (-1 once closed).
    private var fd: Int32
    /// Bytes received and not yet taken as frames.
    private var buffer = Data()

    /// Connects to the engine listening in `home`.
    ///
    /// - Throws: `AttachError.notRunning` when no engine listens there, `.notASocket` when something else is in the
    ///   socket's place.
    public init(home: String) throws {
        let path = UnixSocket.path(home: home)
        let fd = try UnixSocket.make()
        let result = try UnixSocket.withAddress(path) { Glibc.connect(fd, $0, $1) }
        guard result == 0 else {
            Glibc.close(fd)
            if let what = UnixSocket.occupant(path) { throw AttachError.notASocket(path, what: what) }
            throw AttachError.notRunning(path)
        }
        self.fd = fd
    }

    deinit { close() }

    /// The connection's descriptor (-1 once closed), for a view that waits on it together with its keyboard in one
    /// `poll()`; when it is readable, `next(timeout: 0)` takes what arrived without blocking.
    public var fileDescriptor: Int32 { fd }

    /// Waits up to `timeout` seconds of real time for the next snapshot; nil when none came in that time.
    ///
    /// - Throws: `AttachError.disconnected` when the engine closed the connection, `AttachError.badFrame` on a
    ///   broken stream, a decoding error for a frame that is not a snapshot.
    public func next(timeout: Double) throws -> Snapshot? {
        let clock = SystemTimeSource()
        let deadline = clock.steady() + max(0, timeout)
        while true {
            if let body = try AttachFrame.take(from: &buffer) {
                var snapshot = try JSONDecoder().decode(Snapshot.self, from: body)
                snapshot.engine.role = .attached  // the engine hosts; this view is attached to it
                return snapshot
            }
            guard fd >= 0 else { throw AttachError.disconnected }
            let left = max(0, deadline - clock.steady())
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Clamped.int32((left * 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else {
                if clock.steady() >= deadline { return nil }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            let count = read(fd, &chunk, chunk.count)
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
            } else if count < 0, errno == EINTR || errno == EAGAIN {
                continue
            } else {
                close()
                throw AttachError.disconnected
            }
        }
    }

    /// Asks the engine to read its inbox now (best effort).
    public func poke() {
        guard fd >= 0 else { return }
        var byte = AttachFrame.poke
        _ = Glibc.send(fd, &byte, 1, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
    }

    /// Closes the connection.
    public func close() {
        guard fd >= 0 else { return }
        Glibc.close(fd)
        fd = -1
    }

    /// Pokes the engine of `home`, if one listens: connect, one byte, close. Failures are ignored.
    public static func poke(home: String) {
        guard let client = try? SnapshotClient(home: home) else { return }
        client.poke()
        client.close()
    }
}
