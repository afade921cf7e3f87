import Foundation
import OffstageCore
import OffstageStore

/// Delivery to the app: outbox rows become delegate calls when the app can take them, or a background relaunch.
///
/// Every delivery ends in ONE transaction that removes the outbox row, completes the task and updates the app's
/// registry, so a kill at any step re-delivers (the next launch reconciles) and never delivers twice.
extension AppHost {
    /// Delivers what waits for the app's session, or tells the system it waits (which relaunches the app for it,
    /// or holds it for the user's next open when the session sends no launch events).
    func pumpDeliveries() throws {
        let waiting = try waitingDeliveries()
        if canReceiveEvents {
            for item in waiting { try deliver(item) }
            try finishEventsIfDone()
            return
        }
        guard !waiting.isEmpty else { return }
        switch lifecycle.state.waitingEvents(session: session, sendsLaunchEvents: sendsLaunchEvents) {
        case .none: return
        case .relaunch: try handleLifecycle(.relaunchRequested(forSession: session))
        case .holdForOpen: try handleLifecycle(.launchEventsOff(session: session))
        }
    }

    /// The app's session's `sessionSendsLaunchEvents` (as the system stores it; true, Apple's default, when unset).
    var sendsLaunchEvents: Bool { transfers.daemon.sessions[session]?.sessionSendsLaunchEvents ?? true }

    /// The outbox rows of the app's session, oldest first.
    func waitingDeliveries() throws -> [OutboxItem] {
        try context.store.outbox().filter { transfers.daemon.tasks[$0.taskID]?.session == session }
    }

    /// Hands one waiting delivery to the app's delegate.
    private func deliver(_ item: OutboxItem) throws {
        guard let task = transfers.daemon.tasks[item.taskID] else {
            return try commit(AppChanges(), transfers: StoreChanges.acknowledging(item.taskID))
        }
        switch task.state {
        case .finishing: try deliverDownload(task)
        case .completed, .failed, .cancelled: try deliverCompletion(task)
        case .queued, .running, .paused, .retrying:
            // Continued from resume data after the row was written: nothing is left to tell.
            try commit(AppChanges(), transfers: StoreChanges.acknowledging(item.taskID))
        }
    }

    /// The app's key for a task: its `taskDescription`, or the label it keeps in memory for an unnamed task.
    private func key(for task: TransferTask) -> String? {
        task.taskDescription ?? process?.unnamedTasks[task.id]
    }

    /// The finished download handed to the app's code: its delegate calls, its move, its acknowledgement.
    private func deliverDownload(_ task: TransferTask) throws {
        KillPoint.hit("deliver-before-callback")
        delivering = task.id
        handedOverAt = nil
        defer { delivering = nil }
        try behave(
            .download(
                DownloadHandover(
                    taskIdentifier: task.taskIdentifier, subject: task.subject, bytesWritten: task.bytesWritten,
                    bytesExpected: task.bytesExpected, temporaryFile: context.home.partPath(taskID: task.id),
                    httpStatus: task.httpStatus ?? 200, record: registryRecord(for: task),
                    unmatched: unmatched(task))))
    }

    /// A task that ended without a file, handed to the app's code (`didCompleteWithError`, the acknowledgement,
    /// and for a download the system cancelled, `downloadTask(withResumeData:)`).
    private func deliverCompletion(_ task: TransferTask) throws {
        KillPoint.hit("deliver-before-callback")
        guard let end = TaskEnd.of(task) else { return }
        delivering = task.id
        defer { delivering = nil }
        try behave(
            .completion(
                CompletionHandover(
                    taskIdentifier: task.taskIdentifier, subject: task.subject, end: end,
                    isUpload: task.kind == .upload, record: registryRecord(for: task), unmatched: unmatched(task))))
    }

    /// The app moves the delivery's file before `didFinishDownloadingTo` returns (the finaliser's steps), then
    /// its code goes on; false when the move did not end in a delivery (nothing more happens for it now).
    func moveDeliveredFile() throws -> Bool {
        guard let id = delivering, var current = transfers.daemon.tasks[id] else { return false }
        var event = transfers.finalizer.step(current)
        while case .deliveryPathChosen = event {
            try transfers.handle(event)
            guard let updated = transfers.daemon.tasks[id], updated.state == .finishing,
                updated.deliveredPath != nil
            else {
                pendingLog = []
                return false
            }
            current = updated
            event = transfers.finalizer.step(current)
        }
        guard case .delivered = event else {
            pendingLog = []
            try transfers.handle(event)
            return false
        }
        try behave(.fileMoved(deliveredPath: current.deliveredPath))
        return true
    }

    /// One transaction: the outbox row, the task's end (a download becomes delivered), the registry record and
    /// the delivery's lines, the system's hand-over line where `didFinishDownloadingTo` returned (after the app's
    /// move, before `didCompleteWithError`).
    func acknowledgeDelivery(record: AppRecord?, line: LogEntry) throws {
        guard let id = delivering, let task = transfers.daemon.tasks[id] else { return }
        let returnedAt = handedOverAt ?? pendingLog.count
        handedOverAt = nil
        var app = changesWithPendingLog(AppChanges(upserts: record.map { [$0] } ?? [], log: [line]))
        if task.state == .finishing {
            var actions = transfers.daemon.handle(.delivered(id: id), now: context.time.now())
            if case .commit(var changes)? = actions.first {
                app.log.insert(contentsOf: changes.log, at: min(returnedAt, app.log.count))
                changes.log = []
                actions[0] = .commit(changes)
            }
            try ack(actions, app: app)
        } else {
            try ack([.commit(StoreChanges.acknowledging(id))], app: app)
        }
        KillPoint.hit("deliver-after-ack")
    }

    /// The app's registry record for a task (nil when it cannot match it), with the task's identifier.
    private func registryRecord(for task: TransferTask) -> AppRecord? {
        guard let key = key(for: task), var record = registry.records[key] else { return nil }
        record.lastTaskIdentifier = task.taskIdentifier
        return record
    }

    /// Why the app has no record for a task it cannot match.
    private func unmatched(_ task: TransferTask) -> UnmatchedTask {
        if let label = process?.unnamedTasks[task.id] { return .labelInMemory(label) }
        return task.taskDescription.map { .noRecord(taskDescription: $0) } ?? .noTaskDescription
    }

    /// Carries out a daemon transition together with the app's changes through the shared routine: one
    /// transaction (completing the command when there is one), then the app's registry kept in step and the
    /// daemon's other actions performed.
    func ack(_ actions: [DaemonAction], app: AppChanges, command: CommandSource? = nil, result: String = "ok") throws {
        var commitment = Commitment(transfers: actions)
        commitment.changes.app = app
        commitment.refusals = []
        if result != "ok" { commitment.notes = [result] }
        try context.carryOut(
            [
                HostStep(commitment) { [self] in
                    for record in app.upserts { registry.upsert(record) }
                    for key in app.removals { registry.remove(key) }
                    try transfers.perform(actions)
                }
            ], command: command)
    }

    /// Once nothing waits for the app's session, its code hears so (`urlSessionDidFinishEvents`, then the
    /// completion handler it holds, or its mistake of not calling it).
    private func finishEventsIfDone() throws {
        guard try waitingDeliveries().isEmpty else { return }
        try behave(.outboxDrained(session: session))
    }
}
