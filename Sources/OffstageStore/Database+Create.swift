import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Database {
    /// Makes a new store at `path` that is never 0 bytes long, so an empty file always means lost contents: the
    /// first page (with Offstage's `application_id`) is written to `<path>.new`, synced, and renamed into place.
    /// The caller holds the open guard; the schema is added by the normal open that follows.
    static func createStore(_ path: String) throws {
        let fresh = path + ".new"
        _ = unlink(fresh)  // a leftover of a kill during an earlier creation
        _ = unlink(fresh + "-journal")
        try FileSystem.createFile(fresh, mode: 0o600)
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(fresh, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW, nil)
        defer { sqlite3_close_v2(connection) }
        guard code == SQLITE_OK, let connection else {
            throw StoreError.sqlite(code: code, message: "cannot create \(fresh)")
        }
        let written = sqlite3_exec(connection, "PRAGMA application_id = \(applicationID)", nil, nil, nil)
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
