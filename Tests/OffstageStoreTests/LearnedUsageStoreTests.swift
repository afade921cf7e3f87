import Foundation
import Testing

@testable import OffstageCore
@testable import OffstageStore

/// The learned usage's own table (schema v7), written with the scheduler's transactions.
@Suite("Learned usage table")
struct LearnedUsageStoreTests {
    /// A history of opens at 08:00 and 21:00.
    static func usage() -> UsageHistory {
        var usage = UsageHistory()
        usage.recordOpen(hour: 8, at: 1000.5, halfLife: 604_800)
        usage.recordOpen(hour: 21, at: 50_000.25, halfLife: 604_800)
        return usage
    }

    @Test("a version 6 store gains the table empty and keeps its scheduler state")
    func migrationFromVersion6() throws {
        try withTemporaryHome { home in
            try home.prepare()
            let scheduler = SchedulerFixtures.changes()
            do {
                let v6 = try Database(
                    path: home.databasePath, readOnly: false, migrations: Array(Schema.migrations.prefix(6)))
                #expect(try v6.scalarInteger("PRAGMA user_version") == 6)
                try v6.transaction {
                    _ = try v6.run(
                        "INSERT INTO scheduler_state (id, state) VALUES (1, ?)",
                        [.text(try Store.encodeJSON(scheduler.state))])
                }
                #expect(try v6.scalarInteger("SELECT count(*) FROM sqlite_master WHERE name = 'learned_usage'") == 0)
                v6.close()
            }
            let store = try Store.open(home: home)
            #expect(try store.withDatabase { try $0.scalarInteger("PRAGMA user_version") } == Int64(Store.schemaVersion))
            #expect(try store.loadLearnedUsage() == UsageHistory())
            #expect(try store.loadSchedulerState() == scheduler.state)
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("a transition that changed the usage writes it; the others leave it; a reset deletes it")
    func writtenWithTheScheduler() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var changes = SchedulerFixtures.changes()
            changes.usage = Self.usage()
            try store.apply(changes)
            #expect(try store.loadLearnedUsage() == Self.usage())
            var expected = SchedulerFixtures.state()
            expected.usage = Self.usage()
            #expect(try store.loadSchedulerState() == expected)
            let stateJSON = try store.withDatabase { try $0.scalarText("SELECT state FROM scheduler_state") }
            #expect(!stateJSON.contains("opensByHour"), "the usage is not in the state's row")

            changes.usage = nil
            try store.apply(changes)
            #expect(try store.loadLearnedUsage() == Self.usage())

            changes.usage = UsageHistory()
            try store.apply(changes)
            #expect(try store.loadLearnedUsage() == UsageHistory())
            #expect(try store.withDatabase { try $0.scalarInteger("SELECT count(*) FROM learned_usage") } == 0)
        }
    }

    @Test("a command's changes carry the usage in the same transaction")
    func writtenWithACommand() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let id = try store.enqueue(.appOpened, now: date(0))
            var changes = SchedulerFixtures.changes()
            changes.usage = Self.usage()
            try store.completeCommand(
                id: id, status: .done, result: "ok", schedulerChanges: changes, transferChanges: nil, now: date(1))
            #expect(try store.loadLearnedUsage() == Self.usage())
            #expect(try store.pendingCommands().isEmpty)
        }
    }

    @Test("a damaged row is reported, not read as something else, and costs the scheduler nothing else")
    func damagedRowIsReported() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.apply(SchedulerFixtures.changes())
            try store.withDatabase {
                try $0.execute(
                    "INSERT INTO learned_usage (id, opens_by_hour, as_of, first_open) VALUES (1, 'not json', 0, 0)")
            }
            #expect(throws: StoreError.self) { try store.loadLearnedUsage() }
            // The scheduler's state and its requests are kept; only what was learned is lost.
            #expect(try store.loadSchedulerState() == SchedulerFixtures.state())
        }
    }

    @Test("odd numbers in a row are checked on the way in")
    func oddNumbersAreChecked() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let hours = "[1, -5, 2" + String(repeating: ", 0", count: 21) + ", 9, 9]"  // 26 numbers
            try store.withDatabase {
                try $0.execute(
                    "INSERT INTO learned_usage (id, opens_by_hour, as_of, first_open) VALUES (1, '\(hours)', 7, 3)")
            }
            let usage = try store.loadLearnedUsage()
            #expect(usage.opensByHour.count == 24)
            #expect(Array(usage.opensByHour.prefix(3)) == [1, 0, 2])
            #expect(usage.opensByHour.reduce(0, +) == 3, "only the first 24 hours count")
            #expect(usage.firstOpen == 3)
        }
    }
}
