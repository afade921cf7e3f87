import Foundation

extension Schema {
    /// Version 6: the Android system model's state (bucket, Doze, process, services, quota), one JSON row.
    ///
    /// Like `scheduler_state`, the state is small and changes as a whole, so it is one JSON value of
    /// `AndroidSystemState`; its log lines go to the shared `events` table.
    static let version6 = Migration(
        summary: "Android system state",
        sql: """
            CREATE TABLE android_state (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                state TEXT NOT NULL
            );
            """
    )
}
