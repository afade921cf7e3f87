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
