import Foundation
import OffstageCore
import OffstageStore

/// The model app's code runs in the core (`AppBehaviour`); the runtime hands it events and carries out what it
/// returns, answering the actions that need facts from the store, the daemon or the file system.
extension DaemonRuntime {
    /// Hands one event to the running app's code and carries out its actions in order (nothing without a process).
    func behave(_ event: AppBehaviourEvent) throws {
        guard let host = appHost, var process = host.process else { return }
        process.behaviour.mistakes = host.mistakes
        let actions = process.behaviour.handle(event, now: time.now())
        appHost?.process = process
        for action in actions {
            guard appHost?.process != nil else { break }
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
            appHost?.registry = try store.loadAppRegistry()
        case .recreateSession:
            try recreateSessionAndReconcile()
        case .registerBGTaskHandlers:
            if let app = modelApp {
                for event in app.launchEvents() { try handleScheduler(event) }
            }
        case .beginBackgroundTask(let name, let hasExpirationHandler, let seconds):
            try beginBackgroundTask(name: name, hasExpirationHandler: hasExpirationHandler, seconds: seconds)
        case .callDelegate(let call, let subject):
            appHost?.pendingLog.append(
                LogEntry(time: time.now(), kind: .appDelegate, subject: subject, reason: call.logText))
            if let session = appHost?.session {
                _ = try? appHost?.process?.sessions.withSession(session) { $0.delivered(call) }
            }
        case .moveFileSynchronously:
            return try moveDeliveredFile()
        case .deferFileMove(let temporary, let line):
            _ = PosixFiles.remove(temporary)
            PosixFiles.syncDirectory(of: temporary)
            appHost?.pendingLog.append(line)
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
            try handleApp(.sessionEventsFinished(token: token))
        case .callCompletionHandler(let token):
            KillPoint.hit("deliver-before-completion-handler")
            try handleApp(.completionHandlerCalled(token: token))
        case .withholdCompletionHandler(_, let line):
            KillPoint.hit("deliver-before-completion-handler")
            try commitApp(AppChanges(log: [line]))
        }
        return true
    }

    /// The changes with the delegate-call lines waiting before them.
    func changesWithPendingLog(_ changes: AppChanges) -> AppChanges {
        var merged = changes
        merged.log = (appHost?.pendingLog ?? []) + changes.log
        appHost?.pendingLog = []
        return merged
    }

    /// Commits the delegate-call lines waiting, if any.
    private func flushPendingLog() throws {
        guard appHost?.pendingLog.isEmpty == false else { return }
        try commitApp(changesWithPendingLog(AppChanges()))
    }

    /// `beginBackgroundTask`: the system answers with an identifier; the app's work ends `seconds` later.
    private func beginBackgroundTask(name: String, hasExpirationHandler: Bool, seconds: Double) throws {
        appHost?.lastGrantedTask = nil
        try handleApp(.beginBackgroundTask(name: name, hasExpirationHandler: hasExpirationHandler))
        guard let id = appHost?.lastGrantedTask, id != .invalid else { return }
        appHost?.process?.backgroundTask = (id, time.steady() + seconds)
    }
}
