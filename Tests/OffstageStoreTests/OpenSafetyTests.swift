import CSQLite
import Foundation
import OffstageCore
import Testing

@testable import OffstageStore

@Suite("Opening foreign, damaged and newer files")
struct OpenSafetyTests {
    @Test("a file of random bytes is foreign and left untouched")
    func randomBytes() throws {
        try withTemporaryHome { home in
            try home.prepare()
            var generator = SystemRandomNumberGenerator()
            let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
            #expect(FileManager.default.createFile(atPath: home.databasePath, contents: bytes))
            let error = #expect(throws: StoreError.self) { try Store.open(home: home) }
            #expect(error == .foreign(home.databasePath))
            #expect(error?.description == "\(home.databasePath) is not an Offstage store; left untouched")
            #expect(contents(home.databasePath) == bytes)
            #expect(!FileManager.default.fileExists(atPath: home.databasePath + "-wal"))
            #expect(throws: StoreError.foreign(home.databasePath)) { try Store.open(home: home, readOnly: true) }
        }
    }

    @Test("another application's SQLite database is foreign and left untouched")
    func otherApplication() throws {
        try withTemporaryHome { home in
            try home.prepare()
            try makeSQLite(
                at: home.databasePath,
                sql: "PRAGMA application_id = 1234; CREATE TABLE t (x); INSERT INTO t VALUES (1);")
            let before = contents(home.databasePath)
            #expect(throws: StoreError.foreign(home.databasePath)) { try Store.open(home: home) }
            #expect(contents(home.databasePath) == before)
        }
    }

    @Test("a SQLite database without an application id but with tables is foreign")
    func plainSQLite() throws {
        try withTemporaryHome { home in
            try home.prepare()
            try makeSQLite(at: home.databasePath, sql: "CREATE TABLE notes (body TEXT);")
            let before = contents(home.databasePath)
            #expect(throws: StoreError.foreign(home.databasePath)) { try Store.open(home: home) }
            #expect(contents(home.databasePath) == before)
        }
    }

    @Test("a damaged page is reported as corrupt and left untouched")
    func damagedPage() throws {
        try withTemporaryHome { home in
            do {
                let store = try Store.open(home: home)
                var changes = StoreChanges()
                changes.tasks = (1...200).map { Fixtures.fullTask(id: $0) }
                try store.apply(changes, now: date(0))
                try store.checkpoint()
                store.close()
            }
            let pageSize = 4096
            var bytes = contents(home.databasePath)
            try #require(bytes.count >= pageSize * 4)
            bytes.replaceSubrange(pageSize..<(2 * pageSize), with: Data(count: pageSize))
            try bytes.write(to: URL(fileURLWithPath: home.databasePath))
            let error = #expect(throws: StoreError.self) { try Store.open(home: home) }
            guard case .corrupt(let path, _)? = error else {
                Issue.record("expected corrupt, got \(String(describing: error))")
                return
            }
            #expect(path == home.databasePath)
            #expect(error?.description.contains("is damaged (quick_check: ") == true)
            #expect(error?.description.hasSuffix("; left untouched") == true)
            // SQLite's report starts "*** in database main ***" and a line break: the message is still one line.
            #expect(error?.description.contains("\n") == false)
            #expect(contents(home.databasePath) == bytes)
        }
    }

    @Test("a crafted schema's ESC byte in the damage report is escaped: one line, no control bytes")
    func craftedSchemaReport() throws {
        try withTemporaryHome { home in
            do {
                let store = try Store.open(home: home)
                try store.checkpoint()
                store.close()
            }
            // A table whose name carries an escape sequence, a bell and a line break, with a NULL in a column the
            // schema says is NOT NULL: quick_check names it in its report.
            let name = "t\u{1B}[31m\u{7}\nred"
            try makeSQLite(
                at: home.databasePath,
                sql: """
                    CREATE TABLE "\(name)" (c TEXT); INSERT INTO "\(name)" VALUES (NULL);
                    PRAGMA writable_schema = ON;
                    UPDATE sqlite_master SET sql = 'CREATE TABLE "\(name)" (c TEXT NOT NULL)' WHERE name = '\(name)';
                    PRAGMA writable_schema = OFF;
                    """)
            let before = contents(home.databasePath)
            let error = #expect(throws: StoreError.self) { try Store.open(home: home) }
            guard case .corrupt? = error, let line = error?.description else {
                Issue.record("expected corrupt, got \(String(describing: error))")
                return
            }
            #expect(
                line.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
            #expect(line.contains("NULL value in t\\x1B[31m\\x07\\x0Ared.c"))
            #expect(line.hasSuffix("; left untouched"))
            #expect(contents(home.databasePath) == before)
        }
    }

    @Test("a newer schema is refused and left untouched")
    func tooNew() throws {
        try withTemporaryHome { home in
            do {
                let store = try Store.open(home: home)
                try store.withDatabase { try $0.execute("PRAGMA user_version = 99") }
                try store.checkpoint()
                store.close()
            }
            let before = contents(home.databasePath)
            let error = #expect(throws: StoreError.self) { try Store.open(home: home) }
            #expect(error == .tooNew(home.databasePath, found: 99, supported: Store.schemaVersion))
            #expect(contents(home.databasePath) == before)
        }
    }

    @Test("a new store is made with the current schema and is never left empty")
    func newStoreHasTheCurrentSchema() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            defer { store.close() }
            let version = try store.withDatabase { try $0.scalarInteger("PRAGMA user_version") }
            let application = try store.withDatabase { try $0.scalarInteger("PRAGMA application_id") }
            let tables = try store.withDatabase { database in
                try database.query(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
                    table: "sqlite_master"
                ) { $0.string(0) }
            }
            #expect(version == Int64(Store.schemaVersion))
            #expect(application == 0x4F46_5354)
            #expect(
                tables == [
                    "android_state", "app_registry", "app_state", "conditions", "events", "inbox",
                    "learned_usage",
                    "outbox", "platform",
                    "scheduler_decisions",
                    "scheduler_runs", "scheduler_state", "sessions", "task_ids", "tasks", "transfer_settings", "work_requests",
                ])
            #expect(try store.withDatabase { try $0.scalarText("PRAGMA journal_mode") } == "wal")
            #expect(contents(home.databasePath).count > 0)
            #expect(!FileManager.default.fileExists(atPath: home.databasePath + ".new"))
        }
    }

    @Test("migrations run forward from the stored version only")
    func forwardOnly() throws {
        try withTemporaryHome { home in
            try home.prepare()
            let extra = Migration(summary: "test step", sql: "CREATE TABLE extra (x INTEGER);")
            do {
                _ = try Database(path: home.databasePath, readOnly: false, migrations: [Schema.version1])
            }
            let upgraded = try Database(
                path: home.databasePath, readOnly: false, migrations: Schema.migrations + [extra])
            #expect(try upgraded.scalarInteger("PRAGMA user_version") == Int64(Schema.migrations.count + 1))
            #expect(try upgraded.scalarInteger("SELECT count(*) FROM sqlite_master WHERE name = 'extra'") == 1)
            upgraded.close()
            // The current build does not know the extra version: refused.
            let found = Schema.migrations.count + 1
            #expect(throws: StoreError.tooNew(home.databasePath, found: found, supported: Schema.migrations.count)) {
                try Store.open(home: home)
            }
        }
    }

    /// Creates a SQLite database with the C API, outside the store's code paths.
    private func makeSQLite(at path: String, sql: String) throws {
        var handle: OpaquePointer?
        let opened = sqlite3_open(path, &handle)
        defer { sqlite3_close(handle) }
        try #require(opened == SQLITE_OK)
        try #require(sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK)
    }
}
