import Foundation

extension Schema {
    /// Version 7: what the BG scheduler learned about when the user opens the app (`UsageHistory`): the decayed
    /// opens of each hour of the day as a JSON array of 24 numbers, the steady time they are decayed to, and the
    /// steady time of the first open learned. One row, written with the scheduler's transaction when an open or a
    /// force-quit changed it; no row means nothing learned.
    static let version7 = Migration(
        summary: "learned usage by hour",
        sql: """
            CREATE TABLE learned_usage (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                opens_by_hour TEXT NOT NULL,
                as_of REAL NOT NULL,
                first_open REAL
            );
            """
    )
}
