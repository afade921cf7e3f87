import Foundation
import OffstageCore

/// What `offstage ls` and `ls --json` print: a pure function of one `Snapshot`.
///
/// With an engine (hosting or attached), bytes are the engine's live ones; with none (`notRunning`), a task a killed
/// engine left `running` is *interrupted* and a last line says that nothing runs.
public enum TaskTable {
    /// What a task a killed engine left `running` is while no engine runs.
    public static func interrupted(_ transfer: TransferSnapshot) -> String {
        "interrupted at \(ByteFormat.percent(transfer.bytes, of: transfer.bytesExpected ?? -1)): "
            + "resumes when offstage runs"
    }

    /// The table for people (`no transfers` when there is none).
    ///
    /// A task whose session numbers it differently from the home's id (Apple's `taskIdentifier`) shows that number
    /// beside its session. Server text (errors, URLs, names) is escaped.
    public static func text(_ snapshot: Snapshot) -> String {
        guard !snapshot.transfers.isEmpty else { return "no transfers" }
        var lines = ["  ID  STATE        PROGRESS              SESSION                   WHAT"]
        for transfer in snapshot.transfers {
            var state = transfer.state.rawValue
            let progress = ByteFormat.progress(transfer.bytes, of: transfer.bytesExpected ?? -1)
            var note = transfer.state == .completed ? nil : transfer.error.map(TransferDaemon.printable)
            if transfer.status == .interrupted {
                state = "interrupted"
                note = interrupted(transfer)
            }
            let what =
                transfer.deliveryPath
                ?? (transfer.kind == .upload ? "↑ \(transfer.uploadPath ?? "")" : transfer.url)
            // A task still in the inbox has no taskIdentifier yet (0).
            let numbered = transfer.taskIdentifier != 0 && Int64(transfer.taskIdentifier) != transfer.id
            let session = numbered ? "\(transfer.session) #\(transfer.taskIdentifier)" : transfer.session
            var line = String(format: "%4lld  ", transfer.id) + ByteFormat.pad(state, 11) + "  "
            line +=
                ByteFormat.pad(progress, 20) + "  "
                + ByteFormat.pad(TransferDaemon.printable(session), max(24, session.count)) + "  "
                + TransferDaemon.printable(what)
            if let note { line += "  (\(note))" }
            lines.append(line)
        }
        if snapshot.engine.role == .notRunning {
            lines.append(
                "no offstage is running on \(snapshot.engine.home): nothing transfers until `offstage run` starts")
        }
        return lines.joined(separator: "\n")
    }

    /// The stable JSON of `ls --json` (documented in the README): one object per task, keys sorted (`[]` for none).
    public static func json(_ snapshot: Snapshot) throws -> String {
        guard !snapshot.transfers.isEmpty else { return "[]" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(snapshot.transfers.map(TaskJSON.init)), as: UTF8.self)
    }
}

/// One task in `ls --json`.
struct TaskJSON: Encodable {
    /// The task as the snapshot shows it.
    let transfer: TransferSnapshot

    /// The documented keys.
    enum Keys: String, CodingKey {
        case id, session, description, kind, url, state, bytesWritten, bytesExpected, path, error, partBytes
    }

    /// Encodes every key, nulls included.
    func encode(to encoder: any Encoder) throws {
        let interrupted = transfer.status == .interrupted
        let completed = transfer.state == .completed
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(transfer.id, forKey: .id)
        try c.encode(transfer.session, forKey: .session)
        try c.encode(transfer.taskDescription, forKey: .description)
        try c.encode(transfer.kind.rawValue, forKey: .kind)
        try c.encode(transfer.url, forKey: .url)
        try c.encode(interrupted ? "interrupted" : transfer.state.rawValue, forKey: .state)
        try c.encode(transfer.bytes, forKey: .bytesWritten)
        try c.encode(transfer.bytesExpected, forKey: .bytesExpected)
        try c.encode(transfer.partBytes, forKey: .partBytes)
        try c.encode(completed ? transfer.deliveredPath : nil, forKey: .path)
        try c.encode(completed ? nil : interrupted ? TaskTable.interrupted(transfer) : transfer.error, forKey: .error)
    }
}
