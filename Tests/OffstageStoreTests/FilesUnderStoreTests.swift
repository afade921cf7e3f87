import Foundation
import OffstageCore
import Testing

@testable import OffstageStore

/// The store's files removed or replaced under an open store: noticed before the next commit, which is refused; what
/// was committed before is kept where it can be, and nothing more is written.
@Suite("Files removed or replaced under an open store")
struct FilesUnderStoreTests {
    /// A change that adds task `id`.
    static func adding(_ id: Int64) -> StoreChanges {
        var changes = StoreChanges()
        changes.tasks = [Fixtures.bareTask(id: id)]
        return changes
    }

    @Test("the write-ahead log removed: the next commit is refused, what was committed is saved into offstage.db")
    func walRemoved() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.apply(Self.adding(1), now: date(0))
            try store.apply(Self.adding(2), now: date(1))
            // The two commits are in the write-ahead log only.
            #expect(
                try #require(FileManager.default.attributesOfItem(atPath: home.databasePath + "-wal")[.size] as? Int)
                    > 0)
            #expect(unlink(home.databasePath + "-wal") == 0)

            let error = #expect(throws: StoreError.self) { try store.apply(Self.adding(3), now: date(2)) }
            #expect(error == .filesChanged(home.databasePath + "-wal", change: .removed, saved: true))
            #expect(
                error?.description
                    == "\(home.databasePath)-wal (the store's write-ahead log) was removed while offstage had the "
                    + "store open: everything committed before was saved into \(home.databasePath); nothing more "
                    + "was written (run offstage again to go on)")
            // Saved into the database file itself at once (read alone, without a log), not only when the store closes:
            // a kill now loses nothing.
            #expect(try Self.taskIDs(inFileAt: home.databasePath) == [1, 2])
            // Every later write is refused the same way, and nothing was written.
            #expect(throws: try #require(error)) { try store.apply(Self.adding(4), now: date(3)) }
            store.close()

            let reopened = try Store.open(home: home)
            defer { reopened.close() }
            #expect(try reopened.loadTasks().map(\.id) == [1, 2])
            #expect(try reopened.integrityCheck() == "ok")
        }
    }

    @Test("offstage.db replaced: the next commit is refused and the file now there is left as it is")
    func databaseReplaced() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.apply(Self.adding(1), now: date(0))
            // A copy of the store as it was (one task), put in place as a restore from a backup would.
            let copy = home.path + "/backup.db"
            try store.checkpoint()
            #expect(FileManager.default.createFile(atPath: copy, contents: contents(home.databasePath)))
            try store.apply(Self.adding(2), now: date(1))
            #expect(rename(copy, home.databasePath) == 0)
            let before = contents(home.databasePath)

            let error = #expect(throws: StoreError.self) { try store.apply(Self.adding(3), now: date(2)) }
            #expect(error == .filesChanged(home.databasePath, change: .replaced, saved: false))
            #expect(
                error?.description
                    == "\(home.databasePath) was replaced while offstage had the store open: nothing was written to "
                    + "the file now there, and nothing more will be (run offstage again to open it)")
            store.close()
            #expect(contents(home.databasePath) == before)
            let reopened = try Store.open(home: home)
            defer { reopened.close() }
            #expect(try reopened.loadTasks().map(\.id) == [1], "the restored copy, without the old log's pages")
            #expect(try reopened.integrityCheck() == "ok")
        }
    }

    @Test("offstage.db removed: the next commit is refused")
    func databaseRemoved() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.apply(Self.adding(1), now: date(0))
            #expect(unlink(home.databasePath) == 0)
            let error = #expect(throws: StoreError.self) { try store.apply(Self.adding(2), now: date(1)) }
            #expect(error == .filesChanged(home.databasePath, change: .removed, saved: false))
            #expect(
                error?.description.hasPrefix("\(home.databasePath) was removed while offstage had the store open")
                    == true)
            store.close()
            #expect(!FileManager.default.fileExists(atPath: home.databasePath), "not made again behind the user")
        }
    }

    @Test("the check alone finds it too (the engine looks between commits), and a sound store passes it")
    func checkWithoutACommit() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.apply(Self.adding(1), now: date(0))
            try store.checkFiles()
            try store.checkpoint()  // a checkpoint truncates the log in place: the same file
            try store.checkFiles()
            try store.apply(Self.adding(2), now: date(1))
            #expect(unlink(home.databasePath + "-wal") == 0)
            #expect(throws: StoreError.filesChanged(home.databasePath + "-wal", change: .removed, saved: true)) {
                try store.checkFiles()
            }
            #expect(try Self.taskIDs(inFileAt: home.databasePath) == [1, 2])
            store.close()
            let reopened = try Store.open(home: home)
            defer { reopened.close() }
            #expect(try reopened.loadTasks().map(\.id) == [1, 2])
        }
    }

    @Test("a store opened by a second connection and closed again does not trip the check")
    func secondConnection() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            defer { store.close() }
            try store.apply(Self.adding(1), now: date(0))
            for readOnly in [true, false] {
                let other = try Store.open(home: home, readOnly: readOnly)
                _ = try other.loadTasks()
                other.close()
            }
            try store.apply(Self.adding(2), now: date(1))
            #expect(try store.loadTasks().map(\.id) == [1, 2])
        }
    }

    /// The task ids in the database file at `path`, read alone (immutable: no log, no locks).
    static func taskIDs(inFileAt path: String) throws -> [Int64] {
        let file = try Database(path: path, readOnly: true, immutable: true)
        defer { file.close() }
        return try file.query("SELECT id FROM tasks ORDER BY id", table: "tasks") { $0.int64(0) }
    }
}
