import Foundation
import OffstageCore

/// Column lists, bindings and row decoders for the Core types, kept beside each other so a new
/// field is added in one place.
enum Records {
    // MARK: Tasks

    /// The `tasks` columns, in binding and reading order.
    static let taskColumns = [
        "id", "session", "task_identifier", "task_description", "kind", "url", "method", "upload_path",
        "requested_name", "destination_directory", "priority", "earliest_begin_date", "is_discretionary",
        "created_at", "state", "bytes_written", "bytes_expected", "validator", "effective_url",
        "suggested_name", "attempts", "retry_at", "error", "delivered_path", "response_summary", "http_status",
        "options", "content_encoding", "checksum_state",
    ]

    /// `SELECT <task columns> FROM tasks`.
    static let selectTasks = "SELECT \(taskColumns.joined(separator: ", ")) FROM tasks"

    /// Inserts a task or replaces every field of the one with the same id.
    static let upsertTask = upsert(table: "tasks", columns: taskColumns, key: "id")

    /// The values of a task, in `taskColumns` order.
    static func values(_ task: TransferTask) -> [SQLValue] {
        [
            .integer(task.id), .text(task.session), .int(task.taskIdentifier), .text(task.taskDescription),
            .text(task.kind.rawValue), .text(task.url), .text(task.method), .text(task.uploadPath),
            .text(task.requestedName), .text(task.destinationDirectory), .real(task.priority),
            .date(task.earliestBeginDate), .bool(task.isDiscretionary), .date(task.createdAt),
            .text(task.state.rawValue), .integer(task.bytesWritten), .integer(task.bytesExpected),
            .text(task.validator), .text(task.effectiveURL), .text(task.suggestedName), .int(task.attempts),
            .date(task.retryAt), .text(task.error), .text(task.deliveredPath), .text(task.responseSummary),
            .int(task.httpStatus), .text(task.options.isEmpty ? nil : optionsJSON(task.options)),
            .text(task.contentEncoding), .text(task.checksumState?.rawValue),
        ]
    }

    /// Options as stored: JSON with sorted keys (no credential value is ever in them: `TransferOptions.problem`).
    static func optionsJSON(_ options: TransferOptions) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(options)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A task from a row of `selectTasks`.
    static func task(_ row: Row) throws -> TransferTask {
        var task = TransferTask(
            id: row.int64(0), session: row.string(1), taskIdentifier: row.int(2),
            taskDescription: row.optionalString(3), kind: try row.enumeration(4, TransferKind.self),
            url: row.string(5), method: row.string(6), uploadPath: row.optionalString(7),
            requestedName: row.optionalString(8), destinationDirectory: row.string(9), priority: row.double(10),
            earliestBeginDate: row.optionalDate(11), isDiscretionary: row.bool(12), createdAt: row.date(13)
        )
        task.state = try row.enumeration(14, TransferState.self)
        task.bytesWritten = row.int64(15)
        task.bytesExpected = row.int64(16)
        task.validator = row.optionalString(17)
        task.effectiveURL = row.optionalString(18)
        task.suggestedName = row.optionalString(19)
        task.attempts = row.int(20)
        task.retryAt = row.optionalDate(21)
        task.error = row.optionalString(22)
        task.deliveredPath = row.optionalString(23)
        task.responseSummary = row.optionalString(24)
        task.httpStatus = row.optionalInt(25)
        if let json = row.optionalString(26) {
            guard let options = try? JSONDecoder().decode(TransferOptions.self, from: Data(json.utf8)),
                options.problem == nil
            else { throw StoreError.invalidRow(table: "tasks", detail: "unusable options") }
            task.options = options
        }
        task.contentEncoding = row.optionalString(27)
        task.checksumState = try row.optionalString(28).map { text in
            guard let state = ChecksumState(rawValue: text) else {
                throw StoreError.invalidRow(table: "tasks", detail: "unknown checksum_state '\(text)'")
            }
            return state
        }
        try check(task)
        return task
    }

    /// Throws `invalidRow` when a task holds a value the engine cannot use.
    private static func check(_ task: TransferTask) throws {
        let table = "tasks"
        try StoredValue.check(task.earliestBeginDate, "earliest_begin_date", table: table)
        try StoredValue.check(task.createdAt, "created_at", table: table)
        try StoredValue.check(task.retryAt, "retry_at", table: table)
        try StoredValue.check(task.priority, "priority", in: 0...1, table: table)
        try StoredValue.check(task.taskIdentifier, "task_identifier", in: 0...Int(Int32.max), table: table)
        try StoredValue.check(task.bytesWritten, "bytes_written", in: 0...Int64.max, table: table)
        try StoredValue.check(task.bytesExpected, "bytes_expected", in: -1...Int64.max, table: table)
        try StoredValue.check(task.attempts, "attempts", in: 0...1_000_000, table: table)
        try StoredValue.check(task.httpStatus, "http_status", in: 0...999, table: table)
    }

    // MARK: Sessions

    /// The `sessions` columns, in binding and reading order.
    static let sessionColumns = [
        "identifier", "is_discretionary", "sends_launch_events", "timeout_request", "timeout_resource",
        "max_connections_per_host", "allows_cellular", "allows_expensive", "allows_constrained",
    ]

    /// `SELECT <session columns> FROM sessions`.
    static let selectSessions = "SELECT \(sessionColumns.joined(separator: ", ")) FROM sessions"

    /// Inserts a session or replaces the one with the same identifier.
    static let upsertSession = upsert(table: "sessions", columns: sessionColumns, key: "identifier")

    /// The values of a session, in `sessionColumns` order.
    static func values(_ session: SessionConfiguration) -> [SQLValue] {
        [
            .text(session.identifier), .bool(session.isDiscretionary), .bool(session.sessionSendsLaunchEvents),
            .real(session.timeoutIntervalForRequest), .real(session.timeoutIntervalForResource),
            .int(session.httpMaximumConnectionsPerHost), .bool(session.allowsCellularAccess),
            .bool(session.allowsExpensiveNetworkAccess), .bool(session.allowsConstrainedNetworkAccess),
        ]
    }

    /// A session from a row of `selectSessions`; `invalidRow` when a timeout or the connection limit is unusable.
    static func session(_ row: Row) throws -> SessionConfiguration {
        let session = SessionConfiguration(
            identifier: row.string(0), isDiscretionary: row.bool(1), sessionSendsLaunchEvents: row.bool(2),
            timeoutIntervalForRequest: row.double(3), timeoutIntervalForResource: row.double(4),
            httpMaximumConnectionsPerHost: row.int(5), allowsCellularAccess: row.bool(6),
            allowsExpensiveNetworkAccess: row.bool(7), allowsConstrainedNetworkAccess: row.bool(8)
        )
        let limit = StoredValue.dateRange.upperBound
        try StoredValue.check(session.timeoutIntervalForRequest, "timeout_request", in: 0...limit, table: "sessions")
        try StoredValue.check(session.timeoutIntervalForResource, "timeout_resource", in: 0...limit, table: "sessions")
        try StoredValue.check(
            session.httpMaximumConnectionsPerHost, "max_connections_per_host", in: 1...64, table: "sessions")
        return session
    }

    // MARK: Conditions

    /// Reads the single conditions row.
    static let selectConditions =
        "SELECT network, charging, battery_level, low_power_mode, background_refresh FROM conditions WHERE id = 1"

    /// Replaces the single conditions row.
    static let replaceConditions = """
        INSERT OR REPLACE INTO conditions (id, network, charging, battery_level, low_power_mode, background_refresh)
        VALUES (1, ?, ?, ?, ?, ?)
        """

    /// The values of the conditions, in `replaceConditions` order.
    static func values(_ conditions: DeviceConditions) -> [SQLValue] {
        [
            .text(conditions.network.rawValue), .bool(conditions.charging), .int(conditions.batteryLevel),
            .bool(conditions.lowPowerMode), .bool(conditions.backgroundRefresh),
        ]
    }

    /// The conditions from a row of `selectConditions`; `invalidRow` for an unknown network or a battery level
    /// outside 0…100.
    static func conditions(_ row: Row) throws -> DeviceConditions {
        try StoredValue.check(row.int64(2), "battery_level", in: 0...100, table: "conditions")
        return DeviceConditions(
            network: try row.enumeration(0, DeviceConditions.Network.self), charging: row.bool(1),
            batteryLevel: row.int(2), lowPowerMode: row.bool(3), backgroundRefresh: row.bool(4)
        )
    }

    // MARK: Settings

    /// Reads the single transfer-settings row.
    static let selectSettings = "SELECT rate_limit FROM transfer_settings WHERE id = 1"

    /// Replaces the single transfer-settings row.
    static let replaceSettings = "INSERT OR REPLACE INTO transfer_settings (id, rate_limit) VALUES (1, ?)"

    /// The settings from a row of `selectSettings`; `invalidRow` for a limit outside 1k…1t.
    static func settings(_ row: Row) throws -> TransferSettings {
        let limit = row.optionalInt64(0)
        if let limit { try StoredValue.check(limit, "rate_limit", in: RateLimit.minimum...RateLimit.maximum, table: "transfer_settings") }
        return TransferSettings(rateLimit: limit)
    }

    // MARK: Events

    /// Appends one log entry.
    static let insertEvent = "INSERT INTO events (time, kind, subject, reason) VALUES (?, ?, ?, ?)"

    /// The values of a log entry, in `insertEvent` order.
    static func values(_ entry: LogEntry) -> [SQLValue] {
        [.date(entry.time), .text(entry.kind.rawValue), .text(entry.subject), .text(entry.reason)]
    }

    /// An `(id, entry)` pair from a row of `SELECT id, time, kind, subject, reason FROM events`.
    static func event(_ row: Row) throws -> (id: Int64, entry: LogEntry) {
        let entry = LogEntry(
            time: row.date(1), kind: try row.enumeration(2, LogKind.self), subject: row.string(3),
            reason: row.string(4)
        )
        return (row.int64(0), entry)
    }

    // MARK: Helpers

    /// `INSERT … ON CONFLICT(key) DO UPDATE SET` every other column: an in-place upsert.
    private static func upsert(table: String, columns: [String], key: String) -> String {
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        let updates = columns.filter { $0 != key }.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders)) "
            + "ON CONFLICT(\(key)) DO UPDATE SET \(updates)"
    }
}
