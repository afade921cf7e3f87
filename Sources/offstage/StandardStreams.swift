import Glibc

/// Standard output and error, written with write(2): when the stream is gone (a closed pipe, a terminal that hung
/// up: EPIPE, EIO) the text is lost, never the process. (`FileHandle.write` traps on a failed write: a dashboard
/// whose terminal closed ended in SIGILL writing its last line.)
enum StandardStreams {
    /// Writes all of `text` to standard output.
    static func out(_ text: String) { write(text, to: STDOUT_FILENO) }

    /// Writes all of `text` to standard error.
    static func error(_ text: String) { write(text, to: STDERR_FILENO) }

    /// Writes all of `text` to `descriptor`, retrying after a signal and waiting out a full non-blocking one;
    /// gives up quietly on any other error.
    static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(descriptor, base + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
                continue
            }
            if written < 0, errno == EINTR { continue }
            if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                var ready = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                if poll(&ready, 1, 1000) > 0 { continue }
            }
            return
        }
    }
}
