import Foundation
import Glibc
import OffstageCore

/// The attach server's thread: connections, what clients send, and the frames going out to them.
extension AttachServer {
    /// Waits for connections, client messages, room to write and new frames, until `stop()`.
    func serve() {
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
            let (handed, greeting, stop) = lock.withLock {
                defer { outgoing = [:] }
                return (outgoing, greetingFrame, stopping)
            }
            if stop { break }
            if fds[1].revents != 0 { drainWakePipe() }
            var survivors: [Client] = []
            for (index, existing) in clients.enumerated() {
                var client = existing
                if let frame = handed[client.number] {
                    client.frame = frame
                    client.offset = 0
                    client.greeting = false
                }
                let revents = fds[2 + index].revents
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, !read(&client, greeting: greeting) {
                    hangUp(client)
                    continue
                }
                guard write(&client) else {
                    hangUp(client)
                    continue
                }
                survivors.append(client)
            }
            clients = survivors
            if fds[0].revents != 0 { accept(greeting: greeting) }
            let numbers = Set(clients.map(\.number))
            lock.withLock { connected = numbers }
        }
        // A last try to hand each client what it is being sent (what it can take now), then close.
        for var client in clients {
            _ = write(&client)
            close(client.fd)
        }
        clients = []
        lock.withLock { connected = [] }
    }

    /// Reads what a client sent and acts on each whole message; false when it is gone or sent a broken message.
    private func read(_ client: inout Client, greeting: Data?) -> Bool {
        let (bytes, open) = Self.readAvailable(client.fd)
        client.input.append(bytes)
        do {
            while let message = try AttachFrame.message(from: &client.input) {
                switch message {
                case .poke:
                    events.poked()
                case .subscribe(let subscription):
                    if !client.subscribed, client.frame == nil, let greeting {
                        client.frame = greeting
                        client.offset = 0
                        client.greeting = true
                    }
                    client.subscribed = true
                    events.subscribed(client.number, subscription)
                }
            }
        } catch {
            return false
        }
        return open
    }

    /// Sends what a client can take now; false when it is gone. Reports a finished update to the loop.
    private func write(_ client: inout Client) -> Bool {
        guard let frame = client.frame else { return true }
        guard let offset = UnixSocket.send(client.fd, frame, from: client.offset) else { return false }
        guard offset >= frame.count else {
            client.offset = offset
            return true
        }
        let wasGreeting = client.greeting
        client.frame = nil
        client.offset = 0
        client.greeting = false
        if !wasGreeting { events.ready(client.number) }
        return true
    }

    /// Accepts every waiting connection; what a new client already sent (a command line pokes and hangs up at
    /// once, maybe before it could be sent anything) counts.
    private func accept(greeting: Data?) {
        while true {
            let fd = Glibc.accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            UnixSocket.setNonBlocking(fd)
            var client = Client(number: nextNumber, fd: fd)
            nextNumber += 1
            // Known as connected before its subscription is read: the loop may answer that subscription at once,
            // and an update for a client not yet known would be refused (the view then waited for a change).
            lock.withLock { _ = connected.insert(client.number) }
            if read(&client, greeting: greeting), write(&client) {
                clients.append(client)
            } else {
                hangUp(client)
            }
        }
    }

    /// Closes a client that is gone and tells the loop (when it had subscribed).
    private func hangUp(_ client: Client) {
        close(client.fd)
        if client.subscribed { events.gone(client.number) }
    }

    /// Everything a socket holds now, and whether it is still open.
    private static func readAvailable(_ fd: Int32) -> (Data, open: Bool) {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Glibc.read(fd, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return (data, true) }
            return (data, false)
        }
    }

    private func drainWakePipe() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while Glibc.read(wakeRead, &buffer, buffer.count) > 0 {}
    }
}
