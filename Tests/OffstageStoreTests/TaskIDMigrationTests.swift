import Foundation
import OffstageCore
import Testing

@testable import OffstageStore

@Suite("Task id counter (schema v4)")
struct TaskIDMigrationTests {
    static let spec = TransferSpec(url: "http://localhost/file", name: "file.bin")

    @Test("a version 3 store keeps every id it handed out; commands stop using up task ids")
    func migrationFromVersion3() throws {
        try withTemporaryHome { home in
            try home.prepare()
            do {
                let v3 = try Database(
                    path: home.databasePath, readOnly: false,
                    migrations: [Schema.version1, Schema.version2, Schema.version3])
                #expect(try v3.scalarInteger("PRAGMA user_version") == 3)
                try v3.transaction {
                    // Version 3's numbering: inbox 1 added task 1, inbox 2 paused it, inbox 3 is an add `ls` showed
                    // as task 3, still pending.
                    let encoder = JSONEncoder()
                    encoder.outputFormatting = [.sortedKeys]
                    let add = String(decoding: try encoder.encode(DaemonCommand.add(Self.spec)), as: UTF8.self)
                    try v3.run(
                        "INSERT INTO inbox (created, command, status, result) VALUES (?, ?, 'done', 'ok')",
                        [.date(date(0)), .text(add)])
                    try v3.run(Fixtures.insertBeforeOptions(Fixtures.bareTask(id: 1)).0, Fixtures.insertBeforeOptions(Fixtures.bareTask(id: 1)).1)
                    try v3.run(
                        "INSERT INTO inbox (created, command, status, result) VALUES (?, ?, 'done', 'ok')",
                        [.date(date(1)), .text(#"{"pause":{"id":1}}"#)])
                    try v3.run(
                        "INSERT INTO inbox (created, command, status) VALUES (?, ?, 'pending')",
                        [.date(date(2)), .text(add)])
                }
                v3.close()
            }
            let store = try Store.open(home: home)
            #expect(
                try store.withDatabase { try $0.scalarInteger("PRAGMA user_version") } == Int64(Store.schemaVersion))
            #expect(try store.loadTasks() == [Fixtures.bareTask(id: 1)])
            #expect(try store.reservedTaskID(command: 1) == 1)
            #expect(try store.reservedTaskID(command: 2) == nil)
            #expect(try store.reservedTaskID(command: 3) == 3)
            #expect(try store.pendingCommands().map(\.id) == [3])
            // The counter starts past every id either sequence gave; the inbox goes on with its own.
            let next = try store.enqueueAdd(Self.spec, now: date(3))
            #expect(next.command == 4 && next.task == 4)
            #expect(try store.enqueue(.pause(id: 4), now: date(4)) == 5)
            #expect(try store.enqueueAdd(Self.spec, now: date(5)).task == 5)
            // The old trigger is gone: a task inserted directly moves the task counter, not the inbox's sequence.
            var changes = StoreChanges()
            changes.tasks = [Fixtures.bareTask(id: 20)]
            try store.apply(changes, now: date(6))
            #expect(try store.enqueue(.pause(id: 20), now: date(6)) == 7)
            #expect(try store.reserveTaskID() == 21)
            #expect(try store.integrityCheck() == "ok")
        }
    }

    @Test("a fresh store numbers tasks from 1 whatever the inbox holds")
    func freshStore() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.enqueue(.setConditions(DeviceConditions()), now: date(0))
            try store.enqueue(.pause(id: 1), now: date(1))
            #expect(try store.enqueueAdd(Self.spec, now: date(2)).task == 1)
            #expect(try store.enqueueAdd(Self.spec, now: date(3)).task == 2)
        }
    }
}
