import CCurl
import Glibc

/// Wakes the engine thread from any thread: an eventfd that the engine's wait watches beside libcurl's sockets.
///
/// Created with the engine and closed when the engine goes (`close()`), so a wake from another thread never
/// writes to a descriptor number that was reused.
struct EngineWakeup: Sendable {
    /// The eventfd, or -1 when the system refused one (then only timeouts wake the thread).
    let fd: Int32

    /// A new eventfd (non-blocking, close-on-exec).
    init() {
        fd = offstage_eventfd()
    }

    /// Makes the eventfd readable, so a wait returns. Safe from any thread.
    func signal() {
        guard fd >= 0 else { return }
        var one: UInt64 = 1
        _ = write(fd, &one, 8)
    }

    /// Resets the eventfd (the engine thread, after a wait saw it).
    func drain() {
        guard fd >= 0 else { return }
        var count: UInt64 = 0
        _ = read(fd, &count, 8)
    }

    /// Closes the eventfd.
    func close() {
        if fd >= 0 { _ = Glibc.close(fd) }
    }
}

/// The engine thread's wait: an epoll set holding libcurl's sockets (as its socket callback asks) and the wakeup.
///
/// A wait costs the sockets that are ready, not the transfers that exist: a thousand quiet connections cost
/// nothing until one of them has bytes. Not Sendable: the engine thread's only.
final class SocketWatch {
    private let epoll: Int32
    private let wakeup: EngineWakeup
    private var fds = [Int32](repeating: 0, count: 256)
    private var actions = [Int32](repeating: 0, count: 256)

    /// An epoll set watching `wakeup`; nil when the system refused one.
    init?(wakeup: EngineWakeup) {
        epoll = offstage_epoll_create()
        guard epoll >= 0 else { return nil }
        self.wakeup = wakeup
        if wakeup.fd >= 0 { _ = offstage_epoll_watch(epoll, wakeup.fd, 1, 0) }
    }

    deinit {
        Glibc.close(epoll)
    }

    /// Watches `fd` for reading and/or writing (level-triggered), or stops watching it when both are false.
    func watch(_ fd: Int32, reading: Bool, writing: Bool) {
        guard reading || writing else { return forget(fd) }
        _ = offstage_epoll_watch(epoll, fd, reading ? 1 : 0, writing ? 1 : 0)
    }

    /// Stops watching `fd` (libcurl is done with it; it may already be closed).
    func forget(_ fd: Int32) {
        _ = offstage_epoll_forget(epoll, fd)
    }

    /// Waits up to `milliseconds` and calls `ready` with each ready socket and its readiness as `CURL_CSELECT_*`
    /// bits; the wakeup is drained, not passed on. More than 256 ready sockets come back at the next wait.
    func wait(milliseconds: Int32, ready: (Int32, Int32) -> Void) {
        let count = fds.withUnsafeMutableBufferPointer { fds in
            actions.withUnsafeMutableBufferPointer { actions in
                offstage_epoll_wait(epoll, fds.baseAddress, actions.baseAddress, Int32(fds.count), milliseconds)
            }
        }
        for index in 0..<max(0, Int(count)) {
            if fds[index] == wakeup.fd {
                wakeup.drain()
            } else {
                ready(fds[index], actions[index])
            }
        }
    }
}
