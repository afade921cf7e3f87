import Foundation
import Glibc
import OffstageClock
import OffstageCore

/// A view's end of the attach channel: connects to the engine of a home, says what it shows, and receives its
/// snapshots.
///
/// Usage: `let client = try SnapshotClient(home: path)`, then call `next(timeout:)` from one thread: it blocks
/// until a snapshot arrives (the engine sends the client's snapshot whole at once, then only what changed, which
/// the client applies; its `engine.role` reads `.attached`, its `pid` is the engine's), returns nil when `timeout`
/// passes first, and throws `AttachError.disconnected` when the engine has gone (stopped or killed).
/// `subscribe(_:)` changes what it is sent (a dashboard's window as it scrolls); `poke()` asks the engine to read
/// the inbox now. Not thread-safe: one thread uses a client; `close()` when done (deinit closes too).
public final class SnapshotClient: @unchecked Sendable {
    // Safety: the descriptor is read and closed under `lock`, so `subscribe` may be called from another thread than
    // the one that calls `next` (the only one that touches `buffer` and `held`, and closes).
    /// Guards `descriptor`.
    private let lock = NSLock()
    /// The connection (-1 once closed).
    private var descriptor: Int32
    /// The connection now.
    private var fd: Int32 { lock.withLock { descriptor } }
    /// Bytes received and not yet taken as frames.
    private var buffer = Data()
    /// The snapshot as the updates so far make it (nil: none yet).
    public private(set) var held: Snapshot?

    /// Connects to the engine listening in `home` and asks for `subscription` (every transfer unless told).
    ///
    /// - Throws: `AttachError.notRunning` when no engine listens there, `.notASocket` when something else is in the
    ///   socket's place.
    public init(home: String, subscription: SnapshotSubscription = .everything) throws {
        descriptor = try Self.connect(home: home)
        subscribe(subscription)
    }

    /// A connection that only pokes (it subscribes to nothing, so the engine sends it nothing).
    private init(pokingOnly home: String) throws {
        descriptor = try Self.connect(home: home)
    }

    /// A socket connected to the engine listening in `home`.
    ///
    /// - Throws: `AttachError.notRunning` when no engine listens there, `.notASocket` when something else is in the
    ///   socket's place.
    private static func connect(home: String) throws -> Int32 {
        let path = UnixSocket.path(home: home)
        let fd = try UnixSocket.make()
        let result = try UnixSocket.withAddress(path) { Glibc.connect(fd, $0, $1) }
        guard result == 0 else {
            Glibc.close(fd)
            if let what = UnixSocket.occupant(path) { throw AttachError.notASocket(path, what: what) }
            throw AttachError.notRunning(path)
        }
        return fd
    }

    /// Whether an engine listens on `home`'s socket (a connection made and closed, asking for nothing).
    ///
    /// - Throws: `AttachError.notRunning` when none does, `.notASocket` when something else is in the socket's
    ///   place.
    public static func probe(home: String) throws {
        try SnapshotClient(pokingOnly: home).close()
    }

    deinit { close() }

    /// The connection's descriptor (-1 once closed), for a view that waits on it together with its keyboard in one
    /// `poll()`; when it is readable, `next(timeout: 0)` takes what arrived without blocking.
    public var fileDescriptor: Int32 { fd }

    /// Asks to be sent `subscription` from now on (best effort: a closed connection shows at the next `next`). Safe
    /// from another thread than the one that calls `next`.
    public func subscribe(_ subscription: SnapshotSubscription) {
        guard let message = try? AttachFrame.encode(subscription) else { return }
        lock.lock()
        defer { lock.unlock() }
        let fd = descriptor
        guard fd >= 0 else { return }
        var offset = 0
        while offset < message.count {
            guard let sent = UnixSocket.send(fd, message, from: offset) else { return }
            if sent == offset {
                // The engine's side is full for now: wait for room, a second at most.
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                guard poll(&descriptor, 1, 1000) > 0 else { return }
            }
            offset = sent
        }
    }

    /// Waits up to `timeout` seconds of real time for the next snapshot; nil when none came in that time.
    ///
    /// - Throws: `AttachError.disconnected` when the engine closed the connection, `AttachError.badFrame` on a
    ///   broken stream, a decoding error for a frame that is not an update.
    public func next(timeout: Double) throws -> Snapshot? {
        let clock = SystemTimeSource()
        let deadline = clock.steady() + max(0, timeout)
        while true {
            if let body = try AttachFrame.take(from: &buffer) {
                let update = try JSONDecoder().decode(SnapshotUpdate.self, from: body)
                // A change to nothing held cannot be applied: it is skipped (the engine starts with a whole one).
                guard let base = held ?? update.whole else { continue }
                var snapshot = base.applying(update)
                held = snapshot
                snapshot.engine.role = snapshot.engine.role == .hosting ? .attached : snapshot.engine.role
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
        lock.withLock {
            guard descriptor >= 0 else { return }
            Glibc.close(descriptor)
            descriptor = -1
        }
    }

    /// Pokes the engine of `home`, if one listens: connect, one byte, close. Failures are ignored.
    public static func poke(home: String) {
        guard let client = try? SnapshotClient(pokingOnly: home) else { return }
        client.poke()
        client.close()
    }
}
