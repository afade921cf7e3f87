import Foundation
import OffstageCore
import Testing

@testable import OffstageStore

/// `Store.commit`: the one transaction every step of the engine writes, with the command it completes.
@Suite("One commit per step")
struct CommitTests {
    /// A step touching every part: transfers, scheduler, app and Android.
    static func everything() -> StoreCommit {
        var android = AndroidSystemState()
        android.bucket = .rare
        return StoreCommit(
            transfers: TransactionTests.everything(), scheduler: SchedulerFixtures.changes(),
            app: AppFixtures.changes(),
            android: AndroidStoreChanges(
                systemState: android, work: [WorkChanges(upserts: WorkStoreTests.requests())],
                log: [LogEntry(time: date(3), kind: .work, subject: "work a", reason: "enqueued")]))
    }

    @Test("every part and the command's end are written together, log lines in the order of the parts")
    func writesEverything() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let id = try store.enqueue(.pause(id: 7), now: date(0))
            let commit = Self.everything()
            try store.commit(
                commit, completing: (id: id, status: .refused, result: "why"), now: date(1))
            #expect(try store.commandStatus(id: id)?.0 == .refused)
            #expect(try store.commandStatus(id: id)?.1 == "why")
            #expect(try store.loadTasks().count == 2)
            #expect(try store.loadSchedulerState() == SchedulerFixtures.changes().state)
            #expect(try store.loadAppState() == AppFixtures.state())
            #expect(try store.loadAndroidState()?.bucket == .rare)
            #expect(try store.loadWorkRequests() == WorkStoreTests.requests())
            #expect(try store.events().map(\.entry) == commit.log)
        }
    }

    @Test(
        "a failure after any part writes nothing, and the command stays pending",
        arguments: ["outbox", "scheduler-runs", "app-log", "android-work", "android-log"])
    func atomic(failingAfter part: String) throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let id = try store.enqueue(.pause(id: 7), now: date(0))
            store.setApplyHook { if $0 == part { throw InjectedFailure() } }
            #expect(throws: InjectedFailure.self) {
                try store.commit(
                    Self.everything(), completing: (id: id, status: .done, result: "ok"),
                    now: date(1))
            }
            store.setApplyHook(nil)
            #expect(try store.commandStatus(id: id)?.0 == .pending)
            #expect(try store.loadTasks().isEmpty)
            #expect(try store.loadSchedulerState() == nil)
            #expect(try store.loadAppState() == nil)
            #expect(try store.loadAndroidState() == nil)
            #expect(try store.events().isEmpty)
        }
    }

    @Test("nothing to write and no command opens no transaction; a command alone is completed")
    func emptyCommit() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var parts: [String] = []
            store.setApplyHook { parts.append($0) }
            try store.commit(StoreCommit(), now: date(0))
            #expect(parts.isEmpty)
            let id = try store.enqueue(.pause(id: 7), now: date(0))
            try store.commit(
                StoreCommit(), completing: (id: id, status: .done, result: "ok"), now: date(1))
            store.setApplyHook(nil)
            #expect(parts.isEmpty)
            #expect(try store.commandStatus(id: id)?.0 == .done)
            #expect(throws: StoreError.self) {
                try store.commit(
                    StoreCommit(), completing: (id: id, status: .done, result: "ok"), now: date(2))
            }
        }
    }
}
