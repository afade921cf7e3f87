import Foundation
import OffstageCore
import OffstageStore

/// Rows the runtime cannot use at start: each is skipped, reported once as `row-set-aside`, and the rest of
/// the home runs.
extension HostContext {
    /// Writes one `row-set-aside` line per row not reported before (same subject and reason), durably.
    func reportSetAside(_ rows: [SetAsideRow]) throws {
        var changes = StoreChanges()
        for row in rows {
            var reason = TransferDaemon.printable(row.reason)
            if reason.count > 300 { reason = String(reason.prefix(300)) + "…" }
            let entry = LogEntry(
                time: time.now(), kind: .rowSetAside, subject: row.row,
                reason: "table \(row.table): \(reason); skipped, the rest of the home carries on")
            guard try !store.hasEvent(kind: entry.kind, subject: entry.subject, reason: entry.reason) else { continue }
            changes.log.append(entry)
        }
        guard !changes.log.isEmpty else { return }
        try store.apply(changes, now: time.now())
        changes.log.forEach(onLog)
    }

    /// The stored device conditions, or the defaults with the row set aside when it cannot be used.
    func loadConditions() throws -> DeviceConditions {
        try loadState("conditions") { try store.loadConditions() } ?? DeviceConditions()
    }

    /// A stored state row (the scheduler's or the app's), or nil with the row set aside when it cannot be
    /// decoded: that side starts fresh, as on a new install, and its next commit replaces the row.
    func loadState<T>(_ table: String, _ load: () throws -> T?) throws -> T? {
        do {
            return try load()
        } catch StoreError.invalidRow(_, let detail) {
            try reportSetAside([
                SetAsideRow(table: table, row: "the \(table) row", reason: detail + "; starting fresh")
            ])
            return nil
        }
    }
}
