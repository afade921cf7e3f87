import Foundation
import Glibc

/// The engine's end of the attach channel: a Unix socket in the home that sends every published snapshot to each
/// connected client, latest wins, and turns any byte a client sends into a poke.
///
/// One thread of its own blocks in `poll()` on the listener, the clients and a wake pipe; the loop only hands it
/// the newest frame (`publish`) and never waits for a client. A slow client gets the frame it is in the middle
/// of, then the newest one: frames published meanwhile are dropped for it.
final class AttachServer: @unchecked Sendable {
    // Safety: `latest`, `generation`, `stopping` and `connected` are only touched while `lock` is held; `clients`
    // is only touched on the server thread; the descriptors are fixed after `init` and closed after it has ended.
    /// Guards what the loop and the server thread share.
    private let lock = NSLock()
    /// The newest frame (nil: none, or nobody was connected to keep it fresh for).
    private var latest: Data?
    /// Counts published frames, so a client knows whether it has the newest.
    private var generation = 0
    /// Set once `stop()` was called.
    private var stopping = false
    /// How many clients are connected.
    private var connected = 0
    /// The connected clients (server thread only).
    private var clients: [Client] = []
    /// The listening socket.
    private let listener: Int32
    /// The wake pipe's read end, polled with the sockets.
    private let wakeRead: Int32
    /// The wake pipe's write end: a byte wakes the thread.
    private let wakeWrite: Int32
    /// Signalled when the server thread has ended.
    private let finished = DispatchSemaphore(value: 0)
    /// Called when a client poked.
    private let onPoke: @Sendable () -> Void
    /// Called when a client connected.
    private let onConnect: @Sendable () -> Void
    /// The socket's path.
    let path: String

    /// A connected client and the frame it is being sent.
    private struct Client {
        /// Its socket.
        let fd: Int32
        /// The frame it is in the middle of (nil: none).
        var frame: Data?
        /// How much of `frame` has gone out.
        var offset = 0
        /// The generation of the newest frame it was given.
        var generation = 0
    }

    /// Listens on `path` (an old socket file there is removed first; the file is made 0600) and starts the thread.
    /// Anything else at `path` (a directory, a file) is left as it is: `AttachError.notASocket`.
    ///
    /// `onPoke` is called on the server thread when a client sent a byte, `onConnect` when a client connected
    /// (so the loop publishes a fresh snapshot for it).
    init(path: String, onPoke: @escaping @Sendable () -> Void, onConnect: @escaping @Sendable () -> Void) throws {
        self.path = path
        self.onPoke = onPoke
        self.onConnect = onConnect
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

    /// Whether any client is connected now (the loop builds snapshots only for someone).
    var hasClients: Bool { lock.withLock { connected > 0 } }

    /// Hands the newest frame to the server thread; returns at once.
    func publish(_ frame: Data) {
        lock.withLock {
            latest = frame
            generation += 1
        }
        wake()
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

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// The server thread: waits for connections, pokes, room to write and new frames.
    private func serve() {
        defer { finished.signal() }
        while true {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            fds.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            for client in clients {
                let events = Int16(POLLIN) | (client.frame != nil ? Int16(POLLOUT) : 0)
                fds.append(pollfd(fd: client.fd, events: events, revents: 0))
            }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0, errno != EINTR { break }
            let (frame, current, stop) = lock.withLock { (latest, generation, stopping) }
            if stop { break }
            if fds[1].revents != 0 { drainWakePipe() }
            var poked = false
            var index = 0
            var survivors: [Client] = []
            for var client in clients {
                let revents = fds[2 + index].revents
                index += 1
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                    let (sent, open) = readPokes(client.fd)
                    if sent { poked = true }
                    if !open {
                        close(client.fd)
                        continue
                    }
                }
                guard send(&client, latest: frame, generation: current) else {
                    if hangUp(client.fd) { poked = true }
                    continue
                }
                survivors.append(client)
            }
            clients = survivors
            let before = clients.count
            if fds[0].revents != 0, acceptClients(latest: frame, generation: current) { poked = true }
            let joined = clients.count > before
            lock.withLock {
                connected = clients.count
                // With nobody listening the loop stops building snapshots: the last one would go stale.
                if clients.isEmpty { latest = nil }
            }
            if poked { onPoke() }
            if joined { onConnect() }
        }
        // A last try to hand each client the final frame (what it can take now), then close.
        let (frame, current) = lock.withLock { (latest, generation) }
        for var client in clients {
            _ = send(&client, latest: frame, generation: current)
            close(client.fd)
        }
        clients = []
        lock.withLock { connected = 0 }
    }

    /// Sends what a client can take now, moving it to the newest frame once it has its current one; false when
    /// the client is gone.
    private func send(_ client: inout Client, latest: Data?, generation: Int) -> Bool {
        if client.frame == nil, let latest, client.generation < generation {
            client.frame = latest
            client.offset = 0
            client.generation = generation
        }
        guard let frame = client.frame else { return true }
        guard let offset = UnixSocket.send(client.fd, frame, from: client.offset) else { return false }
        if offset >= frame.count {
            client.frame = nil
            client.offset = 0
            // A newer frame may have come while this one went out: start it now.
            if let latest, client.generation < generation {
                return send(&client, latest: latest, generation: generation)
            }
        } else {
            client.offset = offset
        }
        return true
    }

    /// Reads what a client sent: whether it poked, and whether it is still connected.
    private func readPokes(_ fd: Int32) -> (poked: Bool, open: Bool) {
        var buffer = [UInt8](repeating: 0, count: 256)
        var poked = false
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count > 0 {
                poked = true
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return (poked, true) }
            return (poked, false)
        }
    }

    /// Accepts every waiting connection; returns whether one of them already poked (a command line pokes and
    /// hangs up at once, maybe before it could be sent anything).
    private func acceptClients(latest: Data?, generation: Int) -> Bool {
        var poked = false
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return poked
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            UnixSocket.setNonBlocking(fd)
            let (sent, open) = readPokes(fd)
            if sent { poked = true }
            var client = Client(fd: fd)
            if !open {
                close(fd)
            } else if send(&client, latest: latest, generation: generation) {
                clients.append(client)
            } else if hangUp(fd) {
                poked = true
            }
        }
    }

    /// Closes a client that is gone, reading what it sent just before (a poke counts even from a hung-up
    /// client); returns whether it poked.
    private func hangUp(_ fd: Int32) -> Bool {
        let (poked, _) = readPokes(fd)
        close(fd)
        return poked
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }
}
