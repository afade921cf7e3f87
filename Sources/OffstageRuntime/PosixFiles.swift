import Foundation

/// The few POSIX file operations finalisation needs, with errno turned into values.
enum PosixFiles {
    /// A failed system call: its errno and the system's message.
    struct Failure: Error {
        /// The errno value.
        let code: Int32
        /// `strerror` text.
        var message: String { String(cString: strerror(code)) }
    }

    /// Whether anything (even a dangling symlink) exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Whether two paths name the same inode.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard lstat(a, &first) == 0, lstat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Whether `copy`, on another file system than `original`, holds the same bytes: a copy that
    /// cross-device finalisation already put in place before a kill.
    static func isCopyAcrossDevices(of original: String, at copy: String) -> Bool {
        var first = stat()
        var second = stat()
        guard lstat(original, &first) == 0, lstat(copy, &second) == 0 else { return false }
        guard first.st_dev != second.st_dev, first.st_size == second.st_size else { return false }
        guard let a = FileHandle(forReadingAtPath: original), let b = FileHandle(forReadingAtPath: copy) else {
            return false
        }
        defer {
            try? a.close()
            try? b.close()
        }
        while true {
            let left = (try? a.read(upToCount: 1 << 20)) ?? nil
            let right = (try? b.read(upToCount: 1 << 20)) ?? nil
            guard left == right else { return false }
            if left?.isEmpty ?? true { return true }
        }
    }

    /// Creates a hard link; fails with EEXIST instead of replacing anything.
    static func link(_ source: String, to destination: String) -> Result<Void, Failure> {
        Glibc.link(source, destination) == 0 ? .success(()) : .failure(Failure(code: errno))
    }

    /// Removes a file; a missing file is not an error.
    static func remove(_ path: String) -> Failure? {
        if unlink(path) == 0 || errno == ENOENT { return nil }
        return Failure(code: errno)
    }

    /// Sets the permission bits of the regular file at `path` (never following a symlink) and syncs them (unless
    /// `sync` is false: then `syncFile` follows).
    static func setMode(_ mode: mode_t, of path: String, sync: Bool = true) -> Failure? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return Failure(code: errno) }
        defer { close(fd) }
        guard fchmod(fd, mode) == 0 else { return Failure(code: errno) }
        return !sync || fsync(fd) == 0 ? nil : Failure(code: errno)
    }

    /// Makes the file at `path` durable, its inode (mode, links) included (never following a symlink).
    static func syncFile(_ path: String) -> Failure? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return Failure(code: errno) }
        defer { close(fd) }
        return fsync(fd) == 0 ? nil : Failure(code: errno)
    }

    /// The process's umask, read from `/proc/self/status` (setting it to read it back would race other
    /// threads' file creation); 022 when that line is missing.
    static func currentUmask() -> mode_t {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
            let value = mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8)
        else { return 0o022 }
        return value & 0o777
    }

    /// Creates a folder and its parents (0700 for new ones, under the umask); a folder already there is fine, and a
    /// failure says why (`mkdir`'s errno: no permission, a file in the way, a full disk).
    static func makeDirectory(_ path: String) -> Failure? {
        if mkdir(path, 0o700) == 0 { return nil }
        let code = errno
        switch code {
        case EEXIST:
            var info = stat()
            guard stat(path, &info) == 0 else { return Failure(code: errno) }
            return info.st_mode & S_IFMT == S_IFDIR ? nil : Failure(code: ENOTDIR)
        case ENOENT:
            let parent = (path as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != path else { return Failure(code: code) }
            if let failure = makeDirectory(parent) { return failure }
            return mkdir(path, 0o700) == 0 || errno == EEXIST ? nil : Failure(code: errno)
        default:
            return Failure(code: code)
        }
    }

    /// Makes a folder's entries durable (a rename or link is not durable until its folder is synced).
    static func syncDirectory(of path: String) {
        let directory = (path as NSString).deletingLastPathComponent
        let fd = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    /// The bytes an unprivileged process may still write on the file system that holds `path` (nil when it cannot
    /// be measured).
    static func freeBytes(at path: String) -> Int64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        let (bytes, overflow) = Int64(info.f_bavail).multipliedReportingOverflow(by: Int64(info.f_frsize))
        return overflow ? Int64.max : bytes
    }

    /// Copies a file into a new file (never replacing one), synced before returning.
    static func copy(_ source: String, to destination: String) -> Failure? {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { return Failure(code: errno) }
        defer { close(input) }
        _ = unlink(destination)
        let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else { return Failure(code: errno) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 { return Failure(code: errno) }
            var written = 0
            while written < count {
                let n = buffer.withUnsafeBytes { write(output, $0.baseAddress.map { $0 + written }, count - written) }
                if n < 0 { return Failure(code: errno) }
                written += n
            }
        }
        return fdatasync(output) == 0 ? nil : Failure(code: errno)
    }
}
