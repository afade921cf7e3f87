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

    /// The table for people (`no transfers` when there is none), fitted to `width` columns when given (a
    /// terminal), else full lines.
    ///
    /// Columns: id, state, progress (human-readable bytes), session (never cut), name (and the app's description),
    /// the URL when there is room for it, then why the task is where it is in words (`earliest begin in 30 s`,
    /// `connection refused, attempt 3 of 10 in 12 s`, `part 12.3 MB kept`), or its speed and ETA while it runs.
    /// A task whose session numbers it differently from the home's id (Apple's `taskIdentifier`) shows that number
    /// beside its session. Server text (errors, URLs, names) is escaped.
    public static func text(_ snapshot: Snapshot, width: Int? = nil) -> String {
        guard !snapshot.transfers.isEmpty else { return "no transfers" }
        let now = snapshot.clock.now
        let rows = snapshot.transfers.map { Row($0, now: now) }
        let idWidth = max(4, rows.map(\.id.count).max() ?? 4)
        let progressWidth = max(20, rows.map { DisplayWidth.of($0.progress) }.max() ?? 20)
        let sessionWidth = max(24, rows.map { DisplayWidth.of($0.session) }.max() ?? 24)
        var nameWidth = max(4, rows.map { DisplayWidth.of($0.name) }.max() ?? 4)
        let urlWidth = max(3, rows.map { DisplayWidth.of($0.url) }.max() ?? 3)
        let noteWidth = rows.map { DisplayWidth.of($0.note) }.max() ?? 0
        let prefix = idWidth + 2 + 11 + 2 + progressWidth + 2 + sessionWidth + 2
        var showURL = true
        var notesBelow = false
        if let width {
            // The name gives way to the notes first (down to 12 columns); the URL only shows if all of it fits.
            nameWidth = min(nameWidth, max(12, width - prefix - 2 - min(noteWidth, 30)))
            showURL = prefix + nameWidth + 2 + urlWidth + 2 + noteWidth <= width
            // Too narrow for the reasons beside the rest: each goes on a line of its own under its task.
            notesBelow = noteWidth > 0 && prefix + nameWidth + 2 + min(noteWidth, 30) > width
        }
        func line(
            _ id: String, _ state: String, _ progress: String, _ session: String, _ name: String,
            _ url: String, _ note: String, tail: String = ""
        ) -> String {
            var text =
                TextFit.padLeft(id, to: idWidth) + "  " + TextFit.pad(state, to: 11) + "  "
                + TextFit.pad(progress, to: progressWidth) + "  " + TextFit.pad(session, to: sessionWidth) + "  "
            text += TextFit.pad(name, to: nameWidth)
            if showURL { text += "  " + TextFit.pad(url, to: urlWidth) }
            if note.isEmpty {
                while text.hasSuffix(" ") { text.removeLast() }
            } else {
                text += "  " + fitted(note, tail: tail, width: width.map { $0 - DisplayWidth.of(text) - 2 })
            }
            return width.map { TextFit.truncate(text, to: $0) } ?? text
        }
        var lines = [line("ID", "STATE", "PROGRESS", "SESSION", "NAME", "URL", notesBelow ? "" : "STATUS")]
        for row in rows {
            lines.append(
                line(
                    row.id, row.state, row.progress, row.session, row.name, row.url, notesBelow ? "" : row.note,
                    tail: row.tail))
            if notesBelow, let width, !row.note.isEmpty {
                let indent = String(repeating: " ", count: idWidth + 2) + "└ "
                let note = fitted(row.note, tail: row.tail, width: width - DisplayWidth.of(indent))
                lines.append(TextFit.truncate(indent + note, to: width))
            }
        }
        if snapshot.engine.role == .notRunning {
            let last =
                "no offstage is running on \(snapshot.engine.home): nothing transfers until `offstage run` starts"
            lines.append(width.map { TextFit.truncate(last, to: $0) } ?? last)
        }
        return lines.joined(separator: "\n")
    }

    /// `note` in `width` columns: when it is too long, its start gives way so that `tail` (a retry's attempt and
    /// countdown, the end of `note`) stays whole.
    static func fitted(_ note: String, tail: String, width: Int?) -> String {
        guard let width, DisplayWidth.of(note) > width, !tail.isEmpty, note.hasSuffix(tail) else { return note }
        let room = width - DisplayWidth.of(tail)
        guard room >= 8 else { return note }
        return TextFit.truncate(String(note.dropLast(tail.count)), to: room) + tail
    }

    /// One task's cells, escaped.
    struct Row {
        /// The home's id.
        let id: String
        /// The state word.
        let state: String
        /// `48% 1.2 GB/2.5 GB`, or the size so far when the total is unknown.
        let progress: String
        /// The session, with Apple's `taskIdentifier` when it differs from the id.
        let session: String
        /// The name, `↑` before an upload's, and the app's description after it.
        let name: String
        /// The URL, credentials masked.
        let url: String
        /// Speed and ETA while it runs, else why it is where it is.
        let note: String
        /// The end of `note` that must stay when it is cut (a retry's `, attempt 3 of 10 in 12 s`), or empty.
        let tail: String

        /// The cells of `transfer` at `now`.
        init(_ transfer: TransferSnapshot, now: Date) {
            id = "\(transfer.id)"
            state = TransferWords.state(transfer)
            progress = ByteFormat.progress(transfer.bytes, of: transfer.bytesExpected ?? -1)
            // A task still in the inbox has no taskIdentifier yet (0).
            let numbered = transfer.taskIdentifier != 0 && Int64(transfer.taskIdentifier) != transfer.id
            session = TransferDaemon.printable(
                numbered ? "\(transfer.session) #\(transfer.taskIdentifier)" : transfer.session)
            var name = (transfer.kind == .upload ? "↑ " : "") + TransferDaemon.printable(transfer.name)
            if let label = transfer.taskDescription, !label.isEmpty, label != transfer.name {
                name += " [\(TransferDaemon.printable(label))]"
            }
            self.name = name
            url = TransferDaemon.printable(transfer.url)
            note = Self.note(transfer, now: now)
            if case .retrying(let next, let attempt, let maxAttempts, _) = transfer.status {
                tail = ", " + TransferWords.attempt(attempt, of: maxAttempts, next: next, now: now)
            } else {
                tail = ""
            }
        }

        /// Speed and ETA while it runs; where a completed task went; else the reason in words; then the rate a
        /// running one is limited to and an encoding its body was saved with (`gzip-encoded`).
        static func note(_ transfer: TransferSnapshot, now: Date) -> String {
            var parts = [baseNote(transfer, now: now)]
            if transfer.status == .running, let rate = transfer.extras?.appliedRate {
                parts.append("limited to " + RateLimit.describe(rate))
            }
            if let encoded = transfer.extras?.encodedNote { parts.append(TransferDaemon.printable(encoded)) }
            return parts.filter { !$0.isEmpty }.joined(separator: ", ")
        }

        /// Speed and ETA while it runs; where a completed task went; else the reason in words.
        static func baseNote(_ transfer: TransferSnapshot, now: Date) -> String {
            switch transfer.status {
            case .running:
                var parts: [String] = []
                if let stalled = transfer.stalledFor(now: now) {
                    parts.append(Format.stalled(stalled))
                } else {
                    if let speed = transfer.speed, speed > 0 {
                        parts.append("\(ByteFormat.size(Clamped.int64(speed)))/s")
                    }
                    if let eta = transfer.eta, (transfer.bytesExpected ?? 0) > transfer.bytes {
                        parts.append("ETA \(TransferDaemon.duration(eta))")
                    }
                }
                if let restart = transfer.restart {
                    parts.append(
                        "started again from zero at \(ByteFormat.size(restart.droppedBytes)): "
                            + TransferDaemon.printable(restart.reason))
                }
                return parts.joined(separator: ", ")
            case .completed:
                if transfer.kind == .upload {
                    return transfer.httpStatus.map { "answered " + HTTPStatus.text($0) } ?? ""
                }
                let path = transfer.deliveredPath ?? transfer.deliveryPath
                return path.map { "saved as " + TransferDaemon.printable($0) } ?? ""
            default:
                return TransferWords.reason(transfer, now: now) ?? ""
            }
        }
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
