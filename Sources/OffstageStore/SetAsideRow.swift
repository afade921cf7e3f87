import Foundation

/// A stored row the engine cannot use (an out-of-range number or date, an unknown state, undecodable JSON):
/// loading skips it, the runtime reports it once as `row-set-aside`, and the rest of the home carries on.
public struct SetAsideRow: Error, Sendable, Equatable, CustomStringConvertible {
    /// The table it is in, e.g. `tasks`.
    public var table: String
    /// Which row, e.g. `task 7` or `session com.example.bg`.
    public var row: String
    /// What is wrong with it, one line.
    public var reason: String

    /// A row set aside.
    public init(table: String, row: String, reason: String) {
        self.table = table
        self.row = row
        self.reason = reason
    }

    /// `task 7 (table tasks): earliest_begin_date 1e+308 is out of range`.
    public var description: String { "\(row) (table \(table)): \(reason)" }
}

/// Range checks for values read back from the store: what the engine could not use is an `invalidRow`.
enum StoredValue {
    /// Seconds since 1970 that a stored date may hold: within ±3000 years of 1970 (finite, so every
    /// interval computed from it stays finite too).
    static let dateRange: ClosedRange<Double> = -95_000_000_000...95_000_000_000

    /// Throws unless `date` (column `name`) is a sane date.
    static func check(_ date: Date?, _ name: String, table: String) throws {
        guard let date else { return }
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, dateRange.contains(seconds) else {
            throw StoreError.invalidRow(table: table, detail: "\(name) \(seconds) is out of range")
        }
    }

    /// Throws unless `value` (column `name`) is within `range`.
    static func check<T: Comparable>(_ value: T?, _ name: String, in range: ClosedRange<T>, table: String) throws {
        guard let value else { return }
        guard range.contains(value) else {
            throw StoreError.invalidRow(table: table, detail: "\(name) \(value) is out of range")
        }
    }

    /// Throws unless `value` (column `name`) is finite and within `range`.
    static func check(_ value: Double, _ name: String, in range: ClosedRange<Double>, table: String) throws {
        guard value.isFinite, range.contains(value) else {
            throw StoreError.invalidRow(table: table, detail: "\(name) \(value) is out of range")
        }
    }
}
