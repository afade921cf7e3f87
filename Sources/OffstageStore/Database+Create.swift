import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Database {
    /// Makes a new store at `path` that is never 0 bytes long, so an empty file always means lost contents: the
    /// first page (with Offstage's `application_id`, in WAL mode) is written to `<path>.new`, synced, and renamed
    /// into place.
    /// The caller holds the open guard; the schema is added by the normal open that follows.
    static func createStore(_ path: String) throws {
        let fresh = path + ".new"
        _ = unlink(fresh)  // a leftover of a kill during an earlier creation
        for companion in ["-journal", "-wal", "-shm"] { _ = unlink(fresh + companion) }
        try FileSystem.createFile(fresh, mode: 0o600)
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(fresh, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, nil)
        defer { sqlite3_close_v2(connection) }
        guard code == SQLITE_OK, let connection else {
            throw StoreError.sqlite(code: code, message: "cannot create \(fresh)")
        }
        // No journal and no syncs while the file is private (it is synced once before the rename), and already in
        // WAL mode, so the open that follows switches nothing: eight syncs fewer for every new home.
        let written = sqlite3_exec(
            connection,
            "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA application_id = \(applicationID); "
                + "PRAGMA journal_mode = WAL", nil, nil, nil)
        guard written == SQLITE_OK else {
            throw StoreError.sqlite(code: written, message: String(cString: sqlite3_errmsg(connection)))
        }
        let fd = open(fresh, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            Glibc.close(fd)
        }
        try FileSystem.rename(fresh, to: path)
        FileSystem.syncDirectory(of: path)
    }
}
