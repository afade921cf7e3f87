import Foundation

/// An app-delegate call the shell makes on the model app, in the order the actions list them.
public enum AppDelegateCall: Sendable, Equatable {
    /// `application(_:didFinishLaunchingWithOptions:)`, in the foreground or the background.
    case didFinishLaunching(inBackground: Bool)
    /// `applicationDidBecomeActive(_:)`.
    case didBecomeActive
    /// `applicationWillResignActive(_:)`.
    case willResignActive
    /// `applicationDidEnterBackground(_:)` (it has `didEnterBackgroundGrace` seconds).
    case didEnterBackground
    /// `applicationWillEnterForeground(_:)`.
    case willEnterForeground
    /// `application(_:handleEventsForBackgroundURLSession:completionHandler:)` with this handler token.
    case handleEventsForBackgroundURLSession(session: String, token: CompletionHandlerToken)
}

/// Store changes of one life-cycle transition: written in one transaction before anything else happens.
public struct AppLifecycleChanges: Sendable, Equatable {
    /// The whole state after the transition (small; persist it as one value).
    public var state: AppLifecycleState
    /// Event-log lines to append.
    public var log: [LogEntry]
}

/// An imperative for the shell around the life-cycle manager (the runtime).
public enum AppLifecycleAction: Sendable, Equatable {
    /// Write these changes in one transaction before doing anything else.
    case commit(AppLifecycleChanges)
    /// Start the model app's process in the foreground.
    case launchAppInForeground
    /// Start the model app's process in the background, for this reason (session events).
    case launchAppInBackground(reason: String)
    /// Let the suspended app run code again, in the background, for this reason.
    case resumeAppInBackground(reason: String)
    /// Stop running the app's code: it stays in memory, suspended.
    case suspendApp
    /// Make this app-delegate call.
    case callDelegate(AppDelegateCall)
    /// Return this identifier from `beginBackgroundTask` (`.invalid` when background running isn't possible).
    case grantBackgroundTask(BackgroundTaskID)
    /// Call this background task's expiration handler now.
    case callExpirationHandler(taskID: BackgroundTaskID)
    /// Terminate the app process: the watchdog's code (`0x2182bad2`, `0x2182bad3`) and why.
    case killApp(code: String, reason: String)
    /// Tell the transfer daemon to cancel the app's background transfers (−999) with this reason.
    case cancelTransfers(reason: TransferCancellationReason)
    /// Tell the transfer daemon to go on with the app's transfers (after a reboot, or a held reboot's launch).
    case resumeTransfers
    /// Call back with `.timerFired` when the steady clock reads this value (the earliest wake wins).
    case wake(atSteady: Double)
    /// The event was not acted on, for this reason (an illegal call in this phase, an unknown identifier).
    case refuse(String)
}

/// Collects the log lines and actions of one life-cycle transition.
struct AppLifecycleTransition {
    /// Wall-clock time of the event.
    let now: Date
    /// Steady time of the event.
    let steady: Double
    /// Whether the state changed.
    var changed = false
    /// Log lines.
    var log: [LogEntry] = []
    /// Side effects, after the commit.
    var actions: [AppLifecycleAction] = []

    /// Appends an event-log line (and marks the state changed).
    mutating func log(_ kind: LogKind, _ subject: String, _ reason: String = "") {
        log.append(LogEntry(time: now, kind: kind, subject: subject, reason: reason))
        changed = true
    }

    /// The commit (when anything changed) followed by the side effects.
    func finish(_ state: AppLifecycleState) -> [AppLifecycleAction] {
        guard changed else { return actions }
        return [.commit(AppLifecycleChanges(state: state, log: log))] + actions
    }
}
