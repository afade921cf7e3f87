import Foundation
import OffstageCore
import OffstageTestSupport
import Testing

@testable import OffstageStore

/// A failure injected through the store's test hook.
struct InjectedFailure: Error, Equatable {}

@Suite("One transaction per change")
struct TransactionTests {
    /// Changes touching every table.
    static func everything() -> StoreChanges {
        var changes = StoreChanges()
        changes.sessions = [Fixtures.session]
        changes.tasks = [Fixtures.fullTask(), Fixtures.bareTask()]
        changes.conditions = Fixtures.conditions
        changes.log = [LogEntry(time: date(2), kind: .taskAdded, subject: "task 7")]
        changes.outboxAdded = [OutboxItem(taskID: 7, kind: "didFinishDownloading")]
        return changes
    }

    @Test(
        "a failure after any part of apply leaves nothing written",
        arguments: ["sessions", "tasks", "conditions", "log", "outbox"])
    func atomicApply(failingAfter part: String) throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            store.setApplyHook { if $0 == part { throw InjectedFailure() } }
            #expect(throws: InjectedFailure.self) { try store.apply(Self.everything(), now: date(0)) }
            #expect(try store.loadSessions().isEmpty)
            #expect(try store.loadTasks().isEmpty)
            #expect(try store.loadConditions() == DeviceConditions())
            #expect(try store.events().isEmpty)
            #expect(try store.outbox().isEmpty)

            store.setApplyHook(nil)
            try store.apply(Self.everything(), now: date(0))
            #expect(try store.loadTasks().count == 2)
            #expect(try store.outbox().count == 1)
        }
    }

    @Test("a full disk rolls back, reports diskFull, and the store works once space is back")
    func diskFull() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.apply(Self.everything(), now: date(0))
            // SQLite reports SQLITE_FULL when the database would outgrow max_page_count.
            let pages = try store.withDatabase { try $0.scalarInteger("PRAGMA page_count") }
            try store.withDatabase { try $0.execute("PRAGMA max_page_count = \(pages + 2)") }

            var big = StoreChanges()
            big.log = (0..<200).map {
                LogEntry(
                    time: date(Double($0)), kind: .command, subject: "s", reason: String(repeating: "x", count: 1000))
            }
            big.tasks = [Fixtures.bareTask(id: 100)]
            let error = #expect(throws: StoreError.self) { try store.apply(big, now: date(0)) }
            #expect(error == .diskFull)
            #expect(
                error?.description
                    == "the disk is full; this change was not written (everything stored before it is kept)")
            #expect(try store.task(id: 100) == nil)
            #expect(try store.events().count == 1)
            #expect(try store.integrityCheck() == "ok")

            try store.withDatabase { try $0.execute("PRAGMA max_page_count = 1073741823") }
            try store.apply(big, now: date(0))
            #expect(try store.task(id: 100) != nil)
            #expect(try store.events().count == 201)
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("outbox items are added once and removed per task")
    func outbox() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var add = StoreChanges()
            add.outboxAdded = [
                OutboxItem(taskID: 1, kind: "didFinishDownloading"), OutboxItem(taskID: 2, kind: "didComplete"),
                OutboxItem(taskID: 1, kind: "didComplete"),
            ]
            try store.apply(add, now: date(1))
            var again = StoreChanges()
            again.outboxAdded = [
                OutboxItem(taskID: 2, kind: "didComplete"), OutboxItem(taskID: 3, kind: "didComplete"),
            ]
            try store.apply(again, now: date(2))
            #expect(try store.outbox() == add.outboxAdded + [OutboxItem(taskID: 3, kind: "didComplete")])

            var remove = StoreChanges()
            remove.outboxRemoved = [1, 99]
            try store.apply(remove, now: date(0))
            #expect(
                try store.outbox() == [
                    OutboxItem(taskID: 2, kind: "didComplete"), OutboxItem(taskID: 3, kind: "didComplete"),
                ])

            // Removal runs before addition within one change: a re-queued delivery survives.
            var requeue = StoreChanges()
            requeue.outboxRemoved = [2]
            requeue.outboxAdded = [OutboxItem(taskID: 2, kind: "didFinishEvents")]
            try store.apply(requeue, now: date(3))
            #expect(
                try store.outbox() == [
                    OutboxItem(taskID: 3, kind: "didComplete"), OutboxItem(taskID: 2, kind: "didFinishEvents"),
                ])
        }
    }

    @Test("an empty change writes nothing and needs no transaction")
    func emptyChange() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.apply(StoreChanges(), now: date(0))
            let reader = try Store.open(home: home, readOnly: true)
            try reader.apply(StoreChanges(), now: date(0))
            #expect(try store.loadTasks().isEmpty)
        }
    }
}
