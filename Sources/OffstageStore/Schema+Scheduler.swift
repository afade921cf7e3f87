import Foundation

extension Schema {
    /// Version 2: the BG task scheduler's state (one JSON row), its decision log and its finished runs.
    ///
    /// The state is small and changes as a whole, so it is kept as one JSON value of `TaskSchedulerState`;
    /// decisions and runs are append-only logs, one JSON value per row, with the columns a query needs.
    static let version2 = Migration(
        summary: "BG task scheduler",
        sql: """
            CREATE TABLE scheduler_state (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                state TEXT NOT NULL
            );
            CREATE TABLE scheduler_decisions (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                time REAL NOT NULL,
                identifier TEXT NOT NULL,
                decision TEXT NOT NULL
            );
            CREATE TABLE scheduler_runs (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                identifier TEXT NOT NULL,
                started REAL NOT NULL,
                run TEXT NOT NULL
            );
            """
    )
}

/// The scheduler's learned usage.
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
