import CSQLite
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Database {
    /// Runs one or more SQL statements without parameters or results (schema steps, pragmas).
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if let message { sqlite3_free(message) }
        if code != SQLITE_OK {
            throw failure(code)
        }
    }

    /// Runs one statement with parameters, discarding any rows; returns the number of rows changed.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue] = []) throws -> Int {
        _ = try query(sql, values, table: "") { _ in () }
        return Int(sqlite3_changes(handle))
    }

    /// Runs one statement with parameters and maps each result row.
    func query<T>(
        _ sql: String, _ values: [SQLValue] = [], table: String, _ map: (Row) throws -> T
    ) throws -> [T] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in values.enumerated() {
            let code = value.bind(to: statement, at: Int32(offset + 1))
            if code != SQLITE_OK { throw failure(code) }
        }
        var rows: [T] = []
        let row = Row(statement: statement, table: table)
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_ROW {
                rows.append(try map(row))
            } else if code == SQLITE_DONE {
                return rows
            } else {
                throw failure(code)
            }
        }
    }

    /// The first column of the first row as an integer (0 when there is no row).
    func scalarInteger(_ sql: String, _ values: [SQLValue] = []) throws -> Int64 {
        try query(sql, values, table: "") { $0.int64(0) }.first ?? 0
    }

    /// The first column of the first row as text ("" when there is no row).
    func scalarText(_ sql: String, _ values: [SQLValue] = []) throws -> String {
        try query(sql, values, table: "") { $0.string(0) }.first ?? ""
    }

    /// The rowid of the last successful INSERT on this connection.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in one `BEGIN IMMEDIATE` … `COMMIT` transaction, rolled back when anything throws.
    ///
    /// Nested calls join the outer transaction. Before it commits, the store's files are checked: one removed or
    /// replaced since they were opened rolls it back and refuses this and every later write (`checkFiles`).
    func transaction<T>(_ body: () throws -> T) throws -> T {
        if isReadOnly { throw StoreError.readOnly(path) }
        if let lostFiles { throw lostFiles }
        if inTransaction { return try body() }
        try execute("BEGIN IMMEDIATE")
        inTransaction = true
        defer { inTransaction = false }
        do {
            let result = try body()
            if let change = changedFile() { throw change }
            try execute("COMMIT")
            return result
        } catch {
            // SQLite may already have rolled back on its own (e.g. after SQLITE_FULL).
            if sqlite3_get_autocommit(handle) == 0 {
                _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            if case .filesChanged? = error as? StoreError { throw settle(error as? StoreError ?? .closed) }
            throw error
        }
    }

    /// The cached prepared statement for `sql`, preparing it on first use.
    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let cached = statements[sql] { return cached }
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw failure(code)
        }
        statements[sql] = statement
        return statement
    }

    /// Maps a SQLite result code (and the connection's message and errno) to a `StoreError`.
    func failure(_ code: Int32) -> StoreError {
        let message = String(cString: sqlite3_errmsg(handle))
        switch code & 0xFF {
        case SQLITE_FULL:
            return .diskFull
        case SQLITE_IOERR where sqlite3_system_errno(handle) == ENOSPC:
            return .diskFull
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .busy
        case SQLITE_NOTADB:
            return .foreign(path)
        case SQLITE_CORRUPT:
            return .corrupt(path, message)
        case SQLITE_READONLY:
            return .readOnly(path)
        default:
            return .sqlite(code: code, message: message)
        }
    }
}
