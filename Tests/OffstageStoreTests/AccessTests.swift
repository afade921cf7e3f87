import Foundation
import OffstageCore
import OffstageTestSupport
import Testing

@testable import OffstageStore

@Suite("Permissions and read-only access")
struct AccessTests {
    @Test("home 0700, parts 0700, database and its WAL files 0600")
    func permissionsOfFiles() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var changes = StoreChanges()
            changes.tasks = [Fixtures.bareTask()]
            try store.apply(changes, now: date(0))
            #expect(permissions(home.path) == 0o700)
            #expect(permissions(home.partsDirectory) == 0o700)
            #expect(permissions(home.documentsDirectory) == 0o700)
            #expect(permissions(home.databasePath) == 0o600)
            #expect(permissions(home.databasePath + "-wal") == 0o600)
            #expect(permissions(home.databasePath + "-shm") == 0o600)
        }
    }

    @Test("read-only open of a home without a store is missing, and creates nothing")
    func readOnlyMissing() throws {
        try withTemporaryHome { home in
            let error = #expect(throws: StoreError.self) { try Store.open(home: home, readOnly: true) }
            #expect(error == .missing(home.databasePath))
            #expect(!FileManager.default.fileExists(atPath: home.path))
        }
    }

    @Test("a reader sees committed writes while a writer is open, and cannot write")
    func readerBesideWriter() throws {
        try withTemporaryHome { home in
            let writer = try Store.open(home: home)
            var changes = StoreChanges()
            changes.tasks = [Fixtures.bareTask()]
            try writer.apply(changes, now: date(0))
            let reader = try Store.open(home: home, readOnly: true)
            #expect(reader.isReadOnly)
            #expect(try reader.loadTasks() == [Fixtures.bareTask()])

            var more = StoreChanges()
            more.tasks = [Fixtures.fullTask()]
            try writer.apply(more, now: date(0))
            #expect(try reader.loadTasks().map(\.id) == [7, 8])

            #expect(throws: StoreError.readOnly(home.databasePath)) { try reader.apply(more, now: date(0)) }
            #expect(throws: StoreError.readOnly(home.databasePath)) {
                try reader.enqueue(.pause(id: 1), now: date(0))
            }
        }
    }

    @Test("a reader opens a cleanly closed store with no WAL files present")
    func readerAfterCleanClose() throws {
        try withTemporaryHome { home in
            do {
                let writer = try Store.open(home: home)
                var changes = StoreChanges()
                changes.sessions = [Fixtures.session]
                try writer.apply(changes, now: date(0))
                writer.close()
            }
            let reader = try Store.open(home: home, readOnly: true)
            #expect(try reader.loadSessions() == [Fixtures.session])
            #expect(try reader.integrityCheck() == "ok")
        }
    }
}

@Suite("Concurrent writers")
struct ConcurrentWriterTests {
    @Test("a writer blocked past the busy timeout gets busy, and nothing is written")
    func busy() throws {
        try withTemporaryHome { home in
            let first = try Store.open(home: home)
            let second = try Store.open(home: home)
            try second.withDatabase { database in
                try database.execute("PRAGMA busy_timeout = 10")
            }
            try first.withDatabase { try $0.execute("BEGIN IMMEDIATE") }
            var changes = StoreChanges()
            changes.tasks = [Fixtures.bareTask()]
            let error = #expect(throws: StoreError.self) { try second.apply(changes, now: date(0)) }
            #expect(error == .busy)
            #expect(error?.description == "the store is busy: another process kept it locked for more than 5 seconds")
            try first.withDatabase { try $0.execute("ROLLBACK") }
            try second.apply(changes, now: date(0))
            #expect(try first.loadTasks() == [Fixtures.bareTask()])
        }
    }
}

@Suite("Racing openers")
struct RacingOpenerTests {
    /// Errors collected from concurrent openers.
    final class Failures: @unchecked Sendable {
        // Safety: `items` is only touched while `lock` is held.
        private let lock = NSLock()
        private var items: [String] = []
        /// Records one failure.
        func add(_ error: any Error) { lock.withLock { items.append("\(error)") } }
        /// Everything recorded.
        var all: [String] { lock.withLock { items } }
    }

    @Test("several openers creating the same new store at once all succeed with one schema")
    func concurrentCreation() throws {
        try withTemporaryHome { home in
            let failures = Failures()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do {
                    let store = try Store.open(home: home)
                    _ = try store.loadTasks()
                    store.close()
                } catch {
                    failures.add(error)
                }
            }
            #expect(failures.all.isEmpty)
            let store = try Store.open(home: home)
            #expect(try store.integrityCheck() == "ok")
            #expect(
                try store.withDatabase { try $0.scalarInteger("PRAGMA user_version") } == Int64(Store.schemaVersion))
        }
    }
}
