import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connection to one Offstage SQLite file through the C API.
///
/// Not thread-safe: one instance is used by one thread at a time (`Store` serialises access).
/// Opening never modifies a file that is not ours, is damaged, or has a newer schema: all checks
/// (`application_id`, `quick_check`, `user_version`) run before the first write.
final class Database {
    /// The fixed `application_id` of Offstage stores: "OFST".
    static let applicationID: Int32 = 0x4F46_5354

    /// The database file.
    let path: String
    /// Whether the connection was opened with `SQLITE_OPEN_READONLY`.
    let isReadOnly: Bool
    /// The connection handle.
    let handle: OpaquePointer
    /// Prepared statements by SQL text.
    var statements: [String: OpaquePointer] = [:]
    /// Whether a transaction opened by `transaction` is in progress.
    var inTransaction = false
    /// The files a writer opened, to notice them removed or replaced (nil: read-only).
    var files: StoreFiles?
    /// Set once a file was found removed or replaced: every later write is refused with it.
    var lostFiles: StoreError?
    /// Whether `close()` already ran (the handle must be closed exactly once).
    private var isClosed = false

    /// Opens (and, unless read-only, creates and migrates) the store at `path`; `immutable` (read-only only)
    /// reads the file alone, without the write-ahead log's shared-memory index or locks.
    init(path: String, readOnly: Bool, immutable: Bool = false, migrations: [Migration] = Schema.migrations) throws {
        self.path = path
        self.isReadOnly = readOnly
        // Writers hold the guard from the first look at the file: a store being made is never seen half made.
        let guardFile = readOnly ? nil : try OpenGuard(path: path + ".lock")
        defer { guardFile?.release() }
        switch try FileSystem.storeFile(path) {
        case .absent:
            if readOnly { throw StoreError.missing(path) }
            try Database.createStore(path)
        case .empty:
            throw StoreError.emptied(path)
        case .regular:
            break
        }
        var connection: OpaquePointer?
        let flags =
            (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOFOLLOW
            | SQLITE_OPEN_FULLMUTEX | (immutable ? SQLITE_OPEN_URI : 0)
        let name = readOnly && immutable ? Database.immutableURI(path) : path
        let code = sqlite3_open_v2(name, &connection, flags, nil)
        guard let connection else {
            throw StoreError.sqlite(code: code, message: "cannot open \(path)")
        }
        handle = connection
        if code != SQLITE_OK {
            let system = sqlite3_system_errno(connection)
            let failure =
                code & 0xFF == SQLITE_CANTOPEN && system != 0
                ? StoreError.system("open", path: path, code: system)
                : StoreError.sqlite(code: code, message: String(cString: sqlite3_errmsg(connection)))
            close()
            throw failure
        }
        do {
            // Writers check, switch to WAL and migrate one at a time (under the guard taken above): SQLite alone
            // lets two processes creating the same new store trip over each other's half-made schema (busy or foreign).
            try configure(migrations: migrations)
            recordFiles()
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Whether the write-ahead log beside `path` exists and holds anything (commits not yet in the file).
    static func hasWALContent(_ path: String) -> Bool {
        var info = stat()
        return lstat(path + "-wal", &info) == 0 && info.st_size > 0
    }

    /// `file:PATH?immutable=1`, the path escaped as a URI filename.
    static func immutableURI(_ path: String) -> String {
        let escaped = path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
            .replacingOccurrences(of: "#", with: "%23")
        return "file:" + escaped + "?immutable=1"
    }

    /// Finalises every statement and closes the connection (once; later calls do nothing).
    /// The last connection to close checkpoints the WAL and removes it.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        for statement in statements.values {
            sqlite3_finalize(statement)
        }
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    private func configure(migrations: [Migration]) throws {
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 5000)
        // Checks first, writes after: a foreign, damaged or newer file is never modified.
        let identity = try check(knownVersion: migrations.count)
        if isReadOnly {
            if identity.isBlank { throw StoreError.missing(path) }
            if identity.version < migrations.count {
                throw StoreError.needsUpgrade(path, found: identity.version, supported: migrations.count)
            }
            return
        }
        let mode = try scalarText("PRAGMA journal_mode=WAL")
        guard mode.lowercased() == "wal" else {
            throw StoreError.sqlite(code: SQLITE_ERROR, message: "cannot switch \(path) to WAL (got \(mode))")
        }
        try execute("PRAGMA synchronous=FULL")
        try execute("PRAGMA foreign_keys=ON")
        try Schema.migrate(self, from: identity.version, migrations: migrations)
        try tightenCompanionFiles()
        try keepLogFiles()
    }

    /// Leaves the `-wal` and `-shm` files in place when the last connection closes: every command then reopens them
    /// instead of creating two files and removing them again (two inode allocations and two unlinks a command). The
    /// log is emptied instead (`journal_size_limit` 0: truncated once it is checkpointed), so a log with anything in
    /// it still means commits not yet in the database (`hasWALContent`).
    private func keepLogFiles() throws {
        try execute("PRAGMA journal_size_limit=0")
        var persist: Int32 = 1
        // Advisory: a VFS that refuses leaves SQLite's default (the files removed), which is as safe.
        _ = sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    }

    /// What the checks found: the schema version, and whether the file is a blank SQLite database.
    private struct Identity {
        var version: Int
        var isBlank: Bool
    }

    private func check(knownVersion: Int) throws -> Identity {
        // A file that is not SQLite fails here with SQLITE_NOTADB, mapped to `.foreign`. One statement reads
        // all three, so another process creating the same new store cannot be seen half done (tables without
        // the application id would look foreign).
        let identity = try query(
            """
            SELECT (SELECT application_id FROM pragma_application_id()), (SELECT user_version FROM pragma_user_version()),
                (SELECT count(*) FROM sqlite_master)
            """, table: "identity"
        ) { ($0.int64(0), Int($0.int64(1)), $0.int64(2)) }
        guard let (application, version, objects) = identity.first else {
            throw StoreError.sqlite(code: SQLITE_ERROR, message: "cannot read the identity of \(path)")
        }
        let isBlank = application == 0 && version == 0 && objects == 0
        guard application == Int64(Database.applicationID) || isBlank else {
            throw StoreError.foreign(path)
        }
        let report = try query("PRAGMA quick_check", table: "quick_check") { $0.string(0) }
        if report != ["ok"] {
            throw StoreError.corrupt(path, StoreError.damageReport(report))
        }
        if version > knownVersion {
            throw StoreError.tooNew(path, found: version, supported: knownVersion)
        }
        return Identity(version: version, isBlank: isBlank)
    }

    /// Sets the `-wal` and `-shm` files to 0600 when they exist (SQLite copies the database's mode,
    /// this guards against an unusual umask or an older file).
    func tightenCompanionFiles() throws {
        for suffix in ["-wal", "-shm"] {
            let companion = path + suffix
            if let mode = FileSystem.mode(companion), mode != 0o600 {
                try FileSystem.changeMode(companion, 0o600)
            }
        }
    }

    /// Runs `PRAGMA integrity_check` and returns its report ("ok" when fine).
    func integrityCheck() throws -> String {
        try query("PRAGMA integrity_check", table: "integrity_check") { $0.string(0) }.joined(separator: "\n")
    }

    /// Checkpoints the WAL into the database and truncates it.
    func checkpoint() throws {
        let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
        if code != SQLITE_OK {
            throw failure(code)
        }
    }
}
