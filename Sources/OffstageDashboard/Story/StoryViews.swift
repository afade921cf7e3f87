import Foundation
import OffstageCore
import OffstageUI

/// What an `expect` reads: the text `offstage VIEW` prints, made by the same pure functions from the snapshot.
public enum StoryViews {
    /// How many event-log lines `events` shows (as `offstage events` does by default).
    public static let eventLines = 200

    /// The text of `view` for `snapshot`; `log` is the event log as the story saw it (oldest first).
    public static func text(
        _ view: StoryView, snapshot: Snapshot, log: [LogEntry], timeZone: TimeZone = .current
    ) -> String {
        switch view {
        case .pending: PendingText.text(snapshot, timeZone: timeZone)
        case .ls: TaskTable.text(snapshot)
        case .app: AppText.text(snapshot)
        case .work: WorkTable.text(snapshot)
        case .events:
            log.suffix(eventLines).map { EventText.line($0, timeZone: timeZone) }.joined(separator: "\n")
        }
    }

    /// Whether `text` shows `expected`: a substring once runs of spaces and tabs count as one space in both.
    public static func shows(_ text: String, _ expected: String) -> Bool {
        collapsed(text).contains(collapsed(expected))
    }

    /// `text` with every run of spaces and tabs as one space.
    static func collapsed(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var blank = false
        for character in text {
            if character == " " || character == "\t" {
                if !blank { out.append(" ") }
                blank = true
            } else {
                out.append(character)
                blank = false
            }
        }
        return out
    }
}
