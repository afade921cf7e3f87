import Foundation
import Testing

@testable import OffstageCore
@testable import OffstageStore

/// The platform chosen for a home (schema v9), written with any commit.
@Suite("Platform table")
struct PlatformStoreTests {
    @Test("a version 8 store gains the table empty: no platform chosen")
    func migrationFromVersion8() throws {
        try withTemporaryHome { home in
            try home.prepare()
            do {
                let v8 = try Database(
                    path: home.databasePath, readOnly: false, migrations: Array(Schema.migrations.prefix(8)))
                #expect(try v8.scalarInteger("PRAGMA user_version") == 8)
                #expect(try v8.scalarInteger("SELECT count(*) FROM sqlite_master WHERE name = 'platform'") == 0)
                v8.close()
            }
            let store = try Store.open(home: home)
            #expect(try store.withDatabase { try $0.scalarInteger("PRAGMA user_version") } == 9)
            #expect(try store.loadPlatform() == nil)
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("a commit that switches the platform keeps it, with its log line; later commits leave it")
    func keptByACommit() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let now = Date(timeIntervalSinceReferenceDate: 800_000_000)
            for profile in [PlatformProfile.android, .both, .ios] {
                var commit = StoreCommit(platform: profile)
                commit.transfers.log = [
                    LogEntry(time: now, kind: .platform, subject: "device", reason: profile.rawValue)
                ]
                #expect(!commit.isEmpty)
                try store.commit(commit, now: now)
                #expect(try store.loadPlatform() == profile)
                var other = StoreChanges()
                other.conditions = DeviceConditions(network: .offline)
                try store.apply(other, now: now)
                #expect(try store.loadPlatform() == profile, "a commit without a platform leaves it")
            }
            let lines = try store.events(after: 0, limit: 10).map(\.entry).filter { $0.kind == .platform }
            #expect(lines.map(\.reason) == ["android", "both", "ios"])
            store.close()
            #expect(try Store.open(home: home, readOnly: true).loadPlatform() == .ios, "kept across opens")
        }
    }

    @Test("a stored value that is not a profile is an unusable row, named with its text escaped")
    func unknownValueIsAnInvalidRow() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.withDatabase { database in
                try database.transaction {
                    _ = try database.run(
                        "INSERT INTO platform (id, profile) VALUES (1, ?)", [.text("windows\u{1B}[2J")])
                }
            }
            let expected = StoreError.invalidRow(
                table: "platform", detail: "windows\\x1B[2J is not one of ios, android, both")
            #expect(throws: expected) { try store.loadPlatform() }
        }
    }
}
