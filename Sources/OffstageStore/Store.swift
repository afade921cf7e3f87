import Foundation

/// The repository API over one home's SQLite store: tasks, sessions, the event log, the command
/// inbox, the delivery outbox and the device conditions.
///
/// Every method is safe to call from any thread: calls are serialised by an internal lock, so one
/// instance behaves as if confined to a single thread. Each write is one transaction.
public final class Store: @unchecked Sendable {
    // Safety: `database` and `applyHook` are only touched inside `lock.withLock`, which serialises
    // every call; the SQLite connection is therefore never used by two threads at once.
    private let lock = NSLock()
    private var database: Database?
    private var applyHook: ((String) throws -> Void)?

    /// The home this store belongs to.
    public let home: OffstageHome
    /// Whether the store was opened read-only.
    public let isReadOnly: Bool

    private init(database: Database, home: OffstageHome) {
        self.database = database
        self.home = home
        self.isReadOnly = database.isReadOnly
    }

    /// Opens the home's store, creating the home and the database when needed (unless read-only).
    ///
    /// Throws `StoreError.foreign`, `.corrupt` or `.tooNew` without touching the file, and
    /// `.missing` for a read-only open of a home that has no store yet.
    public static func open(home: OffstageHome, readOnly: Bool = false) throws -> Store {
        if !readOnly {
            try home.prepare()
        }
        do {
            return Store(database: try Database(path: home.databasePath, readOnly: readOnly), home: home)
        } catch StoreError.diskFull where readOnly && !Database.hasWALContent(home.databasePath) {
            // A reader on a full disk: SQLite cannot make room for its shared-memory index. With no write-ahead
            // log holding commits the database file does not have, the file alone is the whole store: read it
            // as immutable (no index, no locks), so a read never fails for want of space it does not write.
            return Store(database: try Database(path: home.databasePath, readOnly: true, immutable: true), home: home)
        }
    }

    /// The schema version this build reads and writes.
    public static var schemaVersion: Int { Schema.currentVersion }

    /// Closes the connection; later calls throw `StoreError.closed`.
    public func close() {
        lock.withLock {
            database?.close()
            database = nil
        }
    }

    /// Runs `PRAGMA integrity_check`: "ok" when the store is sound, otherwise SQLite's report.
    public func integrityCheck() throws -> String {
        try withDatabase { try $0.integrityCheck() }
    }

    /// Copies the WAL into the database file and truncates it, for a clean shutdown.
    public func checkpoint() throws {
        try withDatabase { try $0.checkpoint() }
    }

    /// Checks that the database and its write-ahead log are still the files this store opened (two `lstat` calls);
    /// throws `StoreError.filesChanged` when one was removed or replaced, after saving what the log holds into the
    /// database where it can (every commit checks this first; the engine also looks between commits).
    public func checkFiles() throws {
        try withDatabase { try $0.checkFiles() }
    }

    /// Runs `body` with the open connection while holding the lock.
    @discardableResult
    func withDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        try lock.withLock {
            guard let database else { throw StoreError.closed }
            return try body(database)
        }
    }

    /// Runs `body` in one write transaction while holding the lock.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try withDatabase { database in
            if database.isReadOnly { throw StoreError.readOnly(database.path) }
            return try database.transaction { try body(database) }
        }
    }

    /// Test-only: `hook` is called inside `apply`'s transaction after each part is written, with its
    /// name; throwing from it simulates a failure half-way through.
    func setApplyHook(_ hook: ((String) throws -> Void)?) {
        lock.withLock { applyHook = hook }
    }

    /// Calls the test hook, if any (with the lock already held).
    func hook(_ part: String) throws {
        try applyHook?(part)
    }
}
