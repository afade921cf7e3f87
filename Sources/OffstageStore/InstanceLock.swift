import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The advisory lock that makes one process the owner of a home's transfer engine.
///
/// An exclusive `flock` on `offstage.lock` (created 0600, never through a symbolic link) holding the
/// owner's pid. The kernel drops the lock when the process dies, so a crash never leaves a stale owner.
/// `flock` locks belong to an open file description: a second `acquire` in the same process fails too.
public final class InstanceLock: @unchecked Sendable {
    // Safety: `descriptor` is only read or written while `mutex` is held.
    private let mutex = NSLock()
    private var descriptor: Int32
    /// The home whose lock this is.
    public let home: OffstageHome

    private init(descriptor: Int32, home: OffstageHome) {
        self.descriptor = descriptor
        self.home = home
    }

    deinit {
        release()
    }

    /// Takes the home's lock without waiting, or throws `StoreError.locked` naming the owner's pid.
    public static func acquire(home: OffstageHome) throws -> InstanceLock {
        let path = home.lockPath
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw StoreError.symlink(path) }  // O_NOFOLLOW met a link
            throw StoreError.system("open", path: path)
        }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            let pid = readPID(fd)
            close(fd)
            if code == EWOULDBLOCK {
                throw StoreError.locked(pid: pid ?? 0, home: home.path)
            }
            throw StoreError.system("lock", path: path, code: code)
        }
        guard fchmod(fd, 0o600) == 0, ftruncate(fd, 0) == 0 else {
            let code = errno
            close(fd)
            throw StoreError.system("write", path: path, code: code)
        }
        let text = Array("\(getpid())\n".utf8)
        let written = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
        guard written == text.count else {
            let code = written < 0 ? errno : ENOSPC  // a short write of a few bytes: no room left
            close(fd)
            throw StoreError.system("write", path: path, code: code)
        }
        return InstanceLock(descriptor: fd, home: home)
    }

    /// The pid of the live process holding the home's lock, or nil when nobody holds it.
    ///
    /// Decided by a non-blocking `flock` attempt, not by the pid file alone. An owner that has just
    /// taken the lock and not yet written its pid is reported as pid 0.
    public static func owner(home: OffstageHome) -> Int32? {
        let fd = open(home.lockPath, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        if flock(fd, LOCK_SH | LOCK_NB) == 0 {
            flock(fd, LOCK_UN)
            return nil
        }
        return readPID(fd) ?? 0
    }

    /// Whether this lock is still held.
    public var isHeld: Bool {
        mutex.withLock { descriptor >= 0 }
    }

    /// Empties the pid file and releases the lock; calling it again does nothing.
    public func release() {
        mutex.withLock {
            guard descriptor >= 0 else { return }
            _ = ftruncate(descriptor, 0)
            flock(descriptor, LOCK_UN)
            close(descriptor)
            descriptor = -1
        }
    }

    private static func readPID(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self)
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
