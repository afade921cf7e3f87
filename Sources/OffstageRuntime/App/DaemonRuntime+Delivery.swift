import Foundation
import OffstageCore
import OffstageStore

/// Delivery to the app: outbox rows become delegate calls when the app can take them, or a background relaunch.
///
/// Every delivery ends in ONE transaction that removes the outbox row, completes the task and updates the app's
/// registry, so a kill at any step re-delivers (the next launch reconciles) and never delivers twice.
extension DaemonRuntime {
    /// Delivers what waits for the app's session, or asks the system to relaunch the app for it.
    func pumpDeliveries() throws {
        guard let host = appHost else { return }
        let waiting = try waitingDeliveries()
        if host.canReceiveEvents {
            for item in waiting { try deliver(item) }
            try finishEventsIfDone()
            return
        }
        guard !waiting.isEmpty, !host.lifecycle.phase.runsCode, !host.lifecycle.wasForceQuit,
            !host.lifecycle.state.pendingRelaunches.contains(host.session),
            !host.lifecycle.state.handlers.contains(where: { $0.session == host.session })
        else { return }
        try handleApp(.relaunchRequested(forSession: host.session))
    }

    /// The outbox rows of the app's session, oldest first.
    func waitingDeliveries() throws -> [OutboxItem] {
        guard let session = appHost?.session else { return [] }
        return try store.outbox().filter { daemon.tasks[$0.taskID]?.session == session }
    }

    /// Hands one waiting delivery to the app's delegate.
    private func deliver(_ item: OutboxItem) throws {
        guard let task = daemon.tasks[item.taskID] else {
            return try commitApp(AppChanges(), transfers: StoreChanges.acknowledging(item.taskID))
        }
        switch task.state {
        case .finishing: try deliverDownload(task)
        case .completed, .failed, .cancelled: try deliverCompletion(task)
        case .queued, .running, .paused, .retrying:
            // Continued from resume data after the row was written: nothing is left to tell.
            try commitApp(AppChanges(), transfers: StoreChanges.acknowledging(item.taskID))
        }
    }

    /// The app's key for a task: its `taskDescription`, or the label it keeps in memory for an unnamed task.
    private func key(for task: TransferTask) -> String? {
        task.taskDescription ?? appHost?.process?.unnamedTasks[task.id]
    }

    /// `didWriteData` (coalesced), `didFinishDownloadingTo`, the app's move, `didCompleteWithError`, then the ack.
    private func deliverDownload(_ task: TransferTask) throws {
        guard let host = appHost else { return }
        KillPoint.hit("deliver-before-callback")
        let temporary = home.partPath(taskID: task.id)
        let now = time.now()
        let calls = DeliveryPlan.download(
            session: host.session, taskIdentifier: task.taskIdentifier, bytesWritten: task.bytesWritten,
            bytesExpected: task.bytesExpected, temporaryFile: temporary, httpStatus: task.httpStatus ?? 200, now: now)
        var log = calls.beforeMove.map {
            LogEntry(time: now, kind: .appDelegate, subject: task.subject, reason: $0.logText)
        }
        var current = task
        if host.mistakes.movesFileAsynchronously {
            _ = PosixFiles.remove(temporary)
            PosixFiles.syncDirectory(of: temporary)
            log.append(
                LogEntry(
                    time: now, kind: .appDelivery, subject: task.subject,
                    reason: "the app deferred the move (app mistake: asynchronous file move); "
                        + "the temporary file was removed as didFinishDownloadingTo returned"))
        } else {
            var event = finalizer.step(current)
            while case .deliveryPathChosen = event {
                try handle(event)
                guard let updated = daemon.tasks[task.id], updated.state == .finishing, updated.deliveredPath != nil
                else { return }
                current = updated
                event = finalizer.step(current)
            }
            guard case .delivered = event else { return try handle(event) }
        }
        let record = registryRecord(for: current).map {
            $0.afterDownload(
                deliveredPath: current.deliveredPath, movedAsynchronously: host.mistakes.movesFileAsynchronously)
        }
        log += calls.afterMove.map {
            LogEntry(time: now, kind: .appDelegate, subject: task.subject, reason: $0.logText)
        }
        log.append(deliveryLine(task, record: record, now: now))
        let actions = daemon.handle(.delivered(id: task.id), now: now)
        try ack(actions, app: AppChanges(upserts: record.map { [$0] } ?? [], log: log))
        KillPoint.hit("deliver-after-ack")
    }

    /// `didCompleteWithError` for a task that ended without a file to hand over; the canonical app recreates a
    /// download the system cancelled from its resume data.
    private func deliverCompletion(_ task: TransferTask) throws {
        KillPoint.hit("deliver-before-callback")
        guard let end = TaskEnd.of(task) else { return }
        let now = time.now()
        let decided = registryRecord(for: task).map { $0.afterCompletion(end, isUpload: task.kind == .upload) }
        let record = decided?.record
        let resume = decided?.resumeFrom
        let calls = DeliveryPlan.completion(
            session: appHost?.session ?? task.session, taskIdentifier: task.taskIdentifier, end: end, now: now)
        let log =
            calls.map { LogEntry(time: now, kind: .appDelegate, subject: task.subject, reason: $0.logText) }
            + [deliveryLine(task, record: record, now: now)]
        try ack(
            [.commit(StoreChanges.acknowledging(task.id))],
            app: AppChanges(upserts: record.map { [$0] } ?? [], log: log))
        KillPoint.hit("deliver-after-ack")
        if let record, resume != nil { try recreateFromResumeData(task, record: record) }
    }

    /// The app's registry record for a task (nil when the app cannot match it), with the task's identifier.
    private func registryRecord(for task: TransferTask) -> AppRecord? {
        guard let key = key(for: task), var record = appHost?.registry.records[key] else { return nil }
        record.lastTaskIdentifier = task.taskIdentifier
        return record
    }

    /// What the app made of a delivery, for the event log.
    private func deliveryLine(_ task: TransferTask, record: AppRecord?, now: Date) -> LogEntry {
        guard let record else {
            if let label = appHost?.process?.unnamedTasks[task.id] {
                return LogEntry(
                    time: now, kind: .appDelivery, subject: task.subject,
                    reason: "matched in memory only (\(label), no taskDescription): no record would survive a kill")
            }
            let why =
                task.taskDescription == nil
                ? "no taskDescription (app mistake): the result cannot be matched to any record"
                : "no record \"\(task.taskDescription ?? "")\" in the registry"
            return LogEntry(time: now, kind: .appDelivery, subject: task.subject, reason: "unmatched: \(why)")
        }
        let note = record.note.map { ": \($0)" } ?? ""
        return LogEntry(
            time: now, kind: .appDelivery, subject: task.subject,
            reason: "\"\(record.taskDescription)\" \(record.status.rawValue)\(note)")
    }

    /// Commits the daemon's change with the app's in one transaction (completing the command when there is
    /// one), keeps the app's registry in step, then performs the daemon's other actions.
    func ack(_ actions: [DaemonAction], app: AppChanges, commandID: Int64? = nil, result: String = "ok") throws {
        var transfers = StoreChanges()
        for case .commit(let c) in actions { transfers = c }
        try commitApp(app, transfers: transfers, commandID: commandID, result: result)
        for record in app.upserts { appHost?.registry.upsert(record) }
        for key in app.removals { appHost?.registry.remove(key) }
        try performAfterCommit(actions)
    }

    /// `urlSessionDidFinishEvents` once nothing waits for a session whose handler the app holds, then the handler.
    private func finishEventsIfDone() throws {
        guard let host = appHost, let token = host.process?.handlers[host.session], try waitingDeliveries().isEmpty
        else { return }
        appHost?.process?.handlers[host.session] = nil
        try commitApp(
            AppChanges(log: [
                LogEntry(
                    time: time.now(), kind: .appDelegate, subject: host.session,
                    reason: DelegateCall.urlSessionDidFinishEvents(session: host.session).logText)
            ]))
        try handleApp(.sessionEventsFinished(token: token))
        KillPoint.hit("deliver-before-completion-handler")
        guard !host.mistakes.skipsCompletionHandler else {
            return try commitApp(
                AppChanges(log: [
                    LogEntry(
                        time: time.now(), kind: .appCompletionHandler, subject: host.session,
                        reason: "\(token) not called (app mistake): the watchdog will kill the app")
                ]))
        }
        try handleApp(.completionHandlerCalled(token: token))
    }
}
