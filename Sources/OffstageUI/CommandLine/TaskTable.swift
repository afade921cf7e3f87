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
        var writer = TaskTableWriter(width: width, now: snapshot.clock.now)
        for transfer in snapshot.transfers { writer.add(transfer) }
        var lines: [String] = []
        writer.write(notRunning: snapshot.engine.role == .notRunning ? snapshot.engine.home : nil) { lines.append($0) }
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

/// `ls --json` a task at a time, the same text as `TaskTable.json` gives for them all: each task's object as it
/// comes (`element`, the first with the array's opening), then `end`.
public struct TaskJSONWriter {
    /// One encoder for every object.
    private let encoder = JSONEncoder()
    /// How many objects were written.
    public private(set) var count = 0

    /// A writer of no objects yet.
    public init() {
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    }

    /// The text for `transfer`: its object indented as an element of the array, after the array's opening (the
    /// first) or a comma (every later one).
    public mutating func element(_ transfer: TransferSnapshot) throws -> String {
        count += 1
        let opening = count == 1 ? "[\n" : ",\n"
        if let plain = TaskJSON(transfer: transfer).plainElement() { return opening + plain }
        let object = String(decoding: try encoder.encode(TaskJSON(transfer: transfer)), as: UTF8.self)
        // Pretty-printed JSON escapes every line break inside a string: each line is one line of the object.
        let indented = object.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
            .joined(separator: "\n")
        return opening + indented
    }

    /// What closes the document: `[]` when there was no task, else the array's end.
    public var end: String { count == 0 ? "[]" : "\n]" }
}

/// One task in `ls --json`.
struct TaskJSON: Encodable {
    /// The task as the snapshot shows it.
    let transfer: TransferSnapshot

    /// The documented keys.
    enum Keys: String, CodingKey {
        case id, session, description, kind, url, state, bytesWritten, bytesExpected, path, error, partBytes
    }

    /// The state as `ls --json` says it (`interrupted` for a task a killed engine left running).
    private var state: String { transfer.status == .interrupted ? "interrupted" : transfer.state.rawValue }
    /// The delivered file, once completed.
    private var path: String? { transfer.state == .completed ? transfer.deliveredPath : nil }
    /// Why it is not complete.
    private var error: String? {
        transfer.state == .completed
            ? nil : transfer.status == .interrupted ? TaskTable.interrupted(transfer) : transfer.error
    }

    /// Encodes every key, nulls included.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(transfer.id, forKey: .id)
        try c.encode(transfer.session, forKey: .session)
        try c.encode(transfer.taskDescription, forKey: .description)
        try c.encode(transfer.kind.rawValue, forKey: .kind)
        try c.encode(transfer.url, forKey: .url)
        try c.encode(state, forKey: .state)
        try c.encode(transfer.bytes, forKey: .bytesWritten)
        try c.encode(transfer.bytesExpected, forKey: .bytesExpected)
        try c.encode(transfer.partBytes, forKey: .partBytes)
        try c.encode(path, forKey: .path)
        try c.encode(error, forKey: .error)
    }

    /// The object as an element of the pretty-printed array with sorted keys, written here without an encoder, when
    /// every text in it is printable ASCII with no `"` or `\` (nothing to escape); nil otherwise (the encoder
    /// writes it). The same bytes the encoder gives.
    func plainElement() -> String? {
        func text(_ value: String?) -> String? {
            guard let value else { return "null" }
            let plain = value.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != 0x5C }
            return plain ? "\"" + value + "\"" : nil
        }
        func number(_ value: Int64?) -> String { value.map { "\($0)" } ?? "null" }
        guard let description = text(transfer.taskDescription), let error = text(error),
            let kind = text(transfer.kind.rawValue), let path = text(path), let session = text(transfer.session),
            let state = text(state), let url = text(transfer.url)
        else { return nil }
        return """
              {
                "bytesExpected" : \(number(transfer.bytesExpected)),
                "bytesWritten" : \(transfer.bytes),
                "description" : \(description),
                "error" : \(error),
                "id" : \(transfer.id),
                "kind" : \(kind),
                "partBytes" : \(number(transfer.partBytes)),
                "path" : \(path),
                "session" : \(session),
                "state" : \(state),
                "url" : \(url)
              }
            """
    }
}
