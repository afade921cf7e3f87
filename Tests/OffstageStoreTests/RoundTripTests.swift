import Foundation
import OffstageCore
import OffstageTestSupport
import Testing

@testable import OffstageStore

@Suite("Round trips")
struct RoundTripTests {
    @Test("tasks with every optional set and with none set come back equal")
    func tasks() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var changes = StoreChanges()
            changes.tasks = [Fixtures.bareTask(), Fixtures.fullTask()]
            try store.apply(changes, now: date(0))
            #expect(try store.loadTasks() == [Fixtures.fullTask(), Fixtures.bareTask()])
            #expect(try store.task(id: 7) == Fixtures.fullTask())
            #expect(try store.task(id: 8) == Fixtures.bareTask())
            #expect(try store.task(id: 9) == nil)
            #expect(try store.task(id: 7)?.taskDescription == "")

            // An upsert replaces every field, including back to nil.
            var cleared = Fixtures.bareTask(id: 7)
            cleared.state = .completed
            var update = StoreChanges()
            update.tasks = [cleared]
            try store.apply(update, now: date(0))
            #expect(try store.task(id: 7) == cleared)
            #expect(try store.loadTasks().count == 2)
        }
    }

    @Test("a session's tasks for one URL come back in id order, and no others")
    func tasksOfASessionForAURL() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var changes = StoreChanges()
            for (id, session, url) in [
                (1, "com.offstage.get", "http://localhost/a"), (2, "com.offstage.get", "http://localhost/b"),
                (3, "com.example.photos", "http://localhost/a"), (4, "com.offstage.get", "http://localhost/a"),
            ] {
                var task = Fixtures.bareTask(id: Int64(id))
                task.session = session
                task.url = url
                changes.tasks.append(task)
            }
            try store.apply(changes, now: date(0))
            #expect(try store.tasks(session: "com.offstage.get", url: "http://localhost/a").map(\.id) == [1, 4])
            #expect(try store.tasks(session: "com.offstage.get", url: "http://localhost/c").isEmpty)
        }
    }

    @Test("every state and kind round-trips")
    func everyState() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var changes = StoreChanges()
            for (offset, state) in TransferState.allCases.enumerated() {
                var task = Fixtures.bareTask(id: Int64(offset + 1))
                task.state = state
                task.kind = offset.isMultiple(of: 2) ? .download : .upload
                changes.tasks.append(task)
            }
            try store.apply(changes, now: date(0))
            #expect(try store.loadTasks() == changes.tasks)
        }
    }

    @Test("dates keep sub-millisecond precision")
    func datePrecision() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let now = Date()
            var task = Fixtures.bareTask()
            task.createdAt = now
            var changes = StoreChanges()
            changes.tasks = [task]
            try store.apply(changes, now: date(0))
            let loaded = try #require(try store.task(id: task.id))
            #expect(abs(loaded.createdAt.timeIntervalSince(now)) < 0.000_001)
        }
    }

    @Test("sessions round-trip and upsert")
    func sessions() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var changes = StoreChanges()
            changes.sessions = [Fixtures.session, SessionConfiguration()]
            try store.apply(changes, now: date(0))
            #expect(try store.loadSessions() == [Fixtures.session, SessionConfiguration()])
            var changed = Fixtures.session
            changed.httpMaximumConnectionsPerHost = 9
            var update = StoreChanges()
            update.sessions = [changed]
            try store.apply(update, now: date(0))
            #expect(try store.loadSessions() == [changed, SessionConfiguration()])
        }
    }

    @Test("conditions default when absent, then round-trip")
    func conditions() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            #expect(try store.loadConditions() == DeviceConditions())
            var changes = StoreChanges()
            changes.conditions = Fixtures.conditions
            try store.apply(changes, now: date(0))
            #expect(try store.loadConditions() == Fixtures.conditions)
            for network in DeviceConditions.Network.allCases {
                var next = StoreChanges()
                next.conditions = DeviceConditions(network: network)
                try store.apply(next, now: date(0))
                #expect(try store.loadConditions() == DeviceConditions(network: network))
            }
        }
    }

    @Test("log entries of every kind round-trip in order; paging by id")
    func events() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var changes = StoreChanges()
            changes.log = LogKind.allCases.enumerated().map { offset, kind in
                LogEntry(
                    time: date(Double(offset)), kind: kind, subject: "task \(offset)", reason: offset == 0 ? "" : "r")
            }
            try store.apply(changes, now: date(0))
            let all = try store.events()
            #expect(all.map(\.entry) == changes.log)
            #expect(all.map(\.id) == Array(1...Int64(changes.log.count)))
            let page = try store.events(after: 3, limit: 2)
            #expect(page.map(\.id) == [4, 5])
            let latest = try store.latestEvents(limit: 3)
            #expect(latest.map(\.entry) == Array(changes.log.suffix(3)))
        }
    }

    @Test("data survives closing and reopening")
    func reopen() throws {
        try withTemporaryHome { home in
            var changes = StoreChanges()
            changes.tasks = [Fixtures.fullTask()]
            changes.sessions = [Fixtures.session]
            changes.conditions = Fixtures.conditions
            do {
                let store = try Store.open(home: home)
                try store.apply(changes, now: date(0))
                try store.checkpoint()
                store.close()
                #expect(throws: StoreError.closed) { try store.loadTasks() }
            }
            let store = try Store.open(home: home)
            #expect(try store.loadTasks() == [Fixtures.fullTask()])
            #expect(try store.loadSessions() == [Fixtures.session])
            #expect(try store.loadConditions() == Fixtures.conditions)
            #expect(try store.integrityCheck() == "ok")
        }
    }
}
