import Foundation
import Glibc
import OffstageCore

/// The engine's end of the attach channel: a Unix socket in the home. Each client says what it shows (a
/// subscription message) and is sent its own updates; any other byte is a poke.
///
/// One thread of its own blocks in `poll()` on the listener, the clients and a wake pipe; the loop only hands it a
/// client's next update (`send`) and never waits for a client. A client has at most one update on its way: the
/// loop sends the next one when the server says it has gone out (`Events.ready`), made from what the client holds
/// to what is newest, so a slow client skips to the newest state and never holds up the loop.
final class AttachServer: @unchecked Sendable {
    // Safety: `outgoing`, `connected`, `greetingFrame` and `stopping` are only touched while `lock` is held;
    // `clients` and `nextNumber` only on the server thread; the descriptors are fixed after `init` and closed after
    // the thread has ended.
    /// What the server tells the loop, from its thread.
    struct Events: Sendable {
        /// A client poked: read the inbox now.
        var poked: @Sendable () -> Void
        /// Client `Int` asked for what it shows.
        var subscribed: @Sendable (Int, SnapshotSubscription) -> Void
        /// Client `Int` took its last update: it may get the next.
        var ready: @Sendable (Int) -> Void
        /// Client `Int` went away.
        var gone: @Sendable (Int) -> Void
    }

    /// Guards what the loop and the server thread share.
    let lock = NSLock()
    /// Updates handed over by the loop and not yet taken by the thread, by client.
    var outgoing: [Int: Data] = [:]
    /// The clients connected now, by number.
    var connected: Set<Int> = []
    /// The frame a client gets as soon as it subscribes while the loop is not serving yet (the engine starts).
    var greetingFrame: Data?
    /// Set once `stop()` was called.
    var stopping = false
    /// The connected clients (server thread only).
    var clients: [Client] = []
    /// The number the next client gets (server thread only).
    var nextNumber = 1
    /// The listening socket.
    let listener: Int32
    /// The wake pipe's read end, polled with the sockets.
    let wakeRead: Int32
    /// The wake pipe's write end: a byte wakes the thread.
    private let wakeWrite: Int32
    /// Signalled when the server thread has ended.
    let finished = DispatchSemaphore(value: 0)
    /// What the server tells the loop.
    let events: Events
    /// The socket's path.
    let path: String

    /// A connected client: its socket, what it sent and has not been read as a message yet, and the frame it is
    /// being sent.
    struct Client {
        /// Its number, for the loop.
        let number: Int
        /// Its socket.
        let fd: Int32
        /// Bytes it sent that do not make a whole message yet.
        var input = Data()
        /// The frame it is in the middle of (nil: none).
        var frame: Data?
        /// How much of `frame` has gone out.
        var offset = 0
        /// Whether `frame` is the greeting (its end is not reported to the loop).
        var greeting = false
        /// Whether it has subscribed.
        var subscribed = false
    }

    /// Listens on `path` (an old socket file there is removed first; the file is made 0600) and starts the thread.
    /// Anything else at `path` (a directory, a file) is left as it is: `AttachError.notASocket`.
    init(path: String, events: Events) throws {
        self.path = path
        self.events = events
        if let what = UnixSocket.occupant(path) { throw AttachError.notASocket(path, what: what) }
        let fd = try UnixSocket.make()
        unlink(path)
        do {
            let bound = try UnixSocket.withAddress(path) { Glibc.bind(fd, $0, $1) }
            guard bound == 0 else { throw AttachError.system("bind", errno) }
            chmod(path, 0o600)
            guard listen(fd, 16) == 0 else { throw AttachError.system("listen", errno) }
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        UnixSocket.setNonBlocking(fd)
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else {
            close(fd)
            unlink(path)
            throw AttachError.system("pipe", errno)
        }
        for end in pipeFDs {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            UnixSocket.setNonBlocking(end)
        }
        listener = fd
        wakeRead = pipeFDs[0]
        wakeWrite = pipeFDs[1]
        let thread = Thread { [self] in serve() }
        thread.name = "offstage-attach"
        thread.start()
    }

    /// The frame a client that subscribes is sent at once while the loop does not serve yet (nil: the loop does).
    var greeting: Data? {
        get { lock.withLock { greetingFrame } }
        set { lock.withLock { greetingFrame = newValue } }
    }

    /// Hands client `number` its next update; returns at once. False when that client is gone (nothing is sent).
    func send(_ frame: Data, to number: Int) -> Bool {
        let taken = lock.withLock {
            guard connected.contains(number) else { return false }
            outgoing[number] = frame
            return true
        }
        if taken { wake() }
        return taken
    }

    /// Stops the thread, closes every connection and removes the socket file.
    func stop() {
        let already = lock.withLock {
            defer { stopping = true }
            return stopping
        }
        guard !already else { return }
        wake()
        finished.wait()
        close(listener)
        close(wakeRead)
        close(wakeWrite)
        unlink(path)
    }

    /// Wakes the server thread.
    func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }
}
