import Foundation
import OffstageCore
import Testing

@testable import OffstageStore

@Suite("Command inbox")
struct InboxTests {
    static let spec = TransferSpec(url: "http://localhost/file", name: "file.bin", beginAfter: 30)

    @Test("every command round-trips through the inbox, in order")
    func ordering() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let commands: [DaemonCommand] = [
                .add(Self.spec), .pause(id: 1), .resume(id: 1), .cancel(id: 1),
                .setConditions(Fixtures.conditions), .configureSession(Fixtures.session),
            ]
            var ids: [Int64] = []
            for (offset, command) in commands.enumerated() {
                ids.append(try store.enqueue(command, now: date(Double(offset))))
            }
            #expect(ids == [1, 2, 3, 4, 5, 6])
            let pending = try store.pendingCommands()
            #expect(pending.map(\.id) == ids)
            #expect(pending.map(\.command) == commands)
            #expect(try store.commandStatus(id: 1)?.0 == .pending)
            #expect(try store.commandStatus(id: 1)?.1 == nil)
            #expect(try store.commandStatus(id: 99) == nil)
        }
    }

    @Test("the command JSON has sorted keys")
    func sortedKeys() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let id = try store.enqueue(.pause(id: 3), now: date(0))
            let json = try store.withDatabase {
                try $0.scalarText("SELECT command FROM inbox WHERE id = ?", [.integer(id)])
            }
            #expect(json == #"{"pause":{"id":3}}"#)
        }
    }

    @Test("ids are never reused, even after rows are deleted")
    func idsNeverReused() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let first = try store.enqueue(.pause(id: 1), now: date(0))
            let second = try store.enqueue(.pause(id: 2), now: date(1))
            try store.completeCommand(id: second, status: .done, result: "ok", changes: StoreChanges(), now: date(0))
            try store.completeCommand(
                id: first, status: .refused, result: "no such task", changes: StoreChanges(), now: date(0))
            #expect(try store.pruneCommands(before: date(10)) == 2)
            try store.withDatabase { try $0.run("DELETE FROM inbox") }
            store.close()
            let reopened = try Store.open(home: home)
            #expect(try reopened.enqueue(.pause(id: 3), now: date(2)) == 3)
        }
    }

    @Test("a task inserted directly reserves its id: later tasks get larger ids, commands keep their own")
    func taskIDsReserved() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            var changes = StoreChanges()
            changes.tasks = [Fixtures.bareTask(id: 41)]
            try store.apply(changes, now: date(0))
            #expect(try store.enqueue(.pause(id: 41), now: date(0)) == 1)
            let added = try store.enqueueAdd(Self.spec, now: date(1))
            #expect(added.command == 2 && added.task == 42)
            #expect(try store.reserveTaskID() == 43)
        }
    }

    @Test("task ids come from one counter: commands use up none, and an add reserves its task's id")
    func oneTaskNumbering() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            for offset in 0..<5 { try store.enqueue(.pause(id: 1), now: date(Double(offset))) }
            let first = try store.enqueueAdd(Self.spec, now: date(5))
            #expect(first.command == 6 && first.task == 1)
            #expect(try store.reservedTaskID(command: 6) == 1)
            #expect(try store.reservedTaskID(command: 5) == nil)
            #expect(try store.reservedTaskID(command: 99) == nil)
            #expect(try store.enqueue(.add(Self.spec), now: date(6)) == 7)
            #expect(try store.reservedTaskID(command: 7) == 2)
            #expect(try store.reserveTaskID() == 3)
            store.close()
            // The counter survives a reopen and never hands an id out twice.
            let reopened = try Store.open(home: home)
            #expect(try reopened.enqueueAdd(Self.spec, now: date(7)).task == 4)
        }
    }

    @Test("completing a command writes its changes in the same transaction, exactly once")
    func completionIsAtomic() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let id = try store.enqueue(.add(Self.spec), now: date(0))
            var changes = StoreChanges()
            changes.tasks = [Fixtures.bareTask(id: id)]
            changes.log = [LogEntry(time: date(1), kind: .taskAdded, subject: "task \(id)")]

            store.setApplyHook { if $0 == "log" { throw InjectedFailure() } }
            #expect(throws: InjectedFailure.self) {
                try store.completeCommand(id: id, status: .done, result: "task \(id)", changes: changes, now: date(0))
            }
            #expect(try store.pendingCommands().map(\.id) == [id])
            #expect(try store.task(id: id) == nil)
            #expect(try store.events().isEmpty)

            store.setApplyHook(nil)
            try store.completeCommand(id: id, status: .done, result: "task \(id)", changes: changes, now: date(0))
            #expect(try store.pendingCommands().isEmpty)
            #expect(try store.task(id: id) == Fixtures.bareTask(id: id))
            let status = try #require(try store.commandStatus(id: id))
            #expect(status.0 == .done)
            #expect(status.1 == "task \(id)")

            // A second completion is refused and writes nothing.
            var again = StoreChanges()
            again.log = [LogEntry(time: date(2), kind: .command, subject: "again")]
            #expect(throws: StoreError.invalidRow(table: "inbox", detail: "command \(id) is not pending")) {
                try store.completeCommand(id: id, status: .refused, result: "dup", changes: again, now: date(0))
            }
            #expect(try store.events().count == 1)
            #expect(try store.commandStatus(id: id)?.0 == .done)
        }
    }

    @Test("a local command is recorded with its changes; an add gets the next task id, not its inbox id")
    func recordLocal() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            _ = try store.enqueue(.pause(id: 9), now: date(0))
            let id = try store.record(.add(Self.spec), now: date(1)) { taskID in
                var changes = StoreChanges()
                changes.tasks = [Fixtures.bareTask(id: taskID)]
                return (.done, "task \(taskID)", changes)
            }
            #expect(id == 2)
            #expect(try store.task(id: 1) == Fixtures.bareTask(id: 1))
            #expect(try store.reservedTaskID(command: 2) == 1)
            #expect(try store.commandStatus(id: 2)?.0 == .done)
            #expect(try store.pendingCommands().map(\.id) == [1])

            #expect(throws: InjectedFailure.self) {
                try store.record(.cancel(id: 2), now: date(2)) { _ in throw InjectedFailure() }
            }
            #expect(try store.commandStatus(id: 3) == nil)
        }
    }

    @Test("an unreadable command row is refused and the commands after it still run")
    func unreadableCommand() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            try store.withDatabase {
                try $0.run("INSERT INTO inbox (created, command) VALUES (0, '{\"explode\":{}}')")
            }
            let good = try store.enqueue(.pause(id: 3), now: date(1))
            #expect(try store.pendingCommands().map(\.id) == [good])
            let status = try store.commandStatus(id: 1)
            #expect(status?.0 == .refused)
            #expect(status?.1 == "not a command this offstage understands")
        }
    }

    @Test("a batch reserves one task id per URL, consecutive, in its one inbox row; the next add comes after them")
    func batchReservesConsecutiveIDs() throws {
        try withTemporaryHome { home in
            let store = try Store.open(home: home)
            let single = try store.enqueueAdd(Self.spec, now: date(0))
            let batch = TransferBatch(
                template: TransferSpec(url: ""), urls: (1...1000).map { "http://localhost/\($0)" }, source: "list")
            let ids = try store.enqueueBatch(batch, now: date(1))
            #expect(ids.firstTask == single.task + 1)
            #expect(try store.reservedTaskID(command: ids.command) == ids.firstTask)
            #expect(try store.pendingCommands().last?.command == .addBatch(batch))
            #expect(try store.enqueueAdd(Self.spec, now: date(2)).task == ids.firstTask + 1000)
        }
    }
}
