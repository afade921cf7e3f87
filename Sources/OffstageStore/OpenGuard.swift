import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock` on a small file beside the database, held while a writer opens and migrates it.
///
/// A separate file, never the database itself: closing any descriptor of the database would drop
/// SQLite's own POSIX locks on it. The lock goes when the process dies, so a crash never leaves it held.
struct OpenGuard {
    private let descriptor: Int32

    /// Opens (creating 0600, never through a link) and locks the guard file, waiting for other openers.
    init(path: String) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == ELOOP { throw StoreError.symlink(path) }  // O_NOFOLLOW met a link
            throw StoreError.system("open", path: path)
        }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = systemReason()
                close(fd)
                throw StoreError.fileSystem(operation: "lock", path: path, reason: reason)
            }
        }
        descriptor = fd
    }

    /// Unlocks and closes.
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
