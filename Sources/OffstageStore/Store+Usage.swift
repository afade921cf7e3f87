import Foundation
import OffstageCore

/// The learned usage's table (`learned_usage`, schema v7), read and written inside the scheduler's transactions.
extension Store {
    /// The learned usage, or an empty history when nothing was learned.
    ///
    /// Throws `StoreError.invalidRow` when the row's hours are not a JSON array of numbers.
    public func loadLearnedUsage() throws -> UsageHistory {
        try withDatabase { try Store.learnedUsage(in: $0) }
    }

    /// Reads the row in an open database.
    static func learnedUsage(in database: Database) throws -> UsageHistory {
        let rows = try database.query(
            "SELECT opens_by_hour, as_of, first_open FROM learned_usage WHERE id = 1", table: "learned_usage"
        ) { row in
            (row.string(0), row.double(1), row.isNull(2) ? nil : row.double(2))
        }
        guard let (json, asOf, firstOpen) = rows.first else { return UsageHistory() }
        let hours = try decodeJSON([Double].self, json, table: "learned_usage", row: "the opens by hour")
        return UsageHistory(opensByHour: hours, asOf: asOf, firstOpen: firstOpen)
    }

    /// Replaces the row inside an already open transaction (an empty history deletes it).
    static func writeLearnedUsage(_ usage: UsageHistory, json: String, into database: Database) throws {
        guard let firstOpen = usage.firstOpen else {
            _ = try database.run("DELETE FROM learned_usage")
            return
        }
        _ = try database.run(
            "INSERT OR REPLACE INTO learned_usage (id, opens_by_hour, as_of, first_open) VALUES (1, ?, ?, ?)",
            [.text(json), .real(usage.asOf), .real(firstOpen)])
    }
}
