import Foundation
import OffstageCore

/// What `offstage app` and `app --json` print: a pure function of one `Snapshot`.
///
/// With no engine (`notRunning`), nothing hosts the app: the phase is what the store kept, and the next start is a
/// reboot for the app.
public enum AppText {
    /// The status as a few lines of text.
    public static func text(_ snapshot: Snapshot) -> String {
        let app = snapshot.app
        let phase = app.phase.rawValue
        var lines = ["app: \(phase)" + (app.forceQuit ? " (force-quit: no background relaunch until opened)" : "")]
        if snapshot.engine.role == .notRunning {
            // A phase the store kept is history; not-running (or a home that never ran) needs no history.
            let kept =
                app.phase == .notRunning
                ? "`offstage run` starts one"
                : "it was \(phase) when offstage stopped; `offstage run` starts it over, as after a reboot"
            lines = ["app: not running: no offstage is running on \(snapshot.engine.home) (\(kept))"]
            if app.forceQuit { lines.append("force-quit: no background relaunch until opened") }
        }
        let runsCode = snapshot.engine.role != .notRunning && app.phase != .notRunning && app.phase != .suspended
        let time =
            !runsCode
            ? "none (the app runs no code)"
            : app.backgroundTimeRemaining.map { String(format: "%.1f s", $0) } ?? "unlimited (foreground)"
        lines.append("background time remaining: \(time)")
        if let last = app.lastTermination { lines.append("last ended: \(last)") }
        let next = app.relaunchAvailableIn > 0 ? "in " + DurationText.short(app.relaunchAvailableIn) : "allowed now"
        lines.append("relaunch rate limiter: delay \(DurationText.short(app.relaunchDelay)), next relaunch \(next)")
        if !app.pendingRelaunches.isEmpty {
            lines.append("relaunch waiting for: " + app.pendingRelaunches.joined(separator: ", "))
        }
        for handler in app.completionHandlers {
            lines.append(
                String(
                    format: "completion handler %d for %@: %.1f s left%@", handler.token, handler.session,
                    handler.secondsLeft, handler.eventsFinished ? " (events finished)" : ""))
        }
        for task in app.backgroundTasks { lines.append("open background task: \(task)") }
        let deliveries =
            app.waitingDeliveries == 0
            ? "no deliveries" : Plural.count(app.waitingDeliveries, "delivery", plural: "deliveries")
        lines.append("session \(app.session): \(deliveries) waiting in the outbox")
        if !app.heldForOpen.isEmpty {
            lines.append(
                "launch events off for \(app.heldForOpen.joined(separator: ", ")): no background relaunch; "
                    + "the events wait for the user to open the app")
        }
        lines.append("mistakes: " + (app.mistakes.isEmpty ? "none" : app.mistakes.joined(separator: ", ")))
        let registry = app.registry
        let counts =
            "\(registry.count(.inFlight)) in flight, \(registry.count(.delivered)) delivered, "
            + "\(registry.count(.failed)) failed, \(registry.count(.lost)) lost"
        let records = Plural.count(registry.records.count, "record")
        lines.append("registry: " + (registry.records.isEmpty ? "no records" : "\(records): \(counts)"))
        for record in registry.records {
            var detail = record.note.map { ": \($0)" } ?? ""
            if let id = record.taskID, let identifier = record.lastTaskIdentifier {
                detail +=
                    Int64(identifier) == id ? " (task \(id))" : " (task \(id), the app's taskIdentifier \(identifier))"
            }
            // Notes carry server text (error reasons): escaped like every other line that reaches a terminal.
            lines.append(
                TransferDaemon.printable(
                    "  \"\(record.taskDescription)\" \(record.kind.rawValue) \(record.status.rawValue)\(detail)"))
        }
        return lines.joined(separator: "\n")
    }

    /// The stable JSON of `app --json` (documented in the README), keys sorted.
    public static func json(_ snapshot: Snapshot) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(AppJSON(snapshot)), as: UTF8.self)
    }
}

/// `app --json`: the app's phase, background time, relaunch state, completion handlers, mistakes, the deliveries
/// waiting for it and its registry. Absent optionals are left out.
struct AppJSON: Encodable {
    /// A completion handler the system issued and the app has not called.
    struct Handler: Encodable {
        /// The system's token.
        let token: Int
        /// The session it was issued for.
        let session: String
        /// Seconds before the watchdog kills the app.
        let secondsLeft: Double
        /// Whether `urlSessionDidFinishEvents` was delivered.
        let eventsFinished: Bool
    }

    /// One registry record.
    struct Record: Encodable {
        /// The record's key.
        let taskDescription: String
        /// `download` or `upload`.
        let kind: String
        /// `in-flight`, `delivered`, `failed` or `lost`.
        let status: String
        /// The URL, credentials masked.
        let url: String
        /// The app's `taskIdentifier` of its last task.
        let lastTaskIdentifier: Int?
        /// The home's id of that task.
        let taskID: Int64?
        /// Where the app put the file.
        let deliveredPath: String?
        /// The offset of the resume data kept.
        let resumeOffset: Int64?
        /// The app's note.
        let note: String?
    }

    /// The registry's records, counted by status.
    struct Registry: Encodable {
        /// All records.
        let total: Int
        /// Records in flight.
        let inFlight: Int
        /// Records delivered.
        let delivered: Int
        /// Records failed.
        let failed: Int
        /// Records lost.
        let lost: Int
        /// The records, in `taskDescription` order.
        let records: [Record]
    }

    /// The life-cycle phase.
    let phase: String
    /// Seconds of background time left; the largest double in the foreground.
    let backgroundTimeRemaining: Double
    /// Whether the user force-quit it and has not opened it since.
    let forceQuit: Bool
    /// How its last process ended.
    let lastTermination: String?
    /// The relaunch limiter's delay, seconds.
    let relaunchDelay: Double
    /// Seconds until the limiter allows a relaunch.
    let relaunchAvailableIn: Double
    /// Sessions whose relaunch waits.
    let pendingRelaunches: [String]
    /// Sessions whose events wait for the user to open the app (launch events off).
    let heldForOpen: [String]
    /// Completion handlers outstanding.
    let completionHandlers: [Handler]
    /// Open background tasks, in words.
    let backgroundTasks: [String]
    /// The app's session identifier.
    let session: String
    /// Deliveries waiting in the outbox.
    let waitingDeliveries: Int
    /// Mistakes switched on.
    let mistakes: [String]
    /// The registry.
    let registry: Registry
    /// Whether an offstage runs on the home; with none, the app runs no code whatever phase the store kept.
    let offstageRunning: Bool

    /// The JSON of a snapshot's app.
    init(_ snapshot: Snapshot) {
        let app = snapshot.app
        phase = app.phase.rawValue
        backgroundTimeRemaining = app.backgroundTimeRemaining ?? .greatestFiniteMagnitude
        forceQuit = app.forceQuit
        lastTermination = app.lastTermination
        relaunchDelay = app.relaunchDelay
        relaunchAvailableIn = app.relaunchAvailableIn
        pendingRelaunches = app.pendingRelaunches
        heldForOpen = app.heldForOpen
        completionHandlers = app.completionHandlers.map {
            Handler(
                token: $0.token, session: $0.session, secondsLeft: $0.secondsLeft, eventsFinished: $0.eventsFinished)
        }
        backgroundTasks = app.backgroundTasks
        session = app.session
        waitingDeliveries = app.waitingDeliveries
        mistakes = app.mistakes
        let records = app.registry.records
        registry = Registry(
            total: records.count, inFlight: app.registry.count(.inFlight), delivered: app.registry.count(.delivered),
            failed: app.registry.count(.failed), lost: app.registry.count(.lost),
            records: records.map {
                Record(
                    taskDescription: $0.taskDescription, kind: $0.kind.rawValue, status: $0.status.rawValue,
                    url: $0.url, lastTaskIdentifier: $0.lastTaskIdentifier, taskID: $0.taskID,
                    deliveredPath: $0.deliveredPath, resumeOffset: $0.resumeOffset, note: $0.note)
            })
        offstageRunning = snapshot.engine.role != .notRunning
    }
}
