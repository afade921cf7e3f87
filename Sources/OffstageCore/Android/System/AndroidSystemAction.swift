import Foundation

/// Store changes of one Android system transition, written in one transaction before anything else happens.
public struct AndroidSystemChanges: Sendable, Equatable {
    /// The whole state after the transition.
    public var state: AndroidSystemState
    /// Event-log lines to append.
    public var log: [LogEntry]
}

/// An imperative for the shell around the Android system model (the runtime and WorkManager).
public enum AndroidSystemAction: Sendable, Equatable {
    /// Write these changes in one transaction before doing anything else.
    case commit(AndroidSystemChanges)
    /// Start the app's process in the background for this reason (a worker, a foreground service).
    case startProcessInBackground(reason: String)
    /// End the app's process for this reason: its in-memory state is lost.
    case endProcess(reason: String)
    /// Stop the app's running workers with this stop reason; `includingForeground`: also those running as a
    /// foreground service (force-stop, reboot), else only the others (Doze, quota, restriction).
    case stopRunningWork(reason: WorkStopReason, includingForeground: Bool)
    /// WorkManager must reschedule all its unfinished work with the job scheduler (boot, or the first open after
    /// a force-stop), for this reason.
    case rescheduleWork(reason: String)
    /// Show this foreground service's notification in the status bar.
    case showNotification(ForegroundServiceSnapshot)
    /// Remove this foreground service's notification.
    case removeNotification(service: String)
    /// The job gate changed: WorkManager re-evaluates its enqueued work against it.
    case gateChanged(AndroidJobGate)
    /// The constraint inputs changed: WorkManager re-checks constraints (and stops work whose constraints failed).
    case constraintsChanged(AndroidConstraintInputs)
    /// Call back with `.timerFired` at this date (the next window opening or closing, or another deadline).
    case wake(at: Date)
    /// The event was not acted on, for this reason; nothing changed.
    case refuse(String)
}

extension [AndroidSystemAction] {
    /// The refusal's reason, if the transition was refused.
    public var refusal: String? {
        for case .refuse(let reason) in self { return reason }
        return nil
    }
}
