import Foundation

extension Schema {
    /// Version 3: the model app's side (one JSON row of state and its registry), apart from the system's tables.
    ///
    /// The state changes as a whole, so it is kept as one JSON value of `StoredAppState`; the registry is one
    /// JSON value of `AppRecord` per row, keyed by the `taskDescription` the app set on the task.
    static let version3 = Migration(
        summary: "model app",
        sql: """
            CREATE TABLE app_state (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                state TEXT NOT NULL
            );
            CREATE TABLE app_registry (
                task_description TEXT PRIMARY KEY NOT NULL,
                record TEXT NOT NULL
            );
            """
    )
}
