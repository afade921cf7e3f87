import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore

/// What `offstage app` and `offstage app --json` show: the app's phase, background time, relaunch state,
/// completion handlers, mistakes, the deliveries waiting for it and a summary of its registry.
struct AppStatus: Encodable {
    /// A completion handler the system issued and the app has not called.
    struct Handler: Encodable {
        let token: Int
        let session: String
        let secondsLeft: Double
        let eventsFinished: Bool
    }

    /// One registry record.
    struct Record: Encodable {
        let taskDescription: String
        let kind: String
        let status: String
        let url: String
        let lastTaskIdentifier: Int?
        /// The home's id of the task `lastTaskIdentifier` names in the app's session (ids differ from it).
        let taskID: Int64?
        let deliveredPath: String?
        let resumeOffset: Int64?
        let note: String?
    }

    /// The registry's records, counted by status.
    struct Registry: Encodable {
        let total: Int
        let inFlight: Int
        let delivered: Int
        let failed: Int
        let lost: Int
        let records: [Record]
    }

    let phase: String
    let backgroundTimeRemaining: Double
    let forceQuit: Bool
    let lastTermination: String?
    let relaunchDelay: Double
    let relaunchAvailableIn: Double
    let pendingRelaunches: [String]
    let completionHandlers: [Handler]
    let backgroundTasks: [String]
    let session: String
    let waitingDeliveries: Int
    let mistakes: [String]
    let registry: Registry
    /// Whether an offstage runs on the home now; with none, the app runs no code whatever phase the store kept.
    let offstageRunning: Bool

    /// The status as the store holds it now (a fresh install when the app never ran).
    init(configuration: AppConfiguration, store: Store?, steady: Double, offstageRunning: Bool = true) throws {
        self.offstageRunning = offstageRunning
        let stored = try store?.loadAppState()
        let lifecycle = AppLifecycle(policy: configuration.lifecycle, state: stored?.lifecycle)
        let state = lifecycle.state
        phase = state.phase.rawValue
        backgroundTimeRemaining = lifecycle.backgroundTimeRemaining(steady: steady)
        forceQuit = state.forceQuit
        lastTermination = state.lastTermination.map(Self.describe)
        relaunchDelay = state.limiter.delay
        relaunchAvailableIn = state.limiter.remaining(at: steady)
        pendingRelaunches = state.pendingRelaunches
        completionHandlers = state.handlers.map {
            Handler(
                token: $0.token.rawValue, session: $0.session, secondsLeft: max(0, $0.deadline - steady),
                eventsFinished: $0.eventsFinished)
        }
        backgroundTasks = state.tasks.map {
            "\($0.subject)" + ($0.hasExpirationHandler ? "" : " (no expiration handler)")
        }
        session = configuration.sessionIdentifier
        let tasks = try store?.loadTasks() ?? []
        let appTasks = tasks.filter { $0.session == configuration.sessionIdentifier }
        let sessionTasks = Set(appTasks.map(\.id))
        let homeIDs = Dictionary(appTasks.map { ($0.taskIdentifier, $0.id) }, uniquingKeysWith: { _, last in last })
        waitingDeliveries = try (store?.outbox() ?? []).filter { sessionTasks.contains($0.taskID) }.count
        mistakes = configuration.mistakes.union(stored?.mistakes ?? AppMistakes()).enabled
        let records = (try store?.loadAppRegistry() ?? AppRegistry()).records.values
            .sorted { $0.taskDescription < $1.taskDescription }
        func count(_ status: AppRecordStatus) -> Int { records.filter { $0.status == status }.count }
        registry = Registry(
            total: records.count, inFlight: count(.inFlight), delivered: count(.delivered), failed: count(.failed),
            lost: count(.lost),
            records: records.map {
                Record(
                    taskDescription: $0.taskDescription, kind: $0.kind.rawValue, status: $0.status.rawValue,
                    url: URLCredentials.masked($0.url), lastTaskIdentifier: $0.lastTaskIdentifier,
                    taskID: $0.lastTaskIdentifier.flatMap { homeIDs[$0] },
                    deliveredPath: $0.deliveredPath, resumeOffset: $0.resumeData?.offset, note: $0.note)
            })
    }

    /// How the last process ended, in words.
    private static func describe(_ termination: AppTermination) -> String {
        switch termination {
        case .userForceQuit: "force-quit by the user"
        case .system(let reason): "terminated by the system (\(reason))"
        case .watchdog(let code): "killed by the watchdog (\(code))"
        case .reboot: "device rebooted (process restarted)"
        }
    }

    /// The status as a few lines of text; `home` names the home when no offstage runs on it.
    func text(home: String) -> String {
        var lines = ["app: \(phase)" + (forceQuit ? " (force-quit: no background relaunch until opened)" : "")]
        if !offstageRunning {
            // Nothing hosts the app: the phase is what the store kept, and the next start is a reboot for the app.
            lines = [
                "app: not running: no offstage is running on \(home) (it was \(phase) when offstage stopped; "
                    + "`offstage run` starts it over, as after a reboot)"
            ]
            if forceQuit { lines.append("force-quit: no background relaunch until opened") }
        }
        let time =
            backgroundTimeRemaining == .greatestFiniteMagnitude
            ? "unlimited (foreground)" : String(format: "%.1f s", backgroundTimeRemaining)
        lines.append("background time remaining: \(time)")
        if let lastTermination { lines.append("last ended: \(lastTermination)") }
        lines.append(
            String(
                format: "relaunch rate limiter: delay %.0f s, next relaunch %@", relaunchDelay,
                relaunchAvailableIn > 0 ? String(format: "in %.0f s", relaunchAvailableIn) : "allowed now"))
        if !pendingRelaunches.isEmpty {
            lines.append("relaunch waiting for: " + pendingRelaunches.joined(separator: ", "))
        }
        for handler in completionHandlers {
            lines.append(
                String(
                    format: "completion handler %d for %@: %.1f s left%@", handler.token, handler.session,
                    handler.secondsLeft, handler.eventsFinished ? " (events finished)" : ""))
        }
        for task in backgroundTasks { lines.append("open background task: \(task)") }
        lines.append("session \(session): \(waitingDeliveries) delivery(ies) waiting in the outbox")
        lines.append("mistakes: " + (mistakes.isEmpty ? "none" : mistakes.joined(separator: ", ")))
        lines.append(
            "registry: \(registry.total) record(s): \(registry.inFlight) in flight, \(registry.delivered) delivered, "
                + "\(registry.failed) failed, \(registry.lost) lost")
        for record in registry.records {
            var detail = record.note.map { ": \($0)" } ?? ""
            if let id = record.taskID, let identifier = record.lastTaskIdentifier {
                detail +=
                    Int64(identifier) == id ? " (task \(id))" : " (task \(id), the app's taskIdentifier \(identifier))"
            }
            // Notes carry server text (error reasons): escaped like every other line that reaches a terminal.
            lines.append(
                TransferDaemon.printable("  \"\(record.taskDescription)\" \(record.kind) \(record.status)\(detail)"))
        }
        return lines.joined(separator: "\n")
    }
}
