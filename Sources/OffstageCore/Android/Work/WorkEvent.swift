import Foundation

/// Which requests `cancel` selects.
public enum WorkSelector: Codable, Sendable, Equatable {
    /// `cancelWorkById`.
    case id(String)
    /// `cancelUniqueWork` (or every request with this label).
    case name(String)
    /// `cancelAllWorkByTag`.
    case tag(String)
    /// `cancelAllWork`.
    case all
}

/// How the app's process ended, for `.processDied`.
public enum WorkProcessEnd: String, Codable, Sendable, CaseIterable {
    /// The low-memory killer ended it (stop reason UNKNOWN).
    case lowMemoryKiller = "low-memory killer"
    /// The device rebooted (UNKNOWN; WorkManager reschedules at `ACTION_BOOT_COMPLETED`).
    case reboot
    /// The user force-stopped the app (USER).
    case forceStop = "force stop"
}

/// A fact WorkManager reacts to (past tense), with the time it happened passed beside it.
public enum WorkEvent: Sendable, Equatable {
    /// The model was created from stored requests: runs from a previous process are over (UNKNOWN).
    case started
    /// The app enqueued a request (`enqueue`, `enqueueUniqueWork`, `enqueueUniquePeriodicWork`, `then`).
    case enqueue(WorkEnqueue)
    /// The app cancelled requests.
    case cancel(WorkSelector)
    /// The system's gate, the device facts or the expedited quota changed.
    case environmentChanged(WorkEnvironment)
    /// A wake the model asked for came due.
    case timerFired
    /// The runtime reports that a worker returned a result.
    case workerFinished(id: String, result: WorkResult)
    /// The worker called `setForegroundAsync` with this notification text.
    case setForeground(id: String, notification: String)
    /// `offstage work run NAME`: run now, constraints, delays and the system bypassed (the test driver's
    /// `setAllConstraintsMet` + `setInitialDelayMet` + `setPeriodDelayMet`).
    case workRun(name: String)
    /// The system stopped a running job for its own reason (QUOTA, PREEMPT, SYSTEM_PROCESSING …).
    case systemStopped(id: String, reason: WorkStopReason)
    /// The app's process died; running work goes back to ENQUEUED and survives.
    case processDied(WorkProcessEnd)
}
