import Foundation
import OffstageCore
import Testing

/// The fixed time every daemon test starts at.
let t0 = Date(timeIntervalSince1970: 1_800_000_000)
let documents = "/home/u/Documents"
let etag = "\"e1\""

/// Drives a `TransferDaemon` and checks, on every event, that a state change comes out as ONE commit first.
struct DaemonHarness {
    var daemon: TransferDaemon
    var now = t0
    private var storedTasks = TaskMap()

    init(retryPolicy: RetryPolicy = RetryPolicy(), redirectPolicy: RedirectPolicy = RedirectPolicy()) {
        daemon = TransferDaemon(retryPolicy: retryPolicy, redirectPolicy: redirectPolicy)
    }

    /// Handles an event at `t0 + at` (or the current time), checking the commit-first invariant.
    @discardableResult
    mutating func send(
        _ event: DaemonEvent, at seconds: Double? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [DaemonAction] {
        if let seconds { now = t0 + seconds }
        var before = daemon
        if case .started(let sessions, let tasks, let conditions) = event {
            // What the store already holds need not be written back.
            before = TransferDaemon(retryPolicy: daemon.retryPolicy, redirectPolicy: daemon.redirectPolicy)
            _ = before.handle(.conditionsChanged(conditions), now: now)
            for session in sessions { _ = before.handle(.sessionConfigured(session), now: now) }
            storedTasks = TaskMap(tasks)
        } else {
            storedTasks = daemon.tasks
        }
        let actions = daemon.handle(event, now: now)
        Self.checkCommitFirst(
            actions, before: before, beforeTasks: storedTasks, after: daemon,
            sourceLocation: sourceLocation)
        return actions
    }

    /// Adds a download (or the given spec) with identifier `id`.
    @discardableResult
    mutating func add(
        _ id: Int64, url: String = "https://files.example/big.iso", spec: TransferSpec? = nil,
        at seconds: Double? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [DaemonAction] {
        send(
            .addRequested(id: id, spec: spec ?? TransferSpec(url: url), defaultDirectory: documents), at: seconds,
            sourceLocation: sourceLocation)
    }

    /// The engine's report that the response head was accepted.
    @discardableResult
    mutating func accept(
        _ id: Int64, offset: Int64 = 0, total: Int64 = 1000, validator: String? = etag,
        status: Int = 200, at seconds: Double? = nil
    ) -> [DaemonAction] {
        send(
            .engine(
                .responseAccepted(
                    taskID: id, offset: offset, expectedTotal: total, validator: validator,
                    suggestedName: nil, status: status)), at: seconds)
    }

    /// The engine's report that a request ended.
    @discardableResult
    mutating func end(
        _ id: Int64, _ end: TransferEnd, at seconds: Double? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [DaemonAction] {
        send(.engine(.ended(taskID: id, end: end)), at: seconds, sourceLocation: sourceLocation)
    }

    /// The engine's report of a checkpoint.
    @discardableResult
    mutating func checkpoint(_ id: Int64, _ offset: Int64, at seconds: Double? = nil) -> [DaemonAction] {
        send(.engine(.checkpointed(taskID: id, offset: offset)), at: seconds)
    }

    func task(_ id: Int64, sourceLocation: SourceLocation = #_sourceLocation) throws -> TransferTask {
        try #require(daemon.tasks[id], sourceLocation: sourceLocation)
    }

    /// A state change must come out as exactly one `.commit`, first, holding every changed task's new value.
    static func checkCommitFirst(
        _ actions: [DaemonAction], before: TransferDaemon, beforeTasks: TaskMap,
        after: TransferDaemon, sourceLocation: SourceLocation
    ) {
        let commits = actions.indices.filter { if case .commit = actions[$0] { true } else { false } }
        #expect(commits.count <= 1, "more than one commit: \(actions)", sourceLocation: sourceLocation)
        if let index = commits.first {
            #expect(index == 0, "the commit is not first: \(actions)", sourceLocation: sourceLocation)
        }
        let changed = after.tasks.values.filter { beforeTasks[$0.id] != $0 }
        let stateChanged =
            !changed.isEmpty || before.sessions != after.sessions || before.conditions != after.conditions
        guard stateChanged else { return }
        guard let changes = actions.first?.commit else {
            Issue.record("state changed without a commit first: \(actions)", sourceLocation: sourceLocation)
            return
        }
        for task in changed {
            #expect(
                changes.tasks.contains(task), "task \(task.id) changed but was not committed",
                sourceLocation: sourceLocation)
        }
    }
}

extension DaemonAction {
    /// The store changes, when this is a commit.
    var commit: StoreChanges? { if case .commit(let changes) = self { changes } else { nil } }
}

extension [DaemonAction] {
    /// The commit, when the first action is one.
    var commit: StoreChanges? { first?.commit }
    /// The requests started.
    var starts: [TransferRequest] { compactMap { if case .start(let r) = $0 { r } else { nil } } }
    /// The tasks stopped.
    var stops: [Int64] { compactMap { if case .stop(let id) = $0 { id } else { nil } } }
    /// The partial files removed.
    var removedParts: [Int64] { compactMap { if case .removePart(let id) = $0 { id } else { nil } } }
    /// The tasks handed to finalisation.
    var delivers: [TransferTask] { compactMap { if case .deliver(let t) = $0 { t } else { nil } } }
    /// The wake-ups asked for.
    var wakes: [Date] { compactMap { if case .wake(let d) = $0 { d } else { nil } } }
    /// The refusals.
    var refusals: [String] { compactMap { if case .refuse(let r) = $0 { r } else { nil } } }
    /// The log lines committed.
    var logs: [LogEntry] { commit?.log ?? [] }
    /// Whether a log line of this kind was committed for this subject.
    func logged(_ kind: LogKind, _ subject: String? = nil) -> LogEntry? {
        logs.first { $0.kind == kind && (subject == nil || $0.subject == subject) }
    }
}
