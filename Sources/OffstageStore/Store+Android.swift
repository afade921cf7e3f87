import Foundation
import OffstageCore

/// What one Android step writes: the system model's state, WorkManager's changes in order, event-log lines.
public struct AndroidStoreChanges: Sendable, Equatable {
    /// The system model's whole state after the step (nil: unchanged).
    public var systemState: AndroidSystemState?
    /// WorkManager's transitions' changes, applied in order.
    public var work: [WorkChanges]
    /// Event-log lines to append.
    public var log: [LogEntry]

    /// Changes; empty by default.
    public init(systemState: AndroidSystemState? = nil, work: [WorkChanges] = [], log: [LogEntry] = []) {
        self.systemState = systemState
        self.work = work
        self.log = log
    }

    /// Whether there is nothing to write.
    public var isEmpty: Bool { systemState == nil && work.allSatisfy(\.isEmpty) && log.isEmpty }
}

extension Store {
    /// The persisted Android system state, or nil when the model never committed one (a fresh device).
    ///
    /// Throws `StoreError.invalidRow` when the stored JSON is not an `AndroidSystemState`.
    public func loadAndroidState() throws -> AndroidSystemState? {
        let json = try withDatabase { database in
            try database.query("SELECT state FROM android_state WHERE id = 1", table: "android_state") {
                $0.string(0)
            }.first
        }
        guard let json else { return nil }
        return try Store.decodeJSON(AndroidSystemState.self, json, table: "android_state", row: "the state")
    }

    /// Writes one Android step in ONE transaction, completing the inbox command `command` (id, status, result)
    /// with it when given. On any error nothing is written.
    public func apply(
        android changes: AndroidStoreChanges, command: (id: Int64, status: CommandStatus, result: String)?
    ) throws {
        // An Android step adds no outbox row: nothing is stamped with the time.
        try commit(
            StoreCommit(android: changes),
            completing: command,
            now: Date(timeIntervalSinceReferenceDate: 0))
    }

    /// Writes encoded Android changes inside an already open transaction.
    func write(_ changes: EncodedAndroidChanges, into database: Database) throws {
        if let state = changes.state {
            try database.run("INSERT OR REPLACE INTO android_state (id, state) VALUES (1, ?)", [.text(state)])
        }
        try hook("android-state")
        for change in changes.work { try write(change, into: database) }
        try hook("android-work")
        for entry in changes.log {
            try database.run(Records.insertEvent, Records.values(entry))
        }
        try hook("android-log")
    }

    /// Every usable work request in enqueue order (an unusable row is skipped; see
    /// `loadWorkRequestsSettingAside`).
    public func loadWorkRequests() throws -> [WorkRequest] { try loadWorkRequestsSettingAside().requests }

    /// Every usable work request in enqueue order, and the rows set aside: JSON that is not a `WorkRequest`,
    /// columns that disagree with it, dates or counts out of range, or a spec WorkManager would not accept as
    /// stored (one `validated()` refuses or would change).
    public func loadWorkRequestsSettingAside() throws -> (requests: [WorkRequest], setAside: [SetAsideRow]) {
        let rows = try withDatabase { database in
            try database.query(
                "SELECT id, sequence, state, request FROM work_requests ORDER BY sequence, id", table: "work_requests"
            ) { row in
                let id = row.string(0)
                return Self.attempt(table: "work_requests", row: "work \(id)") {
                    try Self.workRequest(id: id, sequence: row.int64(1), state: row.string(2), json: row.string(3))
                }
            }
        }
        return Self.split(rows)
    }

    /// Writes one WorkManager transition's changes in ONE transaction: removals deleted, upserts replaced.
    ///
    /// On any error nothing is written.
    public func apply(work changes: WorkChanges) throws {
        guard !changes.isEmpty else { return }
        let encoded = try EncodedWorkChanges(changes)
        try write { database in try write(encoded, into: database) }
    }

    /// Writes encoded WorkManager changes inside an already open transaction.
    private func write(_ changes: EncodedWorkChanges, into database: Database) throws {
        for id in changes.removals {
            try database.run("DELETE FROM work_requests WHERE id = ?", [.text(id)])
        }
        try hook("work-removals")
        for (request, json) in changes.upserts {
            try database.run(
                "INSERT OR REPLACE INTO work_requests (id, sequence, name, state, request) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(request.id), .int(request.sequence), .text(request.name), .text(request.state.rawValue),
                    .text(json),
                ])
        }
        try hook("work-upserts")
    }

    /// Decodes and checks one `work_requests` row.
    static func workRequest(id: String, sequence: Int64, state: String, json: String) throws -> WorkRequest {
        let table = "work_requests"
        let request = try decodeJSON(WorkRequest.self, json, table: table, row: "work \(id)")
        guard request.id == id else {
            throw StoreError.invalidRow(table: table, detail: "the row holds the request \(request.id)")
        }
        guard Int64(request.sequence) == sequence, request.sequence >= 1 else {
            throw StoreError.invalidRow(table: table, detail: "sequence \(sequence) disagrees with the request")
        }
        guard request.state.rawValue == state else {
            throw StoreError.invalidRow(table: table, detail: "state \(state) disagrees with the request")
        }
        try StoredValue.check(request.lastEnqueueAt, "lastEnqueueAt", table: table)
        try StoredValue.check(request.earliestRunAt, "earliestRunAt", table: table)
        try StoredValue.check(request.finishedAt, "finishedAt", table: table)
        try StoredValue.check(request.run?.startedAt, "run.startedAt", table: table)
        try StoredValue.check(request.runAttemptCount, "runAttemptCount", in: 0...Int.max, table: table)
        try StoredValue.check(request.periodCount, "periodCount", in: 0...Int.max, table: table)
        for spec in [request.spec] + (request.pendingSpec.map { [$0] } ?? []) {
            let checked: WorkRequestSpec
            do {
                checked = try spec.validated().spec
            } catch {
                throw StoreError.invalidRow(table: table, detail: "its spec is refused: \(error.message)")
            }
            guard checked == spec else {
                throw StoreError.invalidRow(table: table, detail: "its spec holds values WorkManager would coerce")
            }
        }
        return request
    }
}

/// WorkManager changes with their JSON already encoded, so encoding errors happen before the transaction opens.
struct EncodedWorkChanges {
    /// Request ids to delete.
    let removals: [String]
    /// Requests to add or replace, with their JSON.
    let upserts: [(request: WorkRequest, json: String)]

    /// Encodes `changes`.
    init(_ changes: WorkChanges) throws {
        removals = changes.removals
        do {
            upserts = try changes.upserts.map { ($0, try Store.encodeJSON($0)) }
        } catch {
            throw StoreError.invalidRow(table: "work_requests", detail: "cannot encode the work requests: \(error)")
        }
    }
}

/// Android changes with their JSON already encoded, so encoding errors happen before the transaction opens.
struct EncodedAndroidChanges {
    /// The system model's state JSON (nil: unchanged).
    let state: String?
    /// WorkManager's changes, in order.
    let work: [EncodedWorkChanges]
    /// Event-log lines.
    let log: [LogEntry]

    /// Encodes `changes`.
    init(_ changes: AndroidStoreChanges) throws {
        do {
            state = try changes.systemState.map { try Store.encodeJSON($0) }
        } catch {
            throw StoreError.invalidRow(table: "android_state", detail: "cannot encode the Android changes: \(error)")
        }
        work = try changes.work.map(EncodedWorkChanges.init)
        log = changes.log
    }
}
