import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file's identity: its device and inode number.
struct FileIdentity: Equatable {
    /// The device holding it.
    let device: UInt64
    /// Its inode number on that device.
    let inode: UInt64

    /// The identity of what is at `path` now (a link itself, not followed), or nil when nothing is.
    static func of(_ path: String) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

/// The files a writer's connection opened: the database and its write-ahead log, as they were then.
///
/// SQLite keeps writing through the descriptors it holds, so a file removed or replaced at its path would take
/// every later commit with it (a removed log: lost at the next kill, while other processes fail on the log made
/// in its place). While the connection is open neither inode can be reused, so comparing the paths' identities
/// with these, two `lstat` calls, tells whether they are still the files it writes.
struct StoreFiles {
    /// The database file.
    let database: FileIdentity
    /// The write-ahead log (nil until it exists).
    var log: FileIdentity?
}

/// How a store's file changed under an open store.
public enum StoreFileChange: String, Sendable, Equatable {
    /// Nothing is at its path any more (removed or moved away).
    case removed
    /// Another file is at its path.
    case replaced
}

extension Database {
    /// Remembers the files this writer opened (called once its checks and migrations ran).
    func recordFiles() {
        guard !isReadOnly, let database = FileIdentity.of(path) else { return }
        files = StoreFiles(database: database, log: FileIdentity.of(path + "-wal"))
    }

    /// Whether the store's files are still the ones this connection writes; throws `.filesChanged` when not (then
    /// also for every later write: see `settle`).
    func checkFiles() throws {
        if let lostFiles { throw lostFiles }
        if let change = changedFile() { throw settle(change) }
    }

    /// The first file found removed or replaced since it was opened, as `.filesChanged` (not yet settled), or nil.
    func changedFile() -> StoreError? {
        guard var files else { return nil }
        let database = FileIdentity.of(path)
        if database != files.database {
            return .filesChanged(path, change: database == nil ? .removed : .replaced, saved: false)
        }
        let log = FileIdentity.of(path + "-wal")
        guard let opened = files.log else {
            files.log = log
            self.files = files
            return nil
        }
        guard log != opened else { return nil }
        return .filesChanged(path + "-wal", change: log == nil ? .removed : .replaced, saved: false)
    }

    /// After a change was found (any transaction rolled back): copies everything the log holds into the database
    /// through the descriptors SQLite still has (a log removed or replaced: the commits are saved into the database;
    /// the database replaced: the log is emptied, so a kill now cannot leave old pages to be applied to the file in
    /// its place), and from then on refuses every write with the returned error.
    func settle(_ change: StoreError) -> StoreError {
        guard case .filesChanged(let file, let kind, _) = change else { return change }
        let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        let settled = StoreError.filesChanged(file, change: kind, saved: file != path && code == SQLITE_OK)
        lostFiles = settled
        return settled
    }
}
