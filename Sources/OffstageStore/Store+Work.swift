import Foundation
import OffstageCore

extension Store {
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
        let encoded: [(request: WorkRequest, json: String)]
        do {
            encoded = try changes.upserts.map { ($0, try Store.encodeJSON($0)) }
        } catch {
            throw StoreError.invalidRow(table: "work_requests", detail: "cannot encode the work requests: \(error)")
        }
        try write { database in
            for id in changes.removals {
                try database.run("DELETE FROM work_requests WHERE id = ?", [.text(id)])
            }
            try hook("work-removals")
            for (request, json) in encoded {
                try database.run(
                    "INSERT OR REPLACE INTO work_requests (id, sequence, name, state, request) VALUES (?, ?, ?, ?, ?)",
                    [
                        .text(request.id), .int(request.sequence), .text(request.name), .text(request.state.rawValue),
                        .text(json),
                    ])
            }
            try hook("work-upserts")
        }
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
