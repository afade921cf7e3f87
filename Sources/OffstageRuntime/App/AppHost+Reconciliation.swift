import Foundation
import OffstageCore
import OffstageStore

/// The facts the app's code asks for at launch (`.recreateSession`), and the decisions of its reconciliation
/// carried out (`AppBehaviour+Launch` decides them).
extension AppHost {
    /// The app recreates its background session and asks it for `getAllTasks`; its code then reconciles with
    /// the outbox. A refused creation is logged and ends the launch's session work.
    func recreateSessionAndReconcile() throws {
        guard var current = process else { return }
        let creation: SessionCreation
        do {
            creation = try current.sessions.makeSession(
                configuration: sessionConfiguration(), now: context.time.now())
        } catch {
            return try commit(
                AppChanges(log: [
                    LogEntry(time: context.time.now(), kind: .appSession, subject: session, reason: error.description)
                ]))
        }
        let systemTasks = transfers.daemon.tasks.values.filter { $0.session == session }
        let next = (systemTasks.map(\.taskIdentifier).max() ?? 0) + 1
        // The recreated session learns the system's tasks; the app asks for them with `getAllTasks`.
        let allTasks: [SessionTask] =
            (try? current.sessions.withSession(session) { s throws(AppSessionError) -> [SessionTask] in
                s.restore(systemTasks: systemTasks.compactMap(SystemView.sessionTask))
                s.continueNumbering(from: next)
                return s.getAllTasks()
            }) ?? []
        process = current
        let outbox = try waitingDeliveries().compactMap { item in
            transfers.daemon.tasks[item.taskID].flatMap {
                SystemView.pendingDelivery($0, temporaryFile: context.home.partPath(taskID: $0.id))
            }
        }
        var homeIDs: [Int: Int64] = [:]
        for task in systemTasks { homeIDs[task.taskIdentifier] = task.id }
        try behave(
            .sessionRecreated(
                LaunchFacts(
                    registry: registry, allTasks: allTasks, outbox: outbox, homeIDs: homeIDs,
                    policy: setup.configuration.reconciliation, creationLog: creation.log)))
    }

    /// The session's system task with this `taskIdentifier`.
    private func systemTask(_ taskIdentifier: Int) -> TransferTask? {
        transfers.daemon.tasks.values.first { $0.session == session && $0.taskIdentifier == taskIdentifier }
    }

    /// `downloadTask(withResumeData:)` from the resume data the system kept for the record
    /// (`SystemView.resumeDataSource` chooses it); enqueued again when the system kept none.
    func recreateFromResumeData(_ record: AppRecord, taskIdentifier: Int?) throws {
        let kept = SystemView.resumeDataSource(
            for: record, taskIdentifier: taskIdentifier, session: session, tasks: transfers.daemon.tasks.values)
        guard let kept else { return try reEnqueue(record, why: "its resume data is gone from the system") }
        try recreateFromResumeData(kept, record: record)
    }

    /// Adopts a system task the app did not know into its registry.
    func adopt(taskIdentifier: Int) throws {
        guard let task = systemTask(taskIdentifier) else { return }
        let key = task.taskDescription ?? "adopted-\(session)-\(task.taskIdentifier)"
        let record = AppRecord(
            taskDescription: key, session: session, kind: task.kind == .download ? .download : .upload,
            url: task.url, uploadPath: task.uploadPath, lastTaskIdentifier: task.taskIdentifier)
        try ack([], app: AppChanges(upserts: [record], log: [appTaskLine(task.id, "adopted as \"\(key)\"")]))
    }

    /// Cancels a system task the app did not know (unless it already ended or is being finished).
    func cancelUnknown(taskIdentifier: Int) throws {
        guard let task = systemTask(taskIdentifier), !task.state.isTerminal, task.state != .finishing else { return }
        let actions = transfers.daemon.handle(.cancelRequested(id: task.id), now: context.time.now())
        try ack(actions, app: AppChanges(log: [appTaskLine(task.id, "cancelled: unknown to the app")]))
    }

    /// `downloadTask(withResumeData:)`: the download continues from its kept partial file; the record is in flight.
    func recreateFromResumeData(_ task: TransferTask, record: AppRecord) throws {
        let actions = transfers.daemon.handle(.resumeFromResumeDataRequested(id: task.id), now: context.time.now())
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
        let (inboxID, id) = try context.store.enqueueAdd(spec, now: context.time.now())
        let actions = transfers.daemon.handle(
            .addRequested(id: id, spec: spec, defaultDirectory: context.home.documentsDirectory),
            now: context.time.now())
        var updated = record
        updated.status = .inFlight
        updated.resumeData = nil
        updated.note = "re-enqueued: \(why)"
        updated.lastTaskIdentifier = transfers.daemon.tasks[id]?.taskIdentifier
        try ack(
            actions,
            app: AppChanges(
                upserts: [updated], log: [appTaskLine(id, "re-enqueued \"\(record.taskDescription)\": \(why)")]),
            command: .inbox(inboxID))
    }

    /// An `app-task` event-log line about a daemon task.
    private func appTaskLine(_ id: Int64, _ reason: String) -> LogEntry {
        LogEntry(time: context.time.now(), kind: .appTask, subject: "task \(id)", reason: reason)
    }
}
