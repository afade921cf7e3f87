import Foundation
import OffstageCore
import Testing

@testable import OffstageStore

@Suite("Work requests table (schema v5)")
struct WorkStoreTests {
    /// Two requests as a real transition leaves them: one running with a chain behind it, one periodic.
    static func requests() -> [WorkRequest] {
        var model = WorkManagerModel()
        let now = date(0)
        let spec = WorkRequestSpec(
            worker: .download("http://localhost/a"), tags: ["sync"], input: ["k": "v"],
            constraints: WorkConstraints(network: .unmetered), backoff: BackoffCriteria(policy: .linear, delay: 60))
        _ = model.handle(.enqueue(WorkEnqueue(spec: spec, name: "a", policy: .append)), now: now)
        _ = model.handle(
            .enqueue(WorkEnqueue(spec: WorkRequestSpec(worker: .shell("true")), name: "b", after: ["a"])), now: now)
        let periodic = WorkRequestSpec(
            worker: .simulated(seconds: 5, result: .retry), kind: .periodic(PeriodicSchedule(interval: 3600, flex: 900))
        )
        _ = model.handle(.enqueue(WorkEnqueue(spec: periodic, name: "p", policy: .update)), now: now)
        if let id = model.state.requests.first?.id {
            _ = model.handle(.setForeground(id: id, notification: "Downloading"), now: date(1))
        }
        return model.state.requests
    }

    @Test("requests round-trip exactly; removals delete")
    func roundTrip() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let requests = Self.requests()
            #expect(requests.count == 3)
            #expect(requests.first?.state == .running && requests.first?.run?.notification == "Downloading")
            try store.apply(work: WorkChanges(upserts: requests))
            #expect(try store.loadWorkRequests() == requests)
            var changed = requests[1]
            changed.state = .cancelled
            try store.apply(work: WorkChanges(upserts: [changed], removals: [requests[2].id]))
            #expect(try store.loadWorkRequests() == [requests[0], changed])
            // A reloaded model carries on from the stored rows.
            var model = WorkManagerModel(requests: try store.loadWorkRequests())
            let actions = model.handle(.started, now: date(10))
            #expect(model.state.requests.first?.stopReason == .unknown)
            #expect(actions.contains { if case .persist = $0 { return true } else { return false } })
        }
    }

    @Test(
        "rows that cannot be used are set aside, the rest load",
        arguments: ["not json", "wrong-id", "wrong-state", "short-interval", "huge-date"])
    func setAside(_ damage: String) throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let requests = Self.requests()
            try store.apply(work: WorkChanges(upserts: requests))
            let victim = requests[2]
            var json = try Store.encodeJSON(victim)
            var state = victim.state.rawValue
            var id = victim.id
            switch damage {
            case "not json": json = "{"
            case "wrong-id": id = "someone-else"
            case "wrong-state": state = "SUCCEEDED"
            case "short-interval":
                var bad = victim
                bad.spec.kind = .periodic(PeriodicSchedule(interval: 60, flex: 60))
                json = try Store.encodeJSON(bad)
            default:
                var bad = victim
                bad.earliestRunAt = Date(timeIntervalSince1970: 1e300)
                json = try Store.encodeJSON(bad)
            }
            try store.withDatabase { database in
                _ = try database.run("DELETE FROM work_requests WHERE id = ?", [.text(victim.id)])
                _ = try database.run(
                    "INSERT INTO work_requests (id, sequence, name, state, request) VALUES (?, ?, ?, ?, ?)",
                    [.text(id), .int(victim.sequence), .text(victim.name), .text(state), .text(json)])
            }
            let (loaded, aside) = try store.loadWorkRequestsSettingAside()
            #expect(loaded == Array(requests.prefix(2)))
            #expect(aside.count == 1)
            #expect(aside.first?.table == "work_requests")
            #expect(aside.first?.row == "work \(id)")
        }
    }

    @Test("a version 4 store migrates to version 5, keeps its data and gains an empty work_requests table")
    func migrationFromVersion4() throws {
        try withTemporaryHome { home in
            try home.prepare()
            do {
                let v4 = try Database(
                    path: home.databasePath, readOnly: false,
                    migrations: [Schema.version1, Schema.version2, Schema.version3, Schema.version4])
                #expect(try v4.scalarInteger("PRAGMA user_version") == 4)
                _ = try v4.transaction {
                    try v4.run(Fixtures.insertBeforeOptions(Fixtures.bareTask(id: 1)).0, Fixtures.insertBeforeOptions(Fixtures.bareTask(id: 1)).1)
                }
                #expect(try v4.scalarInteger("SELECT count(*) FROM sqlite_master WHERE name = 'work_requests'") == 0)
                v4.close()
            }
            let store = try Store.open(home: home)
            #expect(
                try store.withDatabase { try $0.scalarInteger("PRAGMA user_version") } == Int64(Store.schemaVersion))
            #expect(try store.loadTasks() == [Fixtures.bareTask(id: 1)])
            #expect(try store.loadWorkRequests() == [])
            let requests = Self.requests()
            try store.apply(work: WorkChanges(upserts: requests))
            #expect(try store.loadWorkRequests() == requests)
            #expect(try store.integrityCheck() == "ok")
        }
    }
}

@Suite("Android state table (schema v6)")
struct AndroidStoreTests {
    @Test("a version 5 store migrates to version 6 and keeps its work requests; the state and work commit together")
    func migrationAndRoundTrip() throws {
        try withTemporaryHome { home in
            try home.prepare()
            let requests = WorkStoreTests.requests()
            do {
                let v5 = try Database(
                    path: home.databasePath, readOnly: false,
                    migrations: [Schema.version1, Schema.version2, Schema.version3, Schema.version4, Schema.version5])
                #expect(try v5.scalarInteger("PRAGMA user_version") == 5)
                v5.close()
            }
            do {
                let store = try Store.open(home: home)
                try store.apply(work: WorkChanges(upserts: requests))
            }
            let store = try Store.open(home: home)
            #expect(
                try store.withDatabase { try $0.scalarInteger("PRAGMA user_version") } == Int64(Store.schemaVersion))
            #expect(try store.loadWorkRequests() == requests)
            #expect(try store.loadAndroidState() == nil)
            var state = AndroidSystemState()
            state.bucket = .rare
            state.dozeSince = Date(timeIntervalSinceReferenceDate: 1000)
            let entry = LogEntry(
                time: Date(timeIntervalSinceReferenceDate: 1000), kind: .work, subject: "work a", reason: "x")
            let command = try store.enqueue(.android(.bucket(.rare)), now: Date())
            try store.apply(
                android: AndroidStoreChanges(
                    systemState: state, work: [WorkChanges(removals: [requests[0].id])], log: [entry]),
                command: (command, .done, "ok"))
            #expect(try store.loadAndroidState() == state)
            #expect(try store.loadWorkRequests() == Array(requests.dropFirst()))
            #expect(try store.events(after: 0, limit: 10).map(\.entry).contains(entry))
            #expect(try store.commandStatus(id: command)?.0 == .done)
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("a failure half-way writes nothing, and the command stays pending")
    func atomic() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let command = try store.enqueue(.android(.reboot), now: Date())
            store.setApplyHook { part in if part == "android-work" { throw StoreError.closed } }
            var state = AndroidSystemState()
            state.forceStopped = true
            #expect(throws: StoreError.self) {
                try store.apply(
                    android: AndroidStoreChanges(
                        systemState: state, work: [WorkChanges(upserts: WorkStoreTests.requests())]),
                    command: (command, .done, "ok"))
            }
            store.setApplyHook(nil)
            #expect(try store.loadAndroidState() == nil)
            #expect(try store.loadWorkRequests() == [])
            #expect(try store.commandStatus(id: command)?.0 == .pending)
        }
    }

    @Test("an unreadable state row is an invalid row")
    func badRow() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.withDatabase {
                try $0.execute("INSERT INTO android_state (id, state) VALUES (1, '{\"bucket\": 7}')")
            }
            #expect(throws: StoreError.self) { try store.loadAndroidState() }
        }
    }
}
