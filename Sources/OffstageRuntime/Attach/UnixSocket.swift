import Foundation
import Glibc

/// The few socket calls the attach channel needs, on Unix stream sockets.
enum UnixSocket {
    /// The socket file of a home's engine.
    static func path(home: String) -> String { home + "/engine.sock" }

    /// What is at `path` when it is neither absent nor a socket ("a directory", "a regular file", …), else nil.
    static func occupant(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFSOCK: return nil
        case S_IFDIR: return "a directory"
        case S_IFREG: return "a regular file"
        case S_IFLNK: return "a symbolic link"
        case S_IFIFO: return "a named pipe"
        default: return "a device file"
        }
    }

    /// A new close-on-exec stream socket.
    static func make() throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw AttachError.system("socket", errno) }
        return fd
    }

    /// Calls `body` with the address of `path`.
    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) throws -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw AttachError.pathTooLong(path) }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// Makes a descriptor non-blocking.
    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }

    /// Sends as much of `data[offset...]` as the socket takes now; returns the new offset, or nil when the peer
    /// is gone. Never raises SIGPIPE.
    static func send(_ fd: Int32, _ data: Data, from offset: Int) -> Int? {
        var offset = offset
        while offset < data.count {
            let sent = data.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.send(fd, base + offset, data.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if sent > 0 {
                offset += sent
                continue
            }
            if sent < 0, errno == EINTR { continue }
            if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK { return offset }
            return nil
        }
        return offset
    }
}
