import Foundation
import OffstageCore

/// `TaskTable.text` taken a transfer at a time: each transfer's cells are made as it comes (and the columns widened
/// to fit them), then `write` hands the table over line by line. `ls` of a home of any size feeds it straight from
/// the store, and keeps only the cells.
public struct TaskTableWriter {
    /// The columns to fit into (a terminal), or nil for full lines.
    private let width: Int?
    /// The time the notes count from.
    private let now: Date
    /// Each transfer's cells, in the order added.
    private var rows: [TaskTable.Row] = []
    /// The widest cell of each column so far, headings and minimums included.
    private var idWidth = 4
    private var progressWidth = 20
    private var sessionWidth = 24
    private var fullNameWidth = 4
    private var urlWidth = 3
    private var noteWidth = 0

    /// A table fitted to `width` columns when given (a terminal), else of full lines, with notes as at `now`.
    public init(width: Int?, now: Date) {
        self.width = width
        self.now = now
    }

    /// How many transfers were added.
    public var count: Int { rows.count }

    /// Adds the next row.
    public mutating func add(_ transfer: TransferSnapshot) {
        let row = TaskTable.Row(transfer, now: now)
        idWidth = max(idWidth, row.id.count)
        progressWidth = max(progressWidth, DisplayWidth.of(row.progress))
        sessionWidth = max(sessionWidth, DisplayWidth.of(row.session))
        fullNameWidth = max(fullNameWidth, DisplayWidth.of(row.name))
        urlWidth = max(urlWidth, DisplayWidth.of(row.url))
        noteWidth = max(noteWidth, DisplayWidth.of(row.note))
        rows.append(row)
    }

    /// Hands `line` every line of the table (no line breaks): the heading, a line per transfer (and its note's
    /// own line when the terminal is too narrow for it), then, with `notRunning` (the home), that nothing runs.
    /// Nothing for a table without rows (`TaskTable.text` says `no transfers`).
    public func write(notRunning home: String?, _ line: (String) throws -> Void) rethrows {
        guard !rows.isEmpty else { return }
        let prefix = idWidth + 2 + 11 + 2 + progressWidth + 2 + sessionWidth + 2
        var nameWidth = fullNameWidth
        var showURL = true
        var notesBelow = false
        if let width {
            // The name gives way to the notes first (down to 12 columns); the URL only shows if all of it fits.
            nameWidth = min(nameWidth, max(12, width - prefix - 2 - min(noteWidth, 30)))
            showURL = prefix + nameWidth + 2 + urlWidth + 2 + noteWidth <= width
            // Too narrow for the reasons beside the rest: each goes on a line of its own under its task.
            notesBelow = noteWidth > 0 && prefix + nameWidth + 2 + min(noteWidth, 30) > width
        }
        func format(
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
                text +=
                    "  " + TaskTable.fitted(note, tail: tail, width: width.map { $0 - DisplayWidth.of(text) - 2 })
            }
            return width.map { TextFit.truncate(text, to: $0) } ?? text
        }
        try line(format("ID", "STATE", "PROGRESS", "SESSION", "NAME", "URL", notesBelow ? "" : "STATUS"))
        for row in rows {
            try line(
                format(
                    row.id, row.state, row.progress, row.session, row.name, row.url, notesBelow ? "" : row.note,
                    tail: row.tail))
            if notesBelow, let width, !row.note.isEmpty {
                let indent = String(repeating: " ", count: idWidth + 2) + "└ "
                let note = TaskTable.fitted(row.note, tail: row.tail, width: width - DisplayWidth.of(indent))
                try line(TextFit.truncate(indent + note, to: width))
            }
        }
        if let home {
            let last = "no offstage is running on \(home): nothing transfers until `offstage run` starts"
            try line(width.map { TextFit.truncate(last, to: $0) } ?? last)
        }
    }
}
