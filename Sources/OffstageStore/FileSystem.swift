import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small POSIX helpers with errors that name the path and the system's reason.
enum FileSystem {
    /// Whether anything (following symbolic links) exists at the path.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// The permission bits of the file at the path (following symbolic links), or nil when absent.
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Creates a directory with exactly `mode`, or checks an existing one (tightening it when asked).
    /// A directory that must be the home's own (`tighten`) is never a symbolic link.
    static func makeDirectory(_ path: String, mode: mode_t, createParents: Bool, tighten: Bool) throws {
        var info = stat()
        if tighten, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { throw StoreError.symlink(path) }
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw StoreError.fileSystem(operation: "use", path: path, reason: "it exists and is not a directory")
            }
            if tighten && info.st_mode & 0o7777 != mode {
                try changeMode(path, mode)
            }
            return
        }
        if createParents {
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty && parent != path && !exists(parent) {
                try makeParents(parent)
            }
        }
        if mkdir(path, mode) != 0 && errno != EEXIST {
            throw StoreError.system("create directory", path: path)
        }
        // mkdir applies the umask; set the exact mode.
        try changeMode(path, mode)
    }

    /// Creates missing ancestors with the usual 0777-under-umask mode, as `mkdir -p` does.
    private static func makeParents(_ path: String) throws {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path && !exists(parent) {
            try makeParents(parent)
        }
        if mkdir(path, 0o777) != 0 && errno != EEXIST {
            throw StoreError.system("create directory", path: path)
        }
    }

    /// Sets the permission bits of a path.
    static func changeMode(_ path: String, _ mode: mode_t) throws {
        if chmod(path, mode) != 0 {
            throw StoreError.system("set permissions on", path: path)
        }
    }

    /// Creates an empty file with exactly `mode`, never through a symbolic link. When another process
    /// created the file first, that file is left alone (it is checked like any existing file).
    static func createFile(_ path: String, mode: mode_t) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        if fd < 0 && errno == EEXIST {
            return
        }
        guard fd >= 0 else {
            throw StoreError.system("create", path: path)
        }
        defer { close(fd) }
        if fchmod(fd, mode) != 0 {
            throw StoreError.system("set permissions on", path: path)
        }
    }
}

/// What is at a store's path, before SQLite is let near it.
enum StoreFile {
    /// Nothing: the store was never made.
    case absent
    /// A regular file of 0 bytes: a store that lost its contents (a new store is never left empty).
    case empty
    /// A regular file with contents.
    case regular
}

extension FileSystem {
    /// Looks at the store's path without following a link: a symlink or anything but a regular file is refused
    /// with a sentence saying so.
    static func storeFile(_ path: String) throws -> StoreFile {
        var info = stat()
        // SQLite's NOFOLLOW covers the database only: its journal files must not be links either.
        for companion in [path + "-wal", path + "-shm", path + "-journal"]
        where lstat(companion, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK {
            throw StoreError.symlink(companion)
        }
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return .absent }
            throw StoreError.system("look at", path: path)
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: throw StoreError.symlink(path)
        case S_IFREG: return info.st_size == 0 ? .empty : .regular
        default: throw StoreError.notAFile(path)
        }
    }

    /// Renames a file into place (replacing nothing that is not ours to replace: the caller holds the guard).
    static func rename(_ source: String, to destination: String) throws {
        if Glibc.rename(source, destination) != 0 {
            throw StoreError.system("rename \(source) to", path: destination)
        }
    }

    /// Makes the entries of the folder holding `path` durable.
    static func syncDirectory(of path: String) {
        let fd = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
