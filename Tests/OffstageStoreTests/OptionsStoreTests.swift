import Foundation
import OffstageCore
import Testing

@testable import OffstageStore

@Suite struct OptionsStoreTests {
    @Test("a task's options, content encoding and checksum state round-trip; no credential value is stored")
    func optionsRoundTrip() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var task = Fixtures.bareTask()
            task.options = TransferOptions(
                rateLimit: 512_000, checksum: Checksum(algorithm: .sha256, hex: String(repeating: "a", count: 64)),
                headers: [RequestHeader(name: "X-Token", value: "t1")], credentialHeaders: ["Authorization"],
                compressed: true)
            task.contentEncoding = "gzip"
            task.checksumState = .verifying
            var changes = StoreChanges()
            changes.tasks = [task, Fixtures.bareTask(id: 9)]
            try store.apply(changes, now: date(1))
            #expect(try store.loadTasks() == [task, Fixtures.bareTask(id: 9)])
            let stored = try store.withDatabase { try $0.scalarText("SELECT options FROM tasks WHERE id = 8") }
            #expect(stored.contains("\"credentialHeaders\":[\"Authorization\"]"))
            #expect(!stored.contains("value\":\"Bearer"))
            #expect(try store.withDatabase { try $0.scalarInteger("SELECT options IS NULL FROM tasks WHERE id = 9") } == 1)
        }
    }

    @Test("a row with unusable options is set aside, the others load")
    func unusableOptionsAreSetAside() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var changes = StoreChanges()
            changes.tasks = [Fixtures.bareTask(id: 1), Fixtures.bareTask(id: 2)]
            try store.apply(changes, now: date(1))
            _ = try store.withDatabase { database in
                try database.run(
                    "UPDATE tasks SET options = ? WHERE id = 1",
                    [.text(#"{"headers":[{"name":"Authorization","value":"secret"}]}"#)])
            }
            let loaded = try store.loadTasksSettingAside()
            #expect(loaded.tasks.map(\.id) == [2])
            #expect(loaded.setAside.count == 1)
        }
    }

    @Test("the engine-wide limit is kept; none by default; an unusable row means none")
    func settingsRoundTrip() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            #expect(try store.loadTransferSettings() == TransferSettings())
            var changes = StoreChanges()
            changes.settings = TransferSettings(rateLimit: 2_097_152)
            try store.apply(changes, now: date(1))
            #expect(try store.loadTransferSettings().rateLimit == 2_097_152)
            changes.settings = TransferSettings(rateLimit: nil)
            try store.apply(changes, now: date(2))
            #expect(try store.loadTransferSettings().rateLimit == nil)
            _ = try store.withDatabase { try $0.run("UPDATE transfer_settings SET rate_limit = -5 WHERE id = 1") }
            #expect(try store.loadTransferSettings() == TransferSettings())
        }
    }

    @Test("a version 7 store is migrated to version 8: its tasks have no options and no limit is set")
    func migrationFromVersion7() throws {
        try withTemporaryHome { home in
            try home.prepare()
            do {
                let v7 = try Database(
                    path: home.databasePath, readOnly: false, migrations: Array(Schema.migrations.prefix(7)))
                try v7.transaction {
                    let (sql, values) = Fixtures.insertBeforeOptions(Fixtures.fullTask())
                    try v7.run(sql, values)
                }
                v7.close()
            }
            let store = try Store.open(home: home)
            #expect(
                try store.withDatabase { try $0.scalarInteger("PRAGMA user_version") } == Int64(Store.schemaVersion))
            #expect(try store.loadTasks() == [Fixtures.fullTask()])
            #expect(try store.loadTransferSettings() == TransferSettings())
        }
    }
}
