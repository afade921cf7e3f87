import Foundation
import OffstageCore
import OffstageStore

/// The facts the app's code asks for at launch (`.recreateSession`), and the decisions of its reconciliation
/// carried out (`AppBehaviour+Launch` decides them).
extension DaemonRuntime {
    /// The app recreates its background session and asks it for `getAllTasks`; its code then reconciles with
    /// the outbox. A refused creation is logged and ends the launch's session work.
    func recreateSessionAndReconcile() throws {
        guard let host = appHost, var process = host.process else { return }
        let session = host.session
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
        var homeIDs: [Int: Int64] = [:]
        for task in systemTasks { homeIDs[task.taskIdentifier] = task.id }
        try behave(
            .sessionRecreated(
                LaunchFacts(
                    registry: appHost?.registry ?? host.registry, allTasks: allTasks, outbox: outbox,
                    homeIDs: homeIDs, policy: host.setup.configuration.reconciliation, creationLog: creation.log)))
    }

    /// The session's system task with this `taskIdentifier`.
    private func systemTask(_ taskIdentifier: Int) -> TransferTask? {
        guard let session = appHost?.session else { return nil }
        return daemon.tasks.values.first { $0.session == session && $0.taskIdentifier == taskIdentifier }
    }

    /// `downloadTask(withResumeData:)` from the task's resume data (the newest kept one with the record's
    /// `taskDescription` when no task is named); enqueued again when the system kept none.
    func recreateFromResumeData(_ record: AppRecord, taskIdentifier: Int?) throws {
        guard let session = appHost?.session else { return }
        let kept =
            taskIdentifier.flatMap(systemTask)
            ?? daemon.tasks.values.filter {
                $0.session == session && $0.taskDescription == record.taskDescription
                    && ResumeData.ifResumable($0) != nil
                    && ($0.state == .cancelled || $0.state == .failed)
            }.max { $0.id < $1.id }
        guard let kept else { return try reEnqueue(record, why: "its resume data is gone from the system") }
        try recreateFromResumeData(kept, record: record)
    }

    /// Adopts a system task the app did not know into its registry.
    func adopt(taskIdentifier: Int) throws {
        guard let session = appHost?.session, let task = systemTask(taskIdentifier) else { return }
        let key = task.taskDescription ?? "adopted-\(session)-\(task.taskIdentifier)"
        let record = AppRecord(
            taskDescription: key, session: session, kind: task.kind == .download ? .download : .upload,
            url: task.url, uploadPath: task.uploadPath, lastTaskIdentifier: task.taskIdentifier)
        try ack([], app: AppChanges(upserts: [record], log: [appTaskLine(task.id, "adopted as \"\(key)\"")]))
    }

    /// Cancels a system task the app did not know (unless it already ended or is being finished).
    func cancelUnknown(taskIdentifier: Int) throws {
        guard let task = systemTask(taskIdentifier), !task.state.isTerminal, task.state != .finishing else { return }
        let actions = daemon.handle(.cancelRequested(id: task.id), now: time.now())
        try ack(actions, app: AppChanges(log: [appTaskLine(task.id, "cancelled: unknown to the app")]))
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
    func reEnqueue(_ record: AppRecord, why: String) throws {
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
