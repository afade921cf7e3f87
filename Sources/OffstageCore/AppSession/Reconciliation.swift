/// Reconciles the app's registry with what the system reports at relaunch, with no I/O.
public enum Reconciliation {
    /// Something the system has for the session: a pending delivery, or an outstanding task.
    enum Item {
        /// A delivery waiting in the outbox.
        case delivery(PendingDelivery)
        /// An outstanding task from `getAllTasks`.
        case task(SessionTask)

        var taskIdentifier: Int {
            switch self {
            case .delivery(let d): d.taskIdentifier
            case .task(let t): t.taskIdentifier
            }
        }

        var taskDescription: String? {
            switch self {
            case .delivery(let d): d.taskDescription
            case .task(let t): t.taskDescription
            }
        }
    }

    /// Classifies each outstanding record of `session` against `getAllTasks` and the outbox.
    ///
    /// A delivery waiting in the outbox wins over the same task in `getAllTasks`. A system task without a
    /// `taskDescription` cannot be matched (an app mistake) and is reported unknown to the app.
    public static func reconcile(
        registry: AppRegistry, session: String, allTasks: [SessionTask], outbox: [PendingDelivery],
        policy: ReconciliationPolicy = ReconciliationPolicy()
    ) -> ReconciliationReport {
        let delivered = Set(outbox.map(\.taskIdentifier))
        var items = outbox.sorted { $0.taskIdentifier < $1.taskIdentifier }.map(Item.delivery)
        items += allTasks.filter { $0.isOutstanding && !delivered.contains($0.taskIdentifier) }
            .sorted { $0.taskIdentifier < $1.taskIdentifier }.map(Item.task)
        var unmatched = items
        var lines: [ReconciliationLine] = []
        for record in registry.outstanding(in: session) {
            if let index = unmatched.firstIndex(where: { $0.taskDescription == record.taskDescription }) {
                lines.append(matched(record, unmatched.remove(at: index)))
            } else {
                lines.append(missing(record, policy: policy))
            }
        }
        let known = Set(registry.outstanding(in: session).map(\.taskDescription))
        for item in unmatched.sorted(by: { $0.taskIdentifier < $1.taskIdentifier }) {
            let reason: String
            if let description = item.taskDescription {
                reason =
                    known.contains(description)
                    ? "duplicate taskDescription: another task already matched its record"
                    : "no record with this taskDescription"
            } else {
                reason = "no taskDescription: the task cannot be matched to a record (app mistake)"
            }
            lines.append(
                ReconciliationLine(
                    taskDescription: item.taskDescription, taskIdentifier: item.taskIdentifier,
                    classification: .unknownToApp, decision: policy.whenUnknownToApp,
                    reason: "\(reason); \(describe(item))"))
        }
        return ReconciliationReport(session: session, lines: lines)
    }

    private static func matched(_ record: AppRecord, _ item: Item) -> ReconciliationLine {
        func line(_ c: ReconciliationClass, _ d: ReconciliationDecision, _ reason: String) -> ReconciliationLine {
            ReconciliationLine(
                taskDescription: record.taskDescription, taskIdentifier: item.taskIdentifier, classification: c,
                decision: d, reason: reason)
        }
        switch item {
        case .task:
            return line(.stillRunning, .reattach, describe(item) + " in the system")
        case .delivery(let delivery):
            if case .failed(let error) = delivery.end, let data = error.resumeData {
                return line(
                    .failedWithResumeData, .recreateFromResumeData,
                    "failed while away (\(error.code): \(error.reason)); resume data at byte \(data.offset)")
            }
            return line(.finishedWhileAway, .deliver, describe(item))
        }
    }

    private static func missing(_ record: AppRecord, policy: ReconciliationPolicy) -> ReconciliationLine {
        if let data = record.resumeData {
            return ReconciliationLine(
                taskDescription: record.taskDescription, taskIdentifier: nil, classification: .failedWithResumeData,
                decision: .recreateFromResumeData,
                reason: "the app kept resume data at byte \(data.offset) from an earlier failure")
        }
        return ReconciliationLine(
            taskDescription: record.taskDescription, taskIdentifier: nil, classification: .unknownToSystem,
            decision: policy.whenUnknownToSystem,
            reason: "no task and no pending delivery with this taskDescription in the system")
    }

    private static func describe(_ item: Item) -> String {
        switch item {
        case .task(let task):
            let state =
                switch task.state {
                case .running: "running"
                case .suspended: "suspended"
                case .canceling: "canceling"
                case .completed: "completed"
                }
            return "\(task.kind.rawValue) task \(task.taskIdentifier) is \(state)"
        case .delivery(let delivery):
            switch delivery.end {
            case .response(let status):
                let file = delivery.temporaryFile.map { ", file \($0)" } ?? ""
                let note = status >= 400 ? " (an HTTP error is not a task error)" : ""
                return "finished while away: HTTP \(status)\(note)\(file)"
            case .failed(let error):
                return "failed while away (\(error.code): \(error.reason)); no resume data"
            }
        }
    }
}
