import Foundation
import OffstageCore
import OffstageStore

/// Calls background sessions restrict, made by the running app so the platform's answer shows in the log.
extension DaemonRuntime {
    /// A completion-handler convenience and an upload from memory are refused with Apple's text; a data task
    /// runs while the app runs and is disconnected (−997) when the app is suspended.
    func tryRestrictedCall(_ call: RestrictedCall, url: String, commandID: Int64) throws {
        guard let host = appHost, host.lifecycle.phase.runsCode, var process = host.process else {
            let phase = appHost?.lifecycle.phase.rawValue ?? "not hosted"
            return try commitApp(
                AppChanges(), commandID: commandID,
                refusals: ["the app runs no code (\(phase)): open it first (offstage app open)"])
        }
        ensureSession(in: &process)
        let session = host.session
        if call == .sessionAgain {
            let creation = try? process.sessions.makeSession(configuration: sessionConfiguration(), now: time.now())
            return try commitApp(AppChanges(log: creation?.log ?? []), commandID: commandID)
        }
        let shown = URLCredentials.masked(url)
        let created: SessionTask?
        do {
            created = try process.sessions.withSession(session) { s throws(AppSessionError) -> SessionTask? in
                switch call {
                case .completionHandler:
                    _ = try s.completionHandlerTask(.downloadTask, with: url)
                    return nil
                case .uploadFromMemory:
                    _ = try s.uploadTask(with: url, from: Array("in memory".utf8))
                    return nil
                case .sessionAgain:
                    return nil
                case .dataTask:
                    let task = try s.dataTask(with: url, appIsSuspended: false)
                    _ = try s.resume(task.taskIdentifier)
                    return task
                }
            }
        } catch {
            appHost?.process = process
            let line = LogEntry(time: time.now(), kind: .appSession, subject: session, reason: error.description)
            return try commitApp(AppChanges(log: [line]), commandID: commandID, refusals: [error.description])
        }
        appHost?.process = process
        let number = created.map { " → data task \($0.taskIdentifier)" } ?? ""
        let line = LogEntry(
            time: time.now(), kind: .appTask, subject: session,
            reason: "dataTask(with: \(shown))\(number): runs only while the app runs; a suspension cuts it (−997)")
        try commitApp(AppChanges(log: [line]), commandID: commandID)
    }

    /// The app was suspended: its sessions' running data tasks complete with −997, as the delegate hears it.
    func disconnectDataTasks() throws {
        guard var process = appHost?.process else { return }
        var log: [LogEntry] = []
        for identifier in process.sessions.sessions.keys.sorted() {
            let actions = (try? process.sessions.withSession(identifier) { $0.appSuspended() }) ?? []
            for case .deliver(.didCompleteWithError(let id, let error?, _)) in actions {
                log.append(
                    LogEntry(
                        time: time.now(), kind: .appDelegate, subject: identifier,
                        reason: "didCompleteWithError data task \(id): error \(error.code) \(error.reason)"))
            }
        }
        appHost?.process = process
        if !log.isEmpty { try commitApp(AppChanges(log: log)) }
    }
}
