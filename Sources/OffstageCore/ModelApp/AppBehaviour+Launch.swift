import Foundation

/// What the app does at launch once its session is recreated: reconcile its registry with `getAllTasks` and the
/// outbox, log the report as one block, and act on every decision.
extension AppBehaviour {
    /// The report's log block and record updates first (one transaction), then the decisions that create or
    /// cancel tasks, in the report's order. Delivery lines are left to the session's delegate calls.
    mutating func reconcile(_ facts: LaunchFacts, now: Date) -> [AppBehaviourAction] {
        let report = Reconciliation.reconcile(
            registry: facts.registry, session: session, allTasks: facts.allTasks, outbox: facts.outbox,
            policy: facts.policy)
        let counts = ReconciliationClass.allCases.map { "\(report.count($0)) \($0.rawValue)" }
        var log = facts.creationLog
        log.append(
            LogEntry(
                time: now, kind: .appReconciled, subject: session,
                reason: "report at launch: \(Plural.count(report.lines.count, "line")): "
                    + counts.joined(separator: ", ")))
        var upserts: [AppRecord] = []
        var decisions: [AppBehaviourAction] = []
        for line in report.lines {
            // The line names the app's `taskIdentifier`; the home's id is shown beside it where they differ.
            let homeID = line.taskIdentifier.flatMap { facts.homeIDs[$0] }
            var beside = ""
            if let id = homeID, let identifier = line.taskIdentifier, Int64(identifier) != id {
                beside = " (the home's task \(id))"
            }
            log.append(
                LogEntry(
                    time: now, kind: .appReconciled,
                    subject: line.taskDescription.map { "\"\($0)\"" }
                        ?? "task \(homeID ?? Int64(line.taskIdentifier ?? 0))",
                    reason: line.text + beside))
            let record = line.taskDescription.flatMap { facts.registry.records[$0] }
            switch (line.decision, record, line.taskIdentifier) {
            case (.reattach, var record?, _):
                record.lastTaskIdentifier = line.taskIdentifier
                record.note = "reattached to task \(line.taskIdentifier ?? 0)\(beside)"
                upserts.append(record)
            case (.markLost, var record?, _):
                record.status = .lost
                record.note = "the system no longer knew it at launch"
                upserts.append(record)
            case (.recreateFromResumeData, let record?, nil):
                // A failure waiting in the outbox recreates when its didCompleteWithError is delivered.
                decisions.append(.recreateFromResumeData(record, taskIdentifier: nil))
            case (.reEnqueue, let record?, _):
                decisions.append(.reEnqueue(record, why: "unknown to the system at launch"))
            case (.adopt, _, let identifier?):
                decisions.append(.adopt(taskIdentifier: identifier))
            case (.cancel, _, let identifier?):
                decisions.append(.cancel(taskIdentifier: identifier))
            default:
                continue
            }
        }
        return [.commit(AppChanges(upserts: upserts, log: log))] + decisions
    }
}
