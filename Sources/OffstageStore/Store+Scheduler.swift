import Foundation
import OffstageCore

extension Store {
    /// Decisions kept in `scheduler_decisions`; older ones are deleted in the transaction that appends new ones.
    public static let schedulerDecisionLimit = 5_000

    /// The persisted BG scheduler state with its learned usage, or nil when the scheduler never committed one (a
    /// fresh install). A damaged `learned_usage` row reads as nothing learned (the state and its requests are kept;
    /// `loadLearnedUsage` reports the row, and the next open replaces it).
    ///
    /// Throws `StoreError.invalidRow` when the stored JSON is not a `TaskSchedulerState`.
    public func loadSchedulerState() throws -> TaskSchedulerState? {
        let stored = try withDatabase { database in
            let json = try database.query(
                "SELECT state FROM scheduler_state WHERE id = 1", table: "scheduler_state"
            ) { $0.string(0) }.first
            return json.map { ($0, (try? Store.learnedUsage(in: database)) ?? UsageHistory()) }
        }
        guard let (json, usage) = stored else { return nil }
        var state = try Store.decodeJSON(TaskSchedulerState.self, json, table: "scheduler_state", row: "the state")
        state.usage = usage
        return state
    }

    /// Writes one scheduler transition in ONE transaction: the state row replaced, log lines appended to the
    /// event log, decisions (bounded to the newest `schedulerDecisionLimit`) and finished runs appended.
    ///
    /// On any error nothing is written.
    public func apply(_ changes: SchedulerChanges) throws {
        let encoded = try EncodedSchedulerChanges(changes)
        try write { database in
            try write(encoded, into: database)
        }
    }

    /// Marks an inbox command done or refused and writes the scheduler and transfer changes it caused, all in
    /// ONE transaction (transfer changes first, then the scheduler's), so the command takes effect exactly once.
    ///
    /// Throws `StoreError.invalidRow` when the command does not exist or is no longer pending (nothing is
    /// written then).
    public func completeCommand(
        id: Int64, status: CommandStatus, result: String, schedulerChanges: SchedulerChanges?,
        transferChanges: StoreChanges?, now: Date
    ) throws {
        try commit(
            StoreCommit(transfers: transferChanges ?? StoreChanges(), scheduler: schedulerChanges),
            completing: (id: id, status: status, result: result), now: now)
    }

    /// The newest `limit` decisions of the scheduler's decision log, oldest first (newest last).
    public func schedulerDecisions(limit: Int) throws -> [SchedulerDecision] {
        try withDatabase { database in
            try database.query(
                "SELECT id, decision FROM scheduler_decisions ORDER BY id DESC LIMIT ?", [.int(max(limit, 0))],
                table: "scheduler_decisions"
            ) { row in
                try Store.decodeJSON(
                    SchedulerDecision.self, row.string(1), table: "scheduler_decisions",
                    row: "decision \(row.int64(0))")
            }.reversed()
        }
    }

    /// The newest `limit` finished runs, oldest first (newest last).
    public func schedulerRuns(limit: Int) throws -> [TaskRun] {
        try withDatabase { database in
            try database.query(
                "SELECT id, run FROM scheduler_runs ORDER BY id DESC LIMIT ?", [.int(max(limit, 0))],
                table: "scheduler_runs"
            ) { row in
                try Store.decodeJSON(TaskRun.self, row.string(1), table: "scheduler_runs", row: "run \(row.int64(0))")
            }.reversed()
        }
    }

    /// Writes encoded scheduler changes inside an already open transaction.
    func write(_ changes: EncodedSchedulerChanges, into database: Database) throws {
        try database.run(
            "INSERT OR REPLACE INTO scheduler_state (id, state) VALUES (1, ?)", [.text(changes.state)])
        try hook("scheduler-state")
        for entry in changes.log {
            try database.run(Records.insertEvent, Records.values(entry))
        }
        try hook("scheduler-log")
        for decision in changes.decisions {
            try database.run(
                "INSERT INTO scheduler_decisions (time, identifier, decision) VALUES (?, ?, ?)",
                [.date(decision.time), .text(decision.identifier), .text(decision.json)])
        }
        if !changes.decisions.isEmpty {
            try database.run(
                "DELETE FROM scheduler_decisions WHERE id <= (SELECT max(id) FROM scheduler_decisions) - ?",
                [.int(Store.schedulerDecisionLimit)])
        }
        try hook("scheduler-decisions")
        for run in changes.runs {
            try database.run(
                "INSERT INTO scheduler_runs (identifier, started, run) VALUES (?, ?, ?)",
                [.text(run.identifier), .date(run.launchedAt), .text(run.json)])
        }
        try hook("scheduler-runs")
        if let (usage, json) = changes.usage {
            try Store.writeLearnedUsage(usage, json: json, into: database)
        }
    }

    /// JSON for the scheduler tables: sorted keys, dates as seconds since 2001 (exact round trip).
    static func encodeJSON<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .deferredToDate
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Decodes a JSON column, mapping failures to `StoreError.invalidRow`.
    static func decodeJSON<T: Decodable>(_ type: T.Type, _ json: String, table: String, row: String) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        do {
            return try decoder.decode(type, from: Data(json.utf8))
        } catch {
            throw StoreError.invalidRow(table: table, detail: "\(row) is not a valid \(type): \(error)")
        }
    }
}

/// The learned usage's table (`learned_usage`, schema v7), read and written inside the scheduler's transactions.
extension Store {
    /// The learned usage, or an empty history when nothing was learned.
    ///
    /// Throws `StoreError.invalidRow` when the row's hours are not a JSON array of numbers.
    public func loadLearnedUsage() throws -> UsageHistory {
        try withDatabase { try Store.learnedUsage(in: $0) }
    }

    /// Reads the row in an open database.
    static func learnedUsage(in database: Database) throws -> UsageHistory {
        let rows = try database.query(
            "SELECT opens_by_hour, as_of, first_open FROM learned_usage WHERE id = 1", table: "learned_usage"
        ) { row in
            (row.string(0), row.double(1), row.isNull(2) ? nil : row.double(2))
        }
        guard let (json, asOf, firstOpen) = rows.first else { return UsageHistory() }
        let hours = try decodeJSON([Double].self, json, table: "learned_usage", row: "the opens by hour")
        return UsageHistory(opensByHour: hours, asOf: asOf, firstOpen: firstOpen)
    }

    /// Replaces the row inside an already open transaction (an empty history deletes it).
    static func writeLearnedUsage(_ usage: UsageHistory, json: String, into database: Database) throws {
        guard let firstOpen = usage.firstOpen else {
            _ = try database.run("DELETE FROM learned_usage")
            return
        }
        _ = try database.run(
            "INSERT OR REPLACE INTO learned_usage (id, opens_by_hour, as_of, first_open) VALUES (1, ?, ?, ?)",
            [.text(json), .real(usage.asOf), .real(firstOpen)])
    }
}

/// Scheduler changes with their JSON already encoded, so encoding errors happen before the transaction opens.
struct EncodedSchedulerChanges {
    /// The state's JSON.
    let state: String
    /// Event-log lines.
    let log: [LogEntry]
    /// Decisions with their JSON.
    let decisions: [(time: Date, identifier: String, json: String)]
    /// Finished runs with their JSON.
    let runs: [(identifier: String, launchedAt: Date, json: String)]
    /// The learned usage with its hours' JSON, when the transition changed it.
    let usage: (UsageHistory, String)?

    /// Encodes `changes`.
    init(_ changes: SchedulerChanges) throws {
        do {
            state = try Store.encodeJSON(changes.state)
            log = changes.log
            decisions = try changes.decisions.map { ($0.time, $0.identifier, try Store.encodeJSON($0)) }
            runs = try changes.finishedRuns.map { ($0.identifier, $0.launchedAt, try Store.encodeJSON($0)) }
            usage = try changes.usage.map { ($0, try Store.encodeJSON($0.opensByHour)) }
        } catch {
            throw StoreError.invalidRow(
                table: "scheduler_state", detail: "cannot encode the scheduler changes: \(error)")
        }
    }
}
