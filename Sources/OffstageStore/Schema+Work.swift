import Foundation

extension Schema {
    /// Version 5: Android WorkManager's work requests, one row each.
    ///
    /// A request (spec and state) changes as a whole, so it is kept as one JSON value of `WorkRequest`; the
    /// columns are what a query or a check needs: its id, enqueue order, name and state.
    static let version5 = Migration(
        summary: "work requests",
        sql: """
            CREATE TABLE work_requests (
                id TEXT PRIMARY KEY NOT NULL,
                sequence INTEGER NOT NULL,
                name TEXT NOT NULL,
                state TEXT NOT NULL,
                request TEXT NOT NULL
            );
            CREATE INDEX work_requests_by_sequence ON work_requests(sequence);
            """
    )
}
