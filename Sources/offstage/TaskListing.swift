import Foundation
import OffstageCore
import OffstageStore

/// The tasks `ls` shows: those in the store, plus `add` commands still waiting in the inbox.
struct TaskListing {
    /// Tasks in id order.
    let tasks: [TransferTask]

    /// Whether an offstage owns the home now (false: a `running` task was interrupted and waits for a start).
    var engineRuns = true

    /// Reads the store; `add` commands not yet executed appear as queued tasks with the id they reserved.
    init(store: Store, defaultDirectory: String) throws {
        var tasks = try store.loadTasks()
        for (id, command) in try store.pendingCommands() {
            guard case .add(let spec) = command else { continue }
            tasks.append(
                TransferTask(
                    id: try store.reservedTaskID(command: id) ?? id, session: spec.session, taskIdentifier: 0,
                    taskDescription: spec.taskDescription,
                    kind: spec.kind, url: URLCredentials.stripped(spec.url), method: spec.method,
                    uploadPath: spec.uploadPath, requestedName: spec.name,
                    destinationDirectory: spec.destinationDirectory ?? defaultDirectory, createdAt: Date()))
        }
        self.tasks = tasks.sorted { $0.id < $1.id }
    }

    /// What a task a killed engine left `running` is while no engine runs.
    static func interrupted(_ task: TransferTask) -> String {
        "interrupted at \(ByteFormat.percent(task.bytesWritten, of: task.bytesExpected)): resumes when offstage runs"
    }

    /// The stable JSON of `ls --json` (documented in the README).
    func json() throws -> String {
        let items = tasks.map { TaskJSON(task: $0, interrupted: !engineRuns && $0.state == .running) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(items), as: UTF8.self)
    }

    /// A table for people.
    ///
    /// With no engine running, a task the store still calls `running` (its engine was killed) reads as
    /// interrupted, and a last line says that nothing runs. A task whose session numbers it differently from the
    /// home's id (Apple's `taskIdentifier`) shows that number beside its session.
    func table(home: String) -> String {
        guard !tasks.isEmpty else { return "no transfers" }
        var lines = ["  ID  STATE        PROGRESS              SESSION                   WHAT"]
        for task in tasks {
            var state = task.state.rawValue
            let progress = ByteFormat.progress(task.bytesWritten, of: task.bytesExpected)
            var note = task.state == .completed ? nil : task.error.map(TransferDaemon.printable)
            if !engineRuns, task.state == .running {
                state = "interrupted"
                note = Self.interrupted(task)
            }
            let what =
                task.deliveredPath
                ?? (task.kind == .upload ? "↑ \(task.uploadPath ?? "")" : URLCredentials.masked(task.url))
            // A task still in the inbox has no taskIdentifier yet (0).
            let numbered = task.taskIdentifier != 0 && Int64(task.taskIdentifier) != task.id
            let session = numbered ? "\(task.session) #\(task.taskIdentifier)" : task.session
            var line = String(format: "%4lld  ", task.id) + ByteFormat.pad(state, 11) + "  "
            line +=
                ByteFormat.pad(progress, 20) + "  "
                + ByteFormat.pad(TransferDaemon.printable(session), max(24, session.count)) + "  "
                + TransferDaemon.printable(what)
            if let note { line += "  (\(note))" }
            lines.append(line)
        }
        if !engineRuns {
            lines.append("no offstage is running on \(home): nothing transfers until `offstage run` starts")
        }
        return lines.joined(separator: "\n")
    }
}

/// One task in `ls --json`.
struct TaskJSON: Encodable {
    /// The task as the store holds it.
    let task: TransferTask
    /// Whether it is `running` in the store while no offstage runs: shown as `interrupted`.
    let interrupted: Bool

    enum Keys: String, CodingKey {
        case id, session, description, kind, url, state, bytesWritten, bytesExpected, path, error
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(task.id, forKey: .id)
        try c.encode(task.session, forKey: .session)
        try c.encode(task.taskDescription, forKey: .description)
        try c.encode(task.kind.rawValue, forKey: .kind)
        try c.encode(URLCredentials.masked(task.url), forKey: .url)
        try c.encode(interrupted ? "interrupted" : task.state.rawValue, forKey: .state)
        try c.encode(task.bytesWritten, forKey: .bytesWritten)
        try c.encode(task.bytesExpected >= 0 ? task.bytesExpected : nil, forKey: .bytesExpected)
        try c.encode(task.state == .completed ? task.deliveredPath : nil, forKey: .path)
        let note = interrupted ? TaskListing.interrupted(task) : task.error
        try c.encode(task.state == .completed ? nil : note, forKey: .error)
    }
}
