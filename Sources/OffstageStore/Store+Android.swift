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
    )
        throws
    {
        let state: String?
        let work: [(removals: [String], upserts: [(request: WorkRequest, json: String)])]
        do {
            state = try changes.systemState.map { try Store.encodeJSON($0) }
            work = try changes.work.map { change in
                (change.removals, try change.upserts.map { ($0, try Store.encodeJSON($0)) })
            }
        } catch {
            throw StoreError.invalidRow(table: "android_state", detail: "cannot encode the Android changes: \(error)")
        }
        guard command != nil || !changes.isEmpty else { return }
        try write { database in
            if let command {
                try markCompleted(id: command.id, status: command.status, result: command.result, in: database)
            }
            if let state {
                try database.run("INSERT OR REPLACE INTO android_state (id, state) VALUES (1, ?)", [.text(state)])
            }
            try hook("android-state")
            for change in work {
                for id in change.removals {
                    try database.run("DELETE FROM work_requests WHERE id = ?", [.text(id)])
                }
                for (request, json) in change.upserts {
                    try database.run(
                        "INSERT OR REPLACE INTO work_requests (id, sequence, name, state, request) VALUES (?, ?, ?, ?, ?)",
                        [
                            .text(request.id), .int(request.sequence), .text(request.name),
                            .text(request.state.rawValue), .text(json),
                        ])
                }
            }
            try hook("android-work")
            for entry in changes.log {
                try database.run(Records.insertEvent, Records.values(entry))
            }
            try hook("android-log")
        }
    }
}
