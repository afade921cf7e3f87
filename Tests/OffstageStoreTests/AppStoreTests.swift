import Foundation
import Testing

@testable import OffstageCore
@testable import OffstageStore

/// Model-app values with every field set, built through the core's internal memberwise initialisers.
enum AppFixtures {
    /// A state with every part of the life cycle and the mistakes away from their defaults.
    static func state() -> StoredAppState {
        var lifecycle = AppLifecycleState(
            policy: AppLifecyclePolicy(relaunchInitialDelay: 30.5, relaunchMaxDelay: 1_800.25))
        lifecycle.phase = .background
        lifecycle.backgroundSince = 1e9 + 0.125
        lifecycle.tasks = [
            BackgroundTaskRecord(
                id: BackgroundTaskID(rawValue: 3), name: "upload", hasExpirationHandler: true, begunAt: 1e9 + 1.5,
                expired: true),
            BackgroundTaskRecord(
                id: BackgroundTaskID(rawValue: 4), name: "", hasExpirationHandler: false, begunAt: 1e9 + 2.75),
        ]
        lifecycle.handlers = [
            OutstandingCompletionHandler(
                token: CompletionHandlerToken(rawValue: 2), session: "com.example.photos", deadline: 1e9 + 30.5,
                eventsFinished: true)
        ]
        lifecycle.pendingRelaunches = ["com.example.photos", "com.example.feed"]
        lifecycle.forceQuit = true
        lifecycle.transfersHeldForLaunch = true
        lifecycle.lastTermination = .watchdog(code: "0x2182bad3")
        _ = lifecycle.limiter.recordRelaunch(at: 100.1)
        lifecycle.nextTaskNumber = 5
        lifecycle.nextTokenNumber = 3
        return StoredAppState(
            lifecycle: lifecycle, mistakes: AppMistakes(movesFileAsynchronously: true, omitsTaskDescription: true))
    }

    /// A record keyed `key`, with every optional field set.
    static func record(_ key: String, status: AppRecordStatus = .failed) -> AppRecord {
        var record = AppRecord(
            taskDescription: key, session: "com.example.photos", kind: .download,
            url: "https://example.com/\(key)?x=1", uploadPath: "/tmp/in \(key).bin", status: status,
            resumeData: ResumeData(url: "https://example.com/\(key)", offset: 5_000_000_000, validator: "\"etag\""),
            lastTaskIdentifier: 12)
        record.deliveredPath = "/tmp/out dir/\(key).pdf"
        record.note = "naïve résumé"
        return record
    }

    /// A record keyed `key`, with every optional field nil.
    static func bareRecord(_ key: String) -> AppRecord {
        AppRecord(taskDescription: key, session: "com.example.feed", kind: .upload, url: "http://localhost/\(key)")
    }

    /// Changes carrying the full state, two records and two log lines.
    static func changes() -> AppChanges {
        AppChanges(
            state: state(), upserts: [record("photo-1"), bareRecord("upload-2")],
            log: [
                LogEntry(time: date(60), kind: .appLifecycle, subject: "app", reason: "background"),
                LogEntry(time: date(61), kind: .appSession, subject: "com.example.photos"),
            ])
    }
}

@Suite("Model app tables")
struct AppStoreTests {
    @Test("a fresh store has no app state and an empty registry")
    func fresh() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            #expect(try store.loadAppState() == nil)
            #expect(try store.loadAppRegistry() == AppRegistry())
            #expect(try store.loadAppRegistry().records.isEmpty)
        }
    }

    @Test("the state and the registry round-trip exactly, through a reopen")
    func roundTrip() throws {
        try withTemporaryHome { home in
            let changes = AppFixtures.changes()
            do {
                let store = try Store.open(home: home)
                try store.apply(app: changes, now: date(0))
                store.close()
            }
            let store = try Store.open(home: home)
            #expect(try store.loadAppState() == AppFixtures.state())
            let registry = try store.loadAppRegistry()
            #expect(registry == AppRegistry([AppFixtures.record("photo-1"), AppFixtures.bareRecord("upload-2")]))
            #expect(registry.records["photo-1"]?.resumeData?.offset == 5_000_000_000)
            #expect(registry.records["photo-1"]?.note == "naïve résumé")
            #expect(registry.records["upload-2"]?.deliveredPath == nil)
            #expect(try store.events().map(\.entry) == changes.log)
            // Nothing of the system's side is written by app-only changes.
            #expect(try store.loadTasks().isEmpty)
            #expect(try store.loadSchedulerState() == nil)
        }
    }

    @Test("a later state replaces the row; a nil state leaves it alone")
    func stateReplaced() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.apply(app: AppFixtures.changes(), now: date(0))
            var next = AppFixtures.state()
            next.lifecycle.phase = .suspended
            next.mistakes = AppMistakes()
            try store.apply(app: AppChanges(state: next), now: date(0))
            #expect(try store.loadAppState() == next)
            #expect(try store.withDatabase { try $0.scalarInteger("SELECT count(*) FROM app_state") } == 1)
            try store.apply(app: AppChanges(upserts: [AppFixtures.bareRecord("later")]), now: date(0))
            #expect(try store.loadAppState() == next)
            #expect(try store.loadAppRegistry().records.keys.sorted() == ["later", "photo-1", "upload-2"])
        }
    }

    @Test("removals delete their keys, upserts replace by key, and a removed key can be upserted again")
    func removalsAndUpserts() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.apply(app: AppFixtures.changes(), now: date(0))
            // Removing a key that is not there is not an error.
            try store.apply(app: AppChanges(removals: ["upload-2", "never-there"]), now: date(0))
            #expect(try store.loadAppRegistry() == AppRegistry([AppFixtures.record("photo-1")]))

            let delivered = AppFixtures.record("photo-1", status: .delivered)
            try store.apply(app: AppChanges(upserts: [delivered, AppFixtures.bareRecord("upload-3")]), now: date(0))
            #expect(try store.loadAppRegistry() == AppRegistry([delivered, AppFixtures.bareRecord("upload-3")]))
            #expect(try store.withDatabase { try $0.scalarInteger("SELECT count(*) FROM app_registry") } == 2)

            // Removals run before upserts: one change can drop a key and file it again.
            let lost = AppFixtures.record("photo-1", status: .lost)
            try store.apply(app: AppChanges(upserts: [lost], removals: ["photo-1", "upload-3"]), now: date(0))
            #expect(try store.loadAppRegistry() == AppRegistry([lost]))
            #expect(try store.loadAppState() == AppFixtures.state())
        }
    }

    @Test("transfer changes and app changes are written together, transfer lines first")
    func withTransfers() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let transfers = TransactionTests.everything()
            try store.apply(app: AppFixtures.changes(), transfers: transfers, now: date(9))
            #expect(try store.loadTasks() == [Fixtures.fullTask(), Fixtures.bareTask()])
            #expect(try store.loadSessions() == [Fixtures.session])
            #expect(try store.loadConditions() == Fixtures.conditions)
            #expect(try store.outbox().count == 1)
            #expect(try store.loadAppState() == AppFixtures.state())
            #expect(try store.loadAppRegistry().records.count == 2)
            #expect(try store.events().map(\.entry) == transfers.log + AppFixtures.changes().log)
        }
    }

    @Test(
        "a failure after any part of an app apply leaves nothing written, transfers included",
        arguments: ["sessions", "tasks", "log", "outbox", "app-state", "app-removals", "app-upserts", "app-log"])
    func atomicApply(failingAfter part: String) throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.apply(app: AppChanges(upserts: [AppFixtures.bareRecord("kept")]), now: date(0))
            store.setApplyHook { if $0 == part { throw InjectedFailure() } }
            #expect(throws: InjectedFailure.self) {
                try store.apply(
                    app: AppChanges(
                        state: AppFixtures.state(), upserts: AppFixtures.changes().upserts, removals: ["kept"],
                        log: AppFixtures.changes().log),
                    transfers: TransactionTests.everything(), now: date(9))
            }
            store.setApplyHook(nil)
            #expect(try store.loadAppState() == nil)
            #expect(try store.loadAppRegistry() == AppRegistry([AppFixtures.bareRecord("kept")]))
            #expect(try store.loadTasks().isEmpty)
            #expect(try store.loadSessions().isEmpty)
            #expect(try store.events().isEmpty)
            #expect(try store.outbox().isEmpty)
        }
    }

    @Test("empty changes write nothing and open no transaction")
    func emptyIsNoOp() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var parts: [String] = []
            store.setApplyHook { parts.append($0) }
            try store.apply(app: AppChanges(), now: date(0))
            try store.apply(app: AppChanges(), transfers: StoreChanges(), now: date(1))
            store.setApplyHook(nil)
            #expect(parts.isEmpty)
            #expect(try store.loadAppState() == nil)
            #expect(try store.events().isEmpty)
        }
    }

    @Test(
        "completing a command with app and transfer changes is one transaction",
        arguments: ["sessions", "outbox", "app-state", "app-upserts", "app-log"])
    func atomicCompleteCommand(failingAfter part: String) throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let id = try store.enqueue(.pause(id: 7), now: date(0))
            let transfers = TransactionTests.everything()
            store.setApplyHook { if $0 == part { throw InjectedFailure() } }
            #expect(throws: InjectedFailure.self) {
                try store.completeCommand(
                    id: id, status: .done, result: "ok", app: AppFixtures.changes(), transfers: transfers,
                    now: date(9))
            }
            store.setApplyHook(nil)
            #expect(try store.commandStatus(id: id)?.0 == .pending)
            #expect(try store.loadTasks().isEmpty)
            #expect(try store.events().isEmpty)
            #expect(try store.outbox().isEmpty)
            #expect(try store.loadAppState() == nil)
            #expect(try store.loadAppRegistry().records.isEmpty)

            try store.completeCommand(
                id: id, status: .done, result: "ok", app: AppFixtures.changes(), transfers: transfers, now: date(9))
            #expect(try store.commandStatus(id: id)?.0 == .done)
            #expect(try store.commandStatus(id: id)?.1 == "ok")
            #expect(try store.pendingCommands().isEmpty)
            #expect(try store.loadTasks().count == 2)
            #expect(try store.loadAppState() == AppFixtures.state())
            #expect(try store.loadAppRegistry() == AppRegistry(AppFixtures.changes().upserts))
            #expect(try store.events().map(\.entry) == transfers.log + AppFixtures.changes().log)
        }
    }

    @Test("completing a command with app changes only, or none; a finished command is refused")
    func completeCommandPartial() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let first = try store.enqueue(.pause(id: 7), now: date(0))
            let second = try store.enqueue(.pause(id: 8), now: date(1))
            try store.completeCommand(id: first, status: .refused, result: "no", app: AppChanges(), now: date(0))
            try store.completeCommand(
                id: second, status: .done, result: "mistake on", app: AppChanges(state: AppFixtures.state()),
                now: date(0))
            #expect(try store.commandStatus(id: first)?.0 == .refused)
            #expect(try store.commandStatus(id: first)?.1 == "no")
            #expect(try store.commandStatus(id: second)?.1 == "mistake on")
            #expect(try store.loadAppState() == AppFixtures.state())
            #expect(try store.loadTasks().isEmpty)
            #expect(try store.events().isEmpty)
            // A command that is no longer pending is refused and nothing is written.
            #expect(throws: StoreError.invalidRow(table: "inbox", detail: "command \(first) is not pending")) {
                try store.completeCommand(
                    id: first, status: .done, result: "", app: AppFixtures.changes(),
                    transfers: TransactionTests.everything(), now: date(0))
            }
            #expect(try store.commandStatus(id: first)?.0 == .refused)
            #expect(try store.loadAppRegistry().records.isEmpty)
            #expect(try store.loadTasks().isEmpty)
        }
    }

    @Test("a version 2 store is migrated to the current version and keeps all its data")
    func migrationFromVersion2() throws {
        try withTemporaryHome { home in
            try home.prepare()
            let scheduler = SchedulerFixtures.changes()
            do {
                let v2 = try Database(
                    path: home.databasePath, readOnly: false, migrations: [Schema.version1, Schema.version2])
                #expect(try v2.scalarInteger("PRAGMA user_version") == 2)
                try v2.transaction {
                    try v2.run(Records.upsertSession, Records.values(Fixtures.session))
                    try v2.run(Fixtures.insertBeforeOptions(Fixtures.fullTask()).0, Fixtures.insertBeforeOptions(Fixtures.fullTask()).1)
                    try v2.run(
                        Records.insertEvent, Records.values(LogEntry(time: date(3), kind: .paused, subject: "x")))
                    try v2.run(
                        "INSERT INTO inbox (created, command, status) VALUES (?, ?, 'pending')",
                        [.date(date(4)), .text(#"{"pause":{"id":3}}"#)])
                    try v2.run(
                        "INSERT INTO scheduler_state (id, state) VALUES (1, ?)",
                        [.text(try Store.encodeJSON(scheduler.state))])
                }
                #expect(try v2.scalarInteger("SELECT count(*) FROM sqlite_master WHERE name LIKE 'app_%'") == 0)
                v2.close()
            }
            let store = try Store.open(home: home)
            #expect(
                try store.withDatabase { try $0.scalarInteger("PRAGMA user_version") } == Int64(Store.schemaVersion))
            #expect(Store.schemaVersion == 9)
            #expect(try store.loadSessions() == [Fixtures.session])
            #expect(try store.loadTasks() == [Fixtures.fullTask()])
            #expect(try store.events().map(\.entry) == [LogEntry(time: date(3), kind: .paused, subject: "x")])
            #expect(try store.pendingCommands().map(\.command) == [.pause(id: 3)])
            #expect(try store.loadSchedulerState() == scheduler.state)
            #expect(try store.loadAppState() == nil)
            #expect(try store.loadAppRegistry().records.isEmpty)
            // The new tables work after the migration.
            try store.apply(app: AppFixtures.changes(), now: date(0))
            #expect(try store.loadAppState() == AppFixtures.state())
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("a current store is refused by a build that knows only version 2")
    func tooNewForVersion2() throws {
        try withTemporaryHome { home in
            _ = try Store.open(home: home)
            #expect(throws: StoreError.tooNew(home.databasePath, found: Store.schemaVersion, supported: 2)) {
                _ = try Database(
                    path: home.databasePath, readOnly: false, migrations: [Schema.version1, Schema.version2])
            }
        }
    }

    @Test("an unreadable state row is reported, naming the table")
    func unreadableState() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.withDatabase { try $0.run("INSERT INTO app_state (id, state) VALUES (1, '{}')") }
            #expect {
                try store.loadAppState()
            } throws: { error in
                "\(error)".hasPrefix("unreadable row in table app_state: the state is not a valid")
            }
        }
    }

    @Test("an unreadable or misfiled registry row is set aside, naming the table and the key")
    func unreadableRecord() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.withDatabase {
                try $0.run("INSERT INTO app_registry (task_description, record) VALUES ('broken', '[]')")
            }
            let broken = try store.loadAppRegistrySettingAside()
            #expect(broken.registry.records.isEmpty)
            #expect(broken.setAside.map(\.row) == ["record broken"])
            #expect(broken.setAside.first?.table == "app_registry")
            #expect(broken.setAside.first?.reason.hasPrefix("record broken is not a valid") == true)
            let json = try Store.encodeJSON(AppFixtures.bareRecord("other"))
            try store.withDatabase {
                try $0.run("DELETE FROM app_registry")
                try $0.run("INSERT INTO app_registry (task_description, record) VALUES ('key', ?)", [.text(json)])
            }
            let misfiled = try store.loadAppRegistrySettingAside()
            #expect(misfiled.registry.records.isEmpty)
            #expect(
                misfiled.setAside == [
                    SetAsideRow(
                        table: "app_registry", row: "record key", reason: "record key holds the taskDescription other")
                ])
        }
    }
}
