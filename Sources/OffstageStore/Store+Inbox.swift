import Foundation
import OffstageCore

extension Store {
    /// Leaves a command for the running daemon; returns its inbox id (never reused, even after deletion).
    ///
    /// An `.add` also reserves its task's id from the home's task counter, in the same transaction
    /// (`enqueueAdd` returns it; `reservedTaskID(command:)` finds it again), and an `.addBatch` one id per URL
    /// (`enqueueBatch`). Other commands use up no task id.
    @discardableResult
    public func enqueue(_ command: DaemonCommand, now: Date) throws -> Int64 {
        try insert(command, now: now).command
    }

    /// Leaves an `add` for the running daemon; returns the inbox id and the id the task will have.
    @discardableResult
    public func enqueueAdd(_ spec: TransferSpec, now: Date) throws -> (command: Int64, task: Int64) {
        try insertReservingTask(.add(spec), now: now)
    }

    /// Leaves a batch of downloads for the running daemon in one row; returns the inbox id and the first of the
    /// consecutive ids its tasks will have.
    @discardableResult
    public func enqueueBatch(_ batch: TransferBatch, now: Date) throws -> (command: Int64, firstTask: Int64) {
        let ids = try insertReservingTask(.addBatch(batch), now: now)
        return (ids.command, ids.task)
    }

    /// Inserts a command that reserves task ids (`add`, `addBatch`); returns its inbox id and its (first) task id.
    private func insertReservingTask(_ command: DaemonCommand, now: Date) throws -> (command: Int64, task: Int64) {
        let ids = try insert(command, now: now)
        guard let task = ids.task else {
            throw StoreError.invalidRow(table: "inbox", detail: "command \(ids.command) reserved no task id")
        }
        return (ids.command, task)
    }

    /// The (first) task id an `add` or `addBatch` command reserved, or nil when the command is not an `add` (or does not exist).
    public func reservedTaskID(command id: Int64) throws -> Int64? {
        try withDatabase { database in
            try database.query("SELECT task_id FROM inbox WHERE id = ?", [.integer(id)], table: "inbox") {
                $0.optionalInt64(0)
            }.first ?? nil
        }
    }

    /// Hands out the next task id (never reused), for a task the running daemon creates itself.
    public func reserveTaskID() throws -> Int64 {
        try write { try Store.nextTaskID(in: $0) }
    }

    /// Hands out `count` consecutive task ids (never reused); returns the first.
    public func reserveTaskIDs(_ count: Int) throws -> Int64 {
        try write { try Store.reserveTaskIDs(count, in: $0) }
    }

    /// Takes the next id from the home's task counter, inside an open transaction.
    static func nextTaskID(in database: Database) throws -> Int64 {
        try reserveTaskIDs(1, in: database)
    }

    /// Takes `count` consecutive ids from the home's task counter inside an open transaction; returns the first.
    static func reserveTaskIDs(_ count: Int, in database: Database) throws -> Int64 {
        try database.run("UPDATE task_ids SET last = last + ? WHERE id = 1", [.int(max(1, count))])
        return try database.scalarInteger("SELECT last FROM task_ids WHERE id = 1") - Int64(max(1, count)) + 1
    }

    /// The first task id `command` reserves (see `DaemonCommand.reservedTaskCount`), or nil when it reserves none.
    static func reserveTaskIDs(for command: DaemonCommand, in database: Database) throws -> Int64? {
        let count = command.reservedTaskCount
        return count > 0 ? try reserveTaskIDs(count, in: database) : nil
    }

    /// Inserts a pending command (reserving a task id for an `add`) in one transaction.
    private func insert(_ command: DaemonCommand, now: Date) throws -> (command: Int64, task: Int64?) {
        let json = try Store.encode(command)
        return try write { database in
            let task = try Store.reserveTaskIDs(for: command, in: database)
            try database.run(
                "INSERT INTO inbox (created, command, status, task_id) VALUES (?, ?, ?, ?)",
                [.date(now), .text(json), .text(CommandStatus.pending.rawValue), task.map { .integer($0) } ?? .null]
            )
            return (database.lastInsertRowID, task)
        }
    }

    /// The commands still pending, oldest first.
    ///
    /// A command whose JSON this build cannot decode is refused on the spot (its result says why) rather than
    /// stopping every later command: the inbox carries on.
    public func pendingCommands() throws -> [(id: Int64, command: DaemonCommand)] {
        let rows = try withDatabase { database in
            try database.query(
                "SELECT id, command FROM inbox WHERE status = ? ORDER BY id",
                [.text(CommandStatus.pending.rawValue)], table: "inbox"
            ) { row in
                let id = row.int64(0)
                return (id, Result { try Store.decode(row.string(1), id: id) })
            }
        }
        var commands: [(id: Int64, command: DaemonCommand)] = []
        for (id, decoded) in rows {
            switch decoded {
            case .success(let command):
                commands.append((id, command))
            case .failure:
                guard !isReadOnly else { continue }
                try write { database in
                    try markCompleted(
                        id: id, status: .refused, result: "not a command this offstage understands", in: database)
                }
            }
        }
        return commands
    }

    /// Marks a command done or refused AND writes the changes it caused, in one transaction, so a
    /// command takes effect exactly once even if the process dies at any point.
    ///
    /// Throws `StoreError.invalidRow` when the command does not exist or is no longer pending
    /// (nothing is written then).
    public func completeCommand(
        id: Int64, status: CommandStatus, result: String, changes: StoreChanges, now: Date
    ) throws {
        try commit(
            StoreCommit(transfers: changes), completing: (id: id, status: status, result: result),
            now: now)
    }

    /// Writes one step of the engine in ONE transaction (transfers, scheduler, app, then Android: each part only
    /// when it holds something), completing the inbox command `command` with it when given, so the command takes
    /// effect exactly once even if the process dies at any point. `now` stamps new outbox rows.
    ///
    /// Everything is encoded before the transaction opens; with no command and nothing to write, none opens.
    /// Throws `StoreError.invalidRow` when the command does not exist or is no longer pending (nothing is written).
    public func commit(
        _ changes: StoreCommit, completing command: (id: Int64, status: CommandStatus, result: String)? = nil,
        now: Date
    ) throws {
        guard command != nil || !changes.isEmpty else { return }
        let scheduler = try changes.scheduler.map(EncodedSchedulerChanges.init)
        let app = try EncodedAppChanges(changes.app)
        let android = try EncodedAndroidChanges(changes.android)
        try write { database in
            if let command {
                try markCompleted(id: command.id, status: command.status, result: command.result, in: database)
            }
            if !changes.transfers.isEmpty { try write(changes.transfers, now: now, into: database) }
            if let scheduler { try write(scheduler, into: database) }
            if !changes.app.isEmpty { try write(app, into: database) }
            if !changes.android.isEmpty { try write(android, into: database) }
            if let platform = changes.platform { try write(platform: platform, into: database) }
        }
    }

    /// Marks a pending command done or refused inside an already open transaction (shared by the
    /// `completeCommand` variants and `commit`); throws `StoreError.invalidRow` when it is not pending.
    func markCompleted(id: Int64, status: CommandStatus, result: String, in database: Database) throws {
        let updated = try database.run(
            "UPDATE inbox SET status = ?, result = ? WHERE id = ? AND status = ?",
            [.text(status.rawValue), .text(result), .integer(id), .text(CommandStatus.pending.rawValue)]
        )
        guard updated == 1 else {
            throw StoreError.invalidRow(table: "inbox", detail: "command \(id) is not pending")
        }
    }

    /// Records a command executed by this very process (no round trip through the inbox), with the
    /// changes it caused, in one transaction. `execute` receives the (first) id of the task(s) to create for an `.add` or `.addBatch`
    /// (reserved from the task counter), else the command's new inbox id, and returns the outcome; if it
    /// throws, nothing is written. Returns the inbox id.
    @discardableResult
    public func record(
        _ command: DaemonCommand, now: Date,
        execute: (Int64) throws -> (status: CommandStatus, result: String, changes: StoreChanges)
    ) throws -> Int64 {
        let json = try Store.encode(command)
        return try write { database in
            let task = try Store.reserveTaskIDs(for: command, in: database)
            try database.run(
                "INSERT INTO inbox (created, command, status, task_id) VALUES (?, ?, ?, ?)",
                [.date(now), .text(json), .text(CommandStatus.pending.rawValue), task.map { .integer($0) } ?? .null]
            )
            let id = database.lastInsertRowID
            let outcome = try execute(task ?? id)
            try database.run(
                "UPDATE inbox SET status = ?, result = ? WHERE id = ?",
                [.text(outcome.status.rawValue), .text(outcome.result), .integer(id)]
            )
            try write(outcome.changes, now: now, into: database)
            return id
        }
    }

    /// The status and result of a command, or nil when there is no such command.
    public func commandStatus(id: Int64) throws -> (CommandStatus, String?)? {
        try withDatabase { database in
            try database.query("SELECT status, result FROM inbox WHERE id = ?", [.integer(id)], table: "inbox") {
                (try $0.enumeration(0, CommandStatus.self), $0.optionalString(1))
            }.first
        }
    }

    /// Deletes finished (done or refused) commands created before `date`; pending ones are kept.
    /// Their ids are never handed out again. Returns how many rows were removed.
    @discardableResult
    public func pruneCommands(before date: Date) throws -> Int {
        try write { database in
            try database.run(
                "DELETE FROM inbox WHERE status <> ? AND created < ?",
                [.text(CommandStatus.pending.rawValue), .date(date)]
            )
        }
    }

    private static func encode(_ command: DaemonCommand) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(command)
        return String(decoding: data, as: UTF8.self)
    }

    private static func decode(_ json: String, id: Int64) throws -> DaemonCommand {
        do {
            return try JSONDecoder().decode(DaemonCommand.self, from: Data(json.utf8))
        } catch {
            throw StoreError.invalidRow(table: "inbox", detail: "command \(id) is not a known command: \(error)")
        }
    }
}
