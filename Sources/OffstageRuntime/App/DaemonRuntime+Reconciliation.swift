import Foundation
import OffstageCore
import OffstageStore

/// What the model app does in `didFinishLaunching`: recreate its session, then reconcile its registry with the
/// system (`getAllTasks` and the deliveries waiting), and act on every decision.
extension DaemonRuntime {
    /// The app launched (foreground or background): it recreates its session (unless that is its mistake) and
    /// reconciles. The report is one block of `app-reconciled` lines in the event log.
    func appDidFinishLaunching() throws {
        guard var host = appHost, var process = host.process else { return }
        // The app reads its registry from its own storage at every launch.
        host.registry = try store.loadAppRegistry()
        appHost?.registry = host.registry
        let session = host.session
        if host.mistakes.skipsSessionRecreation {
            return try commitApp(
                AppChanges(log: [
                    LogEntry(
                        time: time.now(), kind: .appSession, subject: session,
                        reason: "not recreated at launch (app mistake): its events wait in the outbox")
                ]))
        }
        let creation: SessionCreation
        do {
            creation = try process.sessions.makeSession(configuration: sessionConfiguration(), now: time.now())
        } catch {
            return try commitApp(
                AppChanges(log: [
                    LogEntry(time: time.now(), kind: .appSession, subject: session, reason: error.description)
                ]))
        }
        let systemTasks = daemon.tasks.values.filter { $0.session == session }
        let next = (systemTasks.map(\.taskIdentifier).max() ?? 0) + 1
        // The recreated session learns the system's tasks; the app asks for them with `getAllTasks`.
        let allTasks: [SessionTask] =
            (try? process.sessions.withSession(session) { s throws(AppSessionError) -> [SessionTask] in
                s.restore(systemTasks: systemTasks.compactMap(SystemView.sessionTask))
                s.continueNumbering(from: next)
                return s.getAllTasks()
            }) ?? []
        appHost?.process = process
        let outbox = try waitingDeliveries().compactMap { item in
            daemon.tasks[item.taskID].flatMap {
                SystemView.pendingDelivery($0, temporaryFile: home.partPath(taskID: $0.id))
            }
        }
        let report = Reconciliation.reconcile(
            registry: host.registry, session: session, allTasks: allTasks, outbox: outbox,
            policy: host.setup.configuration.reconciliation)
        try act(on: report, session: session, warning: creation.log)
    }

    /// Logs the report and carries out its decisions, each with its own transaction.
    private func act(on report: ReconciliationReport, session: String, warning: [LogEntry]) throws {
        guard let host = appHost else { return }
        let now = time.now()
        let counts = ReconciliationClass.allCases.map { "\(report.count($0)) \($0.rawValue)" }
        var log = warning
        log.append(
            LogEntry(
                time: now, kind: .appReconciled, subject: session,
                reason: "report at launch: \(report.lines.count) line(s): " + counts.joined(separator: ", ")))
        var upserts: [AppRecord] = []
        for line in report.lines {
            // The line names the app's `taskIdentifier`; the home's id is shown beside it where they differ.
            let homeID = line.taskIdentifier.flatMap { identifier in
                daemon.tasks.values.first { $0.session == session && $0.taskIdentifier == identifier }?.id
            }
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
            guard let key = line.taskDescription, var record = host.registry.records[key] else { continue }
            switch line.decision {
            case .reattach:
                record.lastTaskIdentifier = line.taskIdentifier
                record.note = "reattached to task \(line.taskIdentifier ?? 0)\(beside)"
                upserts.append(record)
            case .markLost:
                record.status = .lost
                record.note = "the system no longer knew it at launch"
                upserts.append(record)
            default:
                continue
            }
        }
        try ack([], app: AppChanges(upserts: upserts, log: log))
        for line in report.lines { try carryOut(line, session: session) }
    }

    /// The decisions that create or cancel tasks; delivery lines are left to the session's delegate calls.
    private func carryOut(_ line: ReconciliationLine, session: String) throws {
        guard let host = appHost else { return }
        let systemTask = line.taskIdentifier.flatMap { number in
            daemon.tasks.values.first { $0.session == session && $0.taskIdentifier == number }
        }
        let record = line.taskDescription.flatMap { host.registry.records[$0] }
        switch line.decision {
        case .reattach, .deliver, .markLost:
            return
        case .recreateFromResumeData:
            // A failure waiting in the outbox recreates when its didCompleteWithError is delivered.
            guard let record, systemTask == nil else { return }
            let kept = daemon.tasks.values.filter {
                $0.session == session && $0.taskDescription == record.taskDescription
                    && ResumeData.ifResumable($0) != nil
                    && ($0.state == .cancelled || $0.state == .failed)
            }.max { $0.id < $1.id }
            if let kept { return try recreateFromResumeData(kept, record: record) }
            try reEnqueue(record, why: "its resume data is gone from the system")
        case .reEnqueue:
            guard let record else { return }
            try reEnqueue(record, why: "unknown to the system at launch")
        case .adopt:
            guard let task = systemTask else { return }
            let key = task.taskDescription ?? "adopted-\(session)-\(task.taskIdentifier)"
            let record = AppRecord(
                taskDescription: key, session: session, kind: task.kind == .download ? .download : .upload,
                url: task.url, uploadPath: task.uploadPath, lastTaskIdentifier: task.taskIdentifier)
            try ack(
                [],
                app: AppChanges(upserts: [record], log: [appTaskLine(task.id, "adopted as \"\(key)\"")]))
        case .cancel:
            guard let task = systemTask, !task.state.isTerminal, task.state != .finishing else { return }
            let actions = daemon.handle(.cancelRequested(id: task.id), now: time.now())
            try ack(actions, app: AppChanges(log: [appTaskLine(task.id, "cancelled: unknown to the app")]))
        }
    }

    /// `downloadTask(withResumeData:)`: the download continues from its kept partial file; the record is in flight.
    func recreateFromResumeData(_ task: TransferTask, record: AppRecord) throws {
        let actions = daemon.handle(.resumeFromResumeDataRequested(id: task.id), now: time.now())
        guard !actions.contains(where: { if case .refuse = $0 { true } else { false } }) else {
            return try reEnqueue(record, why: "its resume data no longer applies")
        }
        var updated = record
        updated.status = .inFlight
        updated.resumeData = nil
        updated.note = "recreated from resume data"
        updated.lastTaskIdentifier = task.taskIdentifier
        try ack(
            actions,
            app: AppChanges(
                upserts: [updated],
                log: [appTaskLine(task.id, "downloadTask(withResumeData:) for \"\(record.taskDescription)\"")]))
    }

    /// Creates the record's task again from scratch, with a new task in the same session.
    private func reEnqueue(_ record: AppRecord, why: String) throws {
        var spec = TransferSpec(
            kind: record.kind == .upload ? .upload : .download, url: record.url, session: record.session)
        spec.taskDescription = record.taskDescription
        spec.uploadPath = record.uploadPath
        let (commandID, id) = try store.enqueueAdd(spec, now: time.now())
        let actions = daemon.handle(
            .addRequested(id: id, spec: spec, defaultDirectory: home.documentsDirectory), now: time.now())
        var updated = record
        updated.status = .inFlight
        updated.resumeData = nil
        updated.note = "re-enqueued: \(why)"
        updated.lastTaskIdentifier = daemon.tasks[id]?.taskIdentifier
        try ack(
            actions,
            app: AppChanges(
                upserts: [updated], log: [appTaskLine(id, "re-enqueued \"\(record.taskDescription)\": \(why)")]),
            commandID: commandID)
    }

    /// An `app-task` event-log line about a daemon task.
    private func appTaskLine(_ id: Int64, _ reason: String) -> LogEntry {
        LogEntry(time: time.now(), kind: .appTask, subject: "task \(id)", reason: reason)
    }
}
