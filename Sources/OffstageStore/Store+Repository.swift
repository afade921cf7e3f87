import Foundation
import OffstageCore

extension Store {
    /// Writes everything in `changes` in ONE transaction: sessions and tasks upserted, the device
    /// conditions replaced, log lines appended, then outbox items removed and added (in that order,
    /// so a change that acknowledges a delivery and queues a new one for the same task keeps the new one).
    ///
    /// `now` stamps new outbox rows. On any error nothing is written.
    public func apply(_ changes: StoreChanges, now: Date) throws {
        try commit(StoreCommit(transfers: changes), now: now)
    }

    /// Writes `changes` inside an already open transaction (shared by every commit).
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
        if let settings = changes.settings {
            try database.run(Records.replaceSettings, [settings.rateLimit.map { .integer($0) } ?? .null])
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

    /// Every usable session, ordered by identifier (an unusable one is skipped; see `loadSessionsSettingAside`).
    public func loadSessions() throws -> [SessionConfiguration] { try loadSessionsSettingAside().sessions }

    /// Every usable session, ordered by identifier, and the rows skipped because they cannot be used.
    public func loadSessionsSettingAside() throws -> (sessions: [SessionConfiguration], setAside: [SetAsideRow]) {
        let rows = try withDatabase { database in
            try database.query(Records.selectSessions + " ORDER BY identifier", table: "sessions") { row in
                Self.attempt(table: "sessions", row: "session \(row.string(0))") { try Records.session(row) }
            }
        }
        return Self.split(rows)
    }

    /// Every usable task, ordered by id (an unusable one is skipped; see `loadTasksSettingAside`).
    public func loadTasks() throws -> [TransferTask] { try loadTasksSettingAside().tasks }

    /// How many tasks the home stores (one count, no row read): what a starting engine says it reads.
    public func storedTaskCount() throws -> Int {
        Int(try withDatabase { try $0.scalarInteger("SELECT COUNT(*) FROM tasks") })
    }

    /// Every usable task in id order, handed to `body` one at a time as it is read (none is kept: a listing of any
    /// size); a row that cannot be used is skipped, as `loadTasks` skips it.
    public func forEachTask(_ body: (TransferTask) throws -> Void) throws {
        var shared = SharedStrings()
        try withDatabase { database in
            _ = try database.query(Records.selectTasks + " ORDER BY id", table: "tasks") { row in
                guard var task = try? Records.task(row) else { return }
                shared.share(&task.session)
                shared.share(&task.destinationDirectory)
                try body(task)
            }
        }
    }

    /// The ids, in order, of the tasks a running engine may show otherwise than the store: those running (live
    /// bytes, speed) and those queued with no begin date still to come by `until` (the engine's reason they wait),
    /// the queued ones only when there are at most `dueLimit` of them.
    public func taskIDsWithLiveView(until: Date, dueLimit: Int = .max) throws -> [Int64] {
        try withDatabase { database in
            let running = try database.query(
                "SELECT id FROM tasks WHERE state = ? ORDER BY id", [.text(TransferState.running.rawValue)],
                table: "tasks"
            ) { $0.int64(0) }
            let due = try database.query(
                "SELECT id FROM tasks WHERE state = ? AND (earliest_begin_date IS NULL OR earliest_begin_date <= ?) "
                    + "ORDER BY id LIMIT ?",
                [.text(TransferState.queued.rawValue), .date(until), .integer(Int64(min(dueLimit, Int.max - 1)) + 1)],
                table: "tasks"
            ) { $0.int64(0) }
            return due.count > dueLimit ? running : (running + due).sorted()
        }
    }

    /// Every usable task, ordered by id, and the rows skipped because they cannot be used.
    public func loadTasksSettingAside() throws -> (tasks: [TransferTask], setAside: [SetAsideRow]) {
        // The texts many tasks repeat are held once (a session's name, a destination folder).
        var shared = SharedStrings()
        let rows = try withDatabase { database in
            try database.query(Records.selectTasks + " ORDER BY id", table: "tasks") { row in
                Self.attempt(table: "tasks", row: "task \(row.int64(0))") {
                    var task = try Records.task(row)
                    shared.share(&task.session)
                    shared.share(&task.destinationDirectory)
                    return task
                }
            }
        }
        return Self.split(rows)
    }

    /// Decodes one row, turning an `invalidRow` into a set-aside row (any other error still throws later).
    static func attempt<T>(table: String, row: String, _ decode: () throws -> T) -> Result<T, SetAsideRow> {
        do {
            return .success(try decode())
        } catch StoreError.invalidRow(_, let detail) {
            return .failure(SetAsideRow(table: table, row: row, reason: detail))
        } catch {
            return .failure(SetAsideRow(table: table, row: row, reason: "\(error)"))
        }
    }

    /// The decoded rows and the rows set aside, each in their order.
    static func split<T>(_ rows: [Result<T, SetAsideRow>]) -> ([T], [SetAsideRow]) {
        var good: [T] = []
        var bad: [SetAsideRow] = []
        for row in rows {
            switch row {
            case .success(let value): good.append(value)
            case .failure(let aside): bad.append(aside)
            }
        }
        return (good, bad)
    }

    /// Whether the event log already holds exactly this entry's kind, subject and reason (a row set aside is
    /// reported once, not at every start).
    public func hasEvent(kind: LogKind, subject: String, reason: String) throws -> Bool {
        try withDatabase { database in
            try database.query(
                "SELECT 1 FROM events WHERE kind = ? AND subject = ? AND reason = ? LIMIT 1",
                [.text(kind.rawValue), .text(subject), .text(reason)], table: "events"
            ) { _ in true }.first ?? false
        }
    }

    /// The usable tasks of `session` for `url`, ordered by id (rows that cannot be used are left out, as
    /// `loadTasks` leaves them): what `get` looks through for a download to continue, without decoding the home.
    public func tasks(session: String, url: String) throws -> [TransferTask] {
        let rows = try withDatabase { database in
            try database.query(
                Records.selectTasks + " WHERE session = ? AND url = ? ORDER BY id", [.text(session), .text(url)],
                table: "tasks"
            ) { row in
                Self.attempt(table: "tasks", row: "task \(row.int64(0))") { try Records.task(row) }
            }
        }
        return Self.split(rows).0
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

    /// The stored engine-wide transfer settings, or none when never written (or unusable: then no limit applies).
    public func loadTransferSettings() throws -> TransferSettings {
        try withDatabase { database in
            do {
                return try database.query(Records.selectSettings, table: "transfer_settings") {
                    try Records.settings($0)
                }.first ?? TransferSettings()
            } catch StoreError.invalidRow {
                return TransferSettings()
            }
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
