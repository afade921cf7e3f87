import Foundation
import OffstageCore
import OffstageStore

/// The model app's code runs in the core (`AppBehaviour`); the host hands it events and carries out what it
/// returns, answering the actions that need facts from the store, the daemon or the file system.
extension AppHost {
    /// Hands one event to the running app's code and carries out its actions in order (nothing without a process).
    func behave(_ event: AppBehaviourEvent) throws {
        guard var current = process else { return }
        current.behaviour.mistakes = mistakes
        let actions = current.behaviour.handle(event, now: context.time.now())
        process = current
        for action in actions {
            guard process != nil else { break }
            guard try perform(action) else { break }
        }
    }

    /// Carries out one action; false stops the rest of the list (a failed file move ends its delivery).
    private func perform(_ action: AppBehaviourAction) throws -> Bool {
        switch action {
        case .commit(let changes):
            try ack([], app: changesWithPendingLog(changes))
        case .loadRegistry:
            // The app reads its registry from its own storage at every launch.
            registry = try context.store.loadAppRegistry()
        case .recreateSession:
            try recreateSessionAndReconcile()
        case .registerBGTaskHandlers:
            if let scheduler {
                for event in scheduler.modelApp.launchEvents() { try scheduler.handle(event) }
            }
        case .beginBackgroundTask(let name, let hasExpirationHandler, _):
            // The system answers with `.grantBackgroundTask`, which the app's code keeps (`backgroundWork`).
            try handleLifecycle(.beginBackgroundTask(name: name, hasExpirationHandler: hasExpirationHandler))
        case .endBackgroundTask(let id, let at):
            try handleLifecycle(.endBackgroundTask(id: id), at: at)
        case .callDelegate(let call, let subject):
            pendingLog.append(
                LogEntry(time: context.time.now(), kind: .appDelegate, subject: subject, reason: call.logText))
            _ = try? process?.sessions.withSession(session) { $0.delivered(call) }
        case .moveFileSynchronously:
            return try moveDeliveredFile()
        case .deferFileMove(let temporary, let line):
            _ = PosixFiles.remove(temporary)
            PosixFiles.syncDirectory(of: temporary)
            pendingLog.append(line)
        case .didFinishDownloadingReturned(let line):
            if let line { pendingLog.append(line) }
            handedOverAt = pendingLog.count
        case .acknowledgeDelivery(let record, let line):
            try acknowledgeDelivery(record: record, line: line)
        case .recreateFromResumeData(let record, let identifier):
            try recreateFromResumeData(record, taskIdentifier: identifier)
        case .reEnqueue(let record, let why):
            try reEnqueue(record, why: why)
        case .adopt(let identifier):
            try adopt(taskIdentifier: identifier)
        case .cancel(let identifier):
            try cancelUnknown(taskIdentifier: identifier)
        case .reportEventsFinished(let token):
            try flushPendingLog()
            try handleLifecycle(.sessionEventsFinished(token: token))
        case .callCompletionHandler(let token):
            KillPoint.hit("deliver-before-completion-handler")
            try handleLifecycle(.completionHandlerCalled(token: token))
        case .withholdCompletionHandler(_, let line):
            KillPoint.hit("deliver-before-completion-handler")
            try commit(AppChanges(log: [line]))
        }
        return true
    }

    /// The changes with the delegate-call lines waiting before them.
    func changesWithPendingLog(_ changes: AppChanges) -> AppChanges {
        var merged = changes
        merged.log = pendingLog + changes.log
        pendingLog = []
        return merged
    }

    /// Commits the delegate-call lines waiting, if any.
    private func flushPendingLog() throws {
        guard !pendingLog.isEmpty else { return }
        try commit(changesWithPendingLog(AppChanges()))
    }
}
