import Foundation

/// One forward-only schema step; the step at index `i` upgrades version `i` to `i + 1`.
struct Migration: Sendable {
    /// What the step does, for logs.
    let summary: String
    /// The SQL of the step (several statements allowed).
    let sql: String
}

/// The store's schema: versions are `PRAGMA user_version`, steps only ever move forward.
enum Schema {
    /// Every migration, in order; the current version is `migrations.count`.
    static let migrations: [Migration] = [
        version1, version2, version3, version4, version5, version6, version7, version8, version9,
    ]

    /// The schema version this build writes.
    static var currentVersion: Int { migrations.count }

    /// Upgrades from `version` to the latest, in one transaction; stamps the application id on a new file.
    ///
    /// The version is read again inside the write transaction, so two processes opening a new store
    /// at once do not both run the same steps.
    static func migrate(_ database: Database, from version: Int, migrations: [Migration]) throws {
        guard version < migrations.count else { return }
        try database.transaction {
            let version = Int(try database.scalarInteger("PRAGMA user_version"))
            guard version < migrations.count else { return }
            if version == 0 {
                try database.execute("PRAGMA application_id = \(Database.applicationID)")
            }
            for step in migrations[version...] {
                try database.execute(step.sql)
            }
            try database.execute("PRAGMA user_version = \(migrations.count)")
        }
    }

    /// Version 1: sessions, tasks, the event log, the inbox, the outbox and the device conditions.
    static let version1 = Migration(
        summary: "initial schema",
        sql: """
            CREATE TABLE sessions (
                identifier TEXT PRIMARY KEY NOT NULL,
                is_discretionary INTEGER NOT NULL,
                sends_launch_events INTEGER NOT NULL,
                timeout_request REAL NOT NULL,
                timeout_resource REAL NOT NULL,
                max_connections_per_host INTEGER NOT NULL,
                allows_cellular INTEGER NOT NULL,
                allows_expensive INTEGER NOT NULL,
                allows_constrained INTEGER NOT NULL
            );
            CREATE TABLE tasks (
                id INTEGER PRIMARY KEY,
                session TEXT NOT NULL,
                task_identifier INTEGER NOT NULL,
                task_description TEXT,
                kind TEXT NOT NULL,
                url TEXT NOT NULL,
                method TEXT NOT NULL,
                upload_path TEXT,
                requested_name TEXT,
                destination_directory TEXT NOT NULL,
                priority REAL NOT NULL,
                earliest_begin_date REAL,
                is_discretionary INTEGER NOT NULL,
                created_at REAL NOT NULL,
                state TEXT NOT NULL,
                bytes_written INTEGER NOT NULL,
                bytes_expected INTEGER NOT NULL,
                validator TEXT,
                effective_url TEXT,
                suggested_name TEXT,
                attempts INTEGER NOT NULL,
                retry_at REAL,
                error TEXT,
                delivered_path TEXT,
                response_summary TEXT,
                http_status INTEGER
            );
            CREATE INDEX tasks_by_state ON tasks(state);
            CREATE TABLE events (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                time REAL NOT NULL,
                kind TEXT NOT NULL,
                subject TEXT NOT NULL,
                reason TEXT NOT NULL
            );
            CREATE TABLE inbox (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                created REAL NOT NULL,
                command TEXT NOT NULL,
                status TEXT NOT NULL DEFAULT 'pending',
                result TEXT
            );
            CREATE INDEX inbox_pending ON inbox(id) WHERE status = 'pending';
            CREATE TABLE outbox (
                task_id INTEGER NOT NULL,
                kind TEXT NOT NULL,
                created REAL NOT NULL,
                PRIMARY KEY (task_id, kind)
            );
            CREATE TABLE conditions (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                network TEXT NOT NULL,
                charging INTEGER NOT NULL,
                battery_level INTEGER NOT NULL,
                low_power_mode INTEGER NOT NULL,
                background_refresh INTEGER NOT NULL
            );
            -- Task ids and inbox ids share one sequence: a task inserted directly (not from an inbox
            -- command) moves the inbox sequence past its id, so no later command can reuse it.
            INSERT INTO sqlite_sequence (name, seq)
                SELECT 'inbox', 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'inbox');
            CREATE TRIGGER tasks_reserve_id AFTER INSERT ON tasks BEGIN
                UPDATE sqlite_sequence SET seq = NEW.id WHERE name = 'inbox' AND seq < NEW.id;
            END;
            """
    )
}
