import Foundation
import OffstageCore

extension Store {
    /// The persisted app-side state, or nil when the app side never committed one (a fresh install).
    ///
    /// Throws `StoreError.invalidRow` when the stored JSON is not a `StoredAppState`.
    public func loadAppState() throws -> StoredAppState? {
        let json = try withDatabase { database in
            try database.query("SELECT state FROM app_state WHERE id = 1", table: "app_state") {
                $0.string(0)
            }.first
        }
        guard let json else { return nil }
        return try Store.decodeJSON(StoredAppState.self, json, table: "app_state", row: "the state")
    }

    /// The model app's persistent registry (empty when it never recorded a transfer); an unusable record is
    /// skipped (see `loadAppRegistrySettingAside`).
    public func loadAppRegistry() throws -> AppRegistry { try loadAppRegistrySettingAside().registry }

    /// The model app's registry, and the rows skipped because they are not an `AppRecord` or are filed under
    /// another key.
    public func loadAppRegistrySettingAside() throws -> (registry: AppRegistry, setAside: [SetAsideRow]) {
        let rows = try withDatabase { database in
            try database.query(
                "SELECT task_description, record FROM app_registry ORDER BY task_description", table: "app_registry"
            ) { row in
                let key = row.string(0)
                return Self.attempt(table: "app_registry", row: "record \(key)") {
                    let record = try Store.decodeJSON(
                        AppRecord.self, row.string(1), table: "app_registry", row: "record \(key)")
                    guard record.taskDescription == key else {
                        throw StoreError.invalidRow(
                            table: "app_registry",
                            detail: "record \(key) holds the taskDescription \(record.taskDescription)")
                    }
                    return record
                }
            }
        }
        let (records, setAside) = Self.split(rows)
        return (AppRegistry(records), setAside)
    }

    /// Writes transfer changes and then app changes in ONE transaction; nothing is written on any error.
    ///
    /// The transfer changes are written exactly as `apply(_:now:)` writes them (`now` stamps new outbox rows);
    /// then the app state is replaced (when set), registry keys removed, records upserted and the app's log
    /// lines appended to the event log. Does nothing when both are empty.
    public func apply(app: AppChanges, transfers: StoreChanges = StoreChanges(), now: Date) throws {
        try commit(StoreCommit(transfers: transfers, app: app), now: now)
    }

    /// Marks an inbox command done or refused and writes the transfer and app changes it caused, all in ONE
    /// transaction (transfer changes first, then the app's), so the command takes effect exactly once.
    ///
    /// Throws `StoreError.invalidRow` when the command does not exist or is no longer pending (nothing is
    /// written then).
    public func completeCommand(
        id: Int64, status: CommandStatus, result: String, app: AppChanges, transfers: StoreChanges = StoreChanges(),
        now: Date
    ) throws {
        try commit(
            StoreCommit(transfers: transfers, app: app),
            completing: (id: id, status: status, result: result), now: now)
    }

    /// Writes encoded app changes inside an already open transaction.
    func write(_ changes: EncodedAppChanges, into database: Database) throws {
        if let state = changes.state {
            try database.run("INSERT OR REPLACE INTO app_state (id, state) VALUES (1, ?)", [.text(state)])
        }
        try hook("app-state")
        for key in changes.removals {
            try database.run("DELETE FROM app_registry WHERE task_description = ?", [.text(key)])
        }
        try hook("app-removals")
        for upsert in changes.upserts {
            try database.run(
                "INSERT OR REPLACE INTO app_registry (task_description, record) VALUES (?, ?)",
                [.text(upsert.key), .text(upsert.json)])
        }
        try hook("app-upserts")
        for entry in changes.log {
            try database.run(Records.insertEvent, Records.values(entry))
        }
        try hook("app-log")
    }
}

/// App changes with their JSON already encoded, so encoding errors happen before the transaction opens.
struct EncodedAppChanges {
    /// The state's JSON (nil: unchanged).
    let state: String?
    /// Registry keys to remove.
    let removals: [String]
    /// Records to add or replace, with their keys and JSON.
    let upserts: [(key: String, json: String)]
    /// Event-log lines.
    let log: [LogEntry]

    /// Encodes `changes`.
    init(_ changes: AppChanges) throws {
        do {
            state = try changes.state.map { try Store.encodeJSON($0) }
        } catch {
            throw StoreError.invalidRow(table: "app_state", detail: "cannot encode the app state: \(error)")
        }
        do {
            upserts = try changes.upserts.map { ($0.taskDescription, try Store.encodeJSON($0)) }
        } catch {
            throw StoreError.invalidRow(table: "app_registry", detail: "cannot encode the app records: \(error)")
        }
        removals = changes.removals
        log = changes.log
    }
}
