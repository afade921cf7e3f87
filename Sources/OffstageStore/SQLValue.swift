import CSQLite
import Foundation

/// A value bound to a statement parameter.
enum SQLValue: Equatable {
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text; the empty string stays empty, distinct from NULL.
    case text(String)
    /// Bytes; empty data stays an empty blob, distinct from NULL.
    case blob(Data)
    /// NULL.
    case null

    /// An integer from an `Int`.
    static func int(_ value: Int) -> SQLValue { .integer(Int64(value)) }
    /// 0 or 1.
    static func bool(_ value: Bool) -> SQLValue { .integer(value ? 1 : 0) }
    /// Seconds since 1970 as REAL.
    static func date(_ value: Date) -> SQLValue { .real(value.timeIntervalSince1970) }
    /// Text or NULL.
    static func text(_ value: String?) -> SQLValue { value.map { .text($0) } ?? .null }
    /// An integer or NULL.
    static func int(_ value: Int?) -> SQLValue { value.map { .integer(Int64($0)) } ?? .null }
    /// Seconds since 1970 or NULL.
    static func date(_ value: Date?) -> SQLValue { value.map { .date($0) } ?? .null }

    /// Binds the value to a 1-based parameter index.
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .integer(let value):
            return sqlite3_bind_int64(statement, index, value)
        case .real(let value):
            return sqlite3_bind_double(statement, index, value)
        case .text(let value):
            var value = value
            return value.withUTF8 { bytes in
                // A non-null pointer even for "" so the empty string is not bound as NULL.
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    if let base = chars.baseAddress {
                        return offstage_sqlite_bind_text(statement, index, base, Int32(chars.count))
                    }
                    return offstage_sqlite_bind_text(statement, index, "", 0)
                }
            }
        case .blob(let value):
            if value.isEmpty {
                return sqlite3_bind_zeroblob(statement, index, 0)
            }
            return value.withUnsafeBytes { bytes in
                offstage_sqlite_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count))
            }
        case .null:
            return sqlite3_bind_null(statement, index)
        }
    }
}

/// The current row of a stepping statement; valid only inside the closure it is passed to.
struct Row {
    let statement: OpaquePointer
    /// The table being read, for error messages.
    let table: String

    /// Whether the column is NULL.
    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(statement, column) == SQLITE_NULL
    }

    /// A 64-bit integer column.
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    /// An integer column as `Int`.
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
    /// A REAL column.
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    /// A 0/1 column.
    func bool(_ column: Int32) -> Bool { sqlite3_column_int64(statement, column) != 0 }
    /// A REAL seconds-since-1970 column.
    func date(_ column: Int32) -> Date { Date(timeIntervalSince1970: double(column)) }

    /// A text column; NULL reads as the empty string.
    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(statement, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// A blob column; NULL reads as empty data.
    func data(_ column: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// A nullable text column.
    func optionalString(_ column: Int32) -> String? { isNull(column) ? nil : string(column) }
    /// A nullable integer column.
    func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }
    /// A nullable 64-bit integer column.
    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }
    /// A nullable date column.
    func optionalDate(_ column: Int32) -> Date? { isNull(column) ? nil : date(column) }

    /// A text column holding an enum's raw value; an unknown value is an `invalidRow` error.
    func enumeration<T: RawRepresentable>(_ column: Int32, _ type: T.Type) throws -> T where T.RawValue == String {
        let raw = string(column)
        guard let value = T(rawValue: raw) else {
            throw StoreError.invalidRow(table: table, detail: "unknown \(T.self) '\(raw)'")
        }
        return value
    }
}
