import Foundation
import OffstageCore

/// What `offstage work ls` and `work ls --json` print: a pure function of one `Snapshot`'s Android work.
///
/// Columns: name, state, kind (`one-time`, `every 1 h flex 10 min`), attempts, next run, constraints, why it is not
/// running in words (`reason.text(now:)`), and the stop reason. Names, tags, constraints and reasons are escaped.
public enum WorkTable {
    /// The line for a profile without Android.
    public static let noAndroid =
        "the platform profile is iOS only: there is no WorkManager "
        + "(offstage device platform android or both switches to it)"

    /// The line when Android runs but has no work.
    public static let noWork = "no work requests"

    /// The table for people, each line cut to `width` columns when given (a terminal), else full lines. The name
    /// column gives way first (down to 12 columns); when the reason still does not fit beside the rest, each
    /// request's reason and stop reason go on a line of their own under it (`└ needs a network (unmetered)`).
    public static func text(_ snapshot: Snapshot, width: Int? = nil) -> String {
        guard let android = snapshot.android, snapshot.platform.includesAndroid else { return noAndroid }
        var lines: [String] = []
        if android.work.isEmpty {
            lines.append(noWork)
        } else {
            lines = table(android.work.map { Row($0, now: snapshot.clock.now) }, width: width)
        }
        if snapshot.engine.role == .notRunning {
            let last = "no offstage is running on \(snapshot.engine.home): no work runs until `offstage run` starts"
            lines.append(width.map { TextFit.truncate(last, to: $0) } ?? last)
        }
        return lines.joined(separator: "\n")
    }

    /// The header and the rows, fitted to `width`.
    static func table(_ work: [Row], width: Int?) -> [String] {
        let rows = [Row.header] + work
        var widths = (0..<Row.count).map { column in rows.map { DisplayWidth.of($0.cells[column]) }.max() ?? 0 }
        // The columns from the state to the constraints, each with the two spaces after it.
        let fixed = (1..<6).map { widths[$0] + 2 }.reduce(0, +)
        // The stop column only when some request was stopped.
        let stopped = work.contains { !$0.stop.isEmpty }
        var notesBelow = false
        if let width {
            widths[0] = min(widths[0], max(12, width - fixed - 2 - min(widths[6], 30)))
            notesBelow = widths[0] + 2 + fixed + widths[6] + (stopped ? 2 + widths[7] : 0) > width
        }
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            let shown = notesBelow ? 6 : stopped ? Row.count : Row.count - 1
            var cells = (0..<shown).map { TextFit.pad(row.cells[$0], to: widths[$0]) }
            while let last = cells.last, last.allSatisfy({ $0 == " " }) { cells.removeLast() }
            var line = cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(width.map { TextFit.truncate(line, to: $0) } ?? line)
            let note = [row.reason, row.stop.isEmpty ? "" : "stopped: " + row.stop].filter { !$0.isEmpty }
            if notesBelow, index > 0, !note.isEmpty, let width {
                lines.append(TextFit.truncate("  └ " + note.joined(separator: "; "), to: width))
            }
        }
        return lines
    }

    /// `one-time`, `one-time, expedited`, `every 1 h` (flex the whole period) or `every 1 h flex 10 min`.
    public static func kind(periodic: PeriodicSchedule?, expedited: Bool = false) -> String {
        guard let schedule = periodic else { return expedited ? "one-time, expedited" : "one-time" }
        let every = "every " + DurationText.short(schedule.interval)
        return schedule.flex >= schedule.interval ? every : every + " flex " + DurationText.short(schedule.flex)
    }

    /// `now`, `in 10 min`, `due` when its time has come but something holds it (its reason says what), or `-`
    /// when no run is scheduled.
    static func nextRun(_ date: Date?, now: Date, held: Bool = false) -> String {
        guard let date else { return "-" }
        if date <= now { return held ? "due" : "now" }
        return "in " + DurationText.short(date.timeIntervalSince(now))
    }

    /// Why the request is where it is, in words: its wait reason, or what a running worker is up to.
    static func reason(_ work: WorkSnapshot, now: Date) -> String {
        if let reason = work.reason { return reason.text(now: now) }
        guard work.state == .running else { return "" }
        if work.foreground { return "running as a foreground service" }
        guard let deadline = work.runDeadline else { return "running" }
        return "running; the 10-minute limit stops it in " + DurationText.short(deadline.timeIntervalSince(now))
    }

    /// One request's cells, escaped.
    struct Row {
        /// How many columns a row has.
        static let count = 8
        /// The column titles.
        static let header = Row(
            name: "NAME", state: "STATE", kind: "KIND", attempts: "ATTEMPTS", next: "NEXT RUN",
            constraints: "CONSTRAINTS", reason: "REASON", stop: "STOP")
        /// The cells in column order.
        var cells: [String] { [name, state, kind, attempts, next, constraints, reason, stop] }
        /// The name, with its tags in brackets.
        let name: String
        /// `ENQUEUED`, `RUNNING` …
        let state: String
        /// One-time or periodic.
        let kind: String
        /// `runAttemptCount`.
        let attempts: String
        /// When it may run next.
        let next: String
        /// The constraints in words, or `-`.
        let constraints: String
        /// Why it is not running.
        let reason: String
        /// The stop reason's constant name, or empty when not stopped.
        let stop: String

        /// A row of the given cells (the header).
        init(
            name: String, state: String, kind: String, attempts: String, next: String, constraints: String,
            reason: String, stop: String
        ) {
            self.name = name
            self.state = state
            self.kind = kind
            self.attempts = attempts
            self.next = next
            self.constraints = constraints
            self.reason = reason
            self.stop = stop
        }

        /// The cells of `work` at `now`.
        init(_ work: WorkSnapshot, now: Date) {
            let tags = work.tags.isEmpty ? "" : " [" + work.tags.joined(separator: ", ") + "]"
            self.init(
                name: TransferDaemon.printable(work.name + tags), state: work.state.rawValue,
                kind: WorkTable.kind(periodic: work.periodic, expedited: work.expedited),
                attempts: "\(work.runAttemptCount)",
                next: work.state == .enqueued
                    ? WorkTable.nextRun(work.nextScheduleAt, now: now, held: work.reason != nil) : "-",
                constraints: work.constraints.isEmpty ? "-" : TransferDaemon.printable(work.constraints),
                reason: TransferDaemon.printable(WorkTable.reason(work, now: now)),
                stop: work.stopReason == .notStopped ? "" : work.stopReason.constantName)
        }
    }

    /// `work ls --json`: an array of objects, one per request, with the reason in words and typed; `[]` without
    /// work or without Android.
    public static func json(_ snapshot: Snapshot) throws -> String {
        let work = snapshot.platform.includesAndroid ? snapshot.android?.work ?? [] : []
        guard !work.isEmpty else { return "[]" }
        let now = snapshot.clock.now
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(work.map { WorkJSON($0, now: now) }), as: UTF8.self)
    }
}

/// One request in `work ls --json`: the snapshot's fields and the reason in words.
struct WorkJSON: Encodable {
    /// The request as the snapshot shows it.
    let work: WorkSnapshot
    /// Its reason in words at the snapshot's time (empty when it has none).
    let reasonText: String

    /// The request at `now`.
    init(_ work: WorkSnapshot, now: Date) {
        self.work = work
        reasonText = WorkTable.reason(work, now: now)
    }

    /// The documented keys.
    enum Keys: String, CodingKey {
        case id, name, tags, state, periodic, expedited, foreground, runAttemptCount, nextScheduleAt, reason
        case reasonText, stopReason, runDeadline, constraints
    }

    /// Encodes the keys; the stop reason by its constant name.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(work.id, forKey: .id)
        try c.encode(work.name, forKey: .name)
        try c.encode(work.tags, forKey: .tags)
        try c.encode(work.state.rawValue, forKey: .state)
        try c.encodeIfPresent(work.periodic, forKey: .periodic)
        try c.encode(work.expedited, forKey: .expedited)
        try c.encode(work.foreground, forKey: .foreground)
        try c.encode(work.runAttemptCount, forKey: .runAttemptCount)
        try c.encodeIfPresent(work.nextScheduleAt, forKey: .nextScheduleAt)
        try c.encodeIfPresent(work.reason, forKey: .reason)
        try c.encode(reasonText, forKey: .reasonText)
        try c.encode(work.stopReason.constantName, forKey: .stopReason)
        try c.encodeIfPresent(work.runDeadline, forKey: .runDeadline)
        try c.encode(work.constraints, forKey: .constraints)
    }
}
