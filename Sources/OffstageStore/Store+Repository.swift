import Foundation
import OffstageCore

extension Store {
    /// Writes everything in `changes` in ONE transaction: sessions and tasks upserted, the device
    /// conditions replaced, log lines appended, then outbox items removed and added (in that order,
    /// so a change that acknowledges a delivery and queues a new one for the same task keeps the new one).
    ///
    /// `now` stamps new outbox rows. On any error nothing is written.
    public func apply(_ changes: StoreChanges, now: Date) throws {
        guard !changes.isEmpty else { return }
        try write { database in
            try write(changes, now: now, into: database)
        }
    }

    /// Writes `changes` inside an already open transaction (shared by `apply` and `completeCommand`).
    func write(_ changes: StoreChanges, now: Date, into database: Database) throws {
        for session in changes.sessions {
            try database.run(Records.upsertSession, Records.values(session))
        }
        try hook("sessions")
        for task in changes.tasks {
            try database.run(Records.upsertTask, Records.values(task))
        }
        try hook("tasks")
        if let conditions = changes.conditions {
            try database.run(Records.replaceConditions, Records.values(conditions))
        }
        try hook("conditions")
        for entry in changes.log {
            try database.run(Records.insertEvent, Records.values(entry))
        }
        try hook("log")
        for taskID in changes.outboxRemoved {
            try database.run("DELETE FROM outbox WHERE task_id = ?", [.integer(taskID)])
        }
        for item in changes.outboxAdded {
            try database.run(
                "INSERT OR IGNORE INTO outbox (task_id, kind, created) VALUES (?, ?, ?)",
                [.integer(item.taskID), .text(item.kind), .date(now)]
            )
        }
        try hook("outbox")
    }

    /// Every session, ordered by identifier.
    public func loadSessions() throws -> [SessionConfiguration] {
        try withDatabase { database in
            try database.query(Records.selectSessions + " ORDER BY identifier", table: "sessions") {
                Records.session($0)
            }
        }
    }

    /// Every task, ordered by id.
    public func loadTasks() throws -> [TransferTask] {
        try withDatabase { database in
            try database.query(Records.selectTasks + " ORDER BY id", table: "tasks") { try Records.task($0) }
        }
    }

    /// The task with this id, or nil.
    public func task(id: Int64) throws -> TransferTask? {
        try withDatabase { database in
            try database.query(Records.selectTasks + " WHERE id = ?", [.integer(id)], table: "tasks") {
                try Records.task($0)
            }.first
        }
    }

    /// The stored device conditions, or the defaults when none were ever written.
    public func loadConditions() throws -> DeviceConditions {
        try withDatabase { database in
            try database.query(Records.selectConditions, table: "conditions") { try Records.conditions($0) }.first
                ?? DeviceConditions()
        }
    }

    /// Log entries with an id greater than `id`, oldest first, at most `limit`.
    public func events(after id: Int64 = 0, limit: Int = 1000) throws -> [(id: Int64, entry: LogEntry)] {
        try withDatabase { database in
            try database.query(
                "SELECT id, time, kind, subject, reason FROM events WHERE id > ? ORDER BY id LIMIT ?",
                [.integer(id), .int(limit)], table: "events"
            ) { try Records.event($0) }
        }
    }

    /// The newest `limit` log entries, oldest first.
    public func latestEvents(limit: Int) throws -> [(id: Int64, entry: LogEntry)] {
        try withDatabase { database in
            try database.query(
                "SELECT id, time, kind, subject, reason FROM events ORDER BY id DESC LIMIT ?",
                [.int(limit)], table: "events"
            ) { try Records.event($0) }.reversed()
        }
    }

    /// The deliveries not yet acknowledged, in the order they were queued.
    public func outbox() throws -> [OutboxItem] {
        try withDatabase { database in
            try database.query("SELECT task_id, kind FROM outbox ORDER BY created, rowid", table: "outbox") {
                OutboxItem(taskID: $0.int64(0), kind: $0.string(1))
            }
        }
    }
}
