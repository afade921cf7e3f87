import Foundation

/// One line of the event log: what happened, to what, and why.
public struct LogEntry: Codable, Sendable, Equatable {
    /// When it happened.
    public var time: Date
    /// What kind of thing happened.
    public var kind: LogKind
    /// What it happened to, e.g. `task 7` or a session identifier.
    public var subject: String
    /// Why, or the detail that matters; never credentials.
    public var reason: String

    /// A log entry.
    public init(time: Date, kind: LogKind, subject: String, reason: String = "") {
        self.time = time
        self.kind = kind
        self.subject = subject
        self.reason = reason
    }
}

/// The kinds of event-log entries (documented in the README).
public enum LogKind: String, Codable, Sendable, CaseIterable {
    /// A task was created.
    case taskAdded = "task-added"
    /// A request started from byte 0.
    case started
    /// A request continued a partial file from an offset.
    case resumed
    /// A partial file was dropped and the download starts again from zero.
    case restarted
    /// A redirect was followed.
    case redirected
    /// An attempt failed and a retry is scheduled.
    case retryScheduled = "retry-scheduled"
    /// The user paused a task.
    case paused
    /// The user resumed a paused or failed task.
    case resumedByUser = "resumed-by-user"
    /// The user cancelled a task.
    case cancelled
    /// A task gave up.
    case failed
    /// A task is waiting for conditions, a date or a connection slot.
    case waiting
    /// A download's body is complete and is being delivered.
    case finishing
    /// A download was delivered into its folder.
    case delivered
    /// An upload finished.
    case uploaded
    /// The device conditions changed.
    case conditionsChanged = "conditions-changed"
    /// The daemon started and reconciled the tasks it found.
    case daemonStarted = "daemon-started"
    /// A command from another process was executed or refused.
    case command
    /// The app registered a BG task launch handler (or `register` returned false).
    case bgRegistered = "bg-registered"
    /// The app submitted a BG task request.
    case bgSubmitted = "bg-submitted"
    /// A BG task submit failed with an error.
    case bgRejected = "bg-rejected"
    /// A BG task request was cancelled.
    case bgCancelled = "bg-cancelled"
    /// The system launched a BG task.
    case bgLaunched = "bg-launched"
    /// A BG task's expiration handler was called, or it expired without one.
    case bgExpired = "bg-expired"
    /// A BG task ended (completed or failed).
    case bgCompleted = "bg-completed"
    /// The app was killed because a BG task did not complete in time (0x2182bad2).
    case bgKilled = "bg-killed"
    /// A BG task was interrupted because the app process ended while it ran.
    case bgInterrupted = "bg-interrupted"
    /// The app crashed with an exception (late or duplicate registration, no launch handler).
    case appCrashed = "app-crashed"
    /// The app was launched or brought to the front, or left it.
    case appLifecycle = "app-lifecycle"
    /// The Android device changed for the app: its standby bucket, Doze, battery saver, background restriction.
    case androidDevice = "android-device"
    /// The Android app's process started, moved, or ended (low-memory killer, force stop, reboot).
    case androidProcess = "android-process"
    /// An Android foreground service started or stopped (its notification shown or removed).
    case foregroundService = "fgs"
    /// An Android work request was enqueued, kept, started, stopped, finished or cancelled, or WorkManager warned.
    case work
    /// The wall clock jumped against the monotonic clock.
    case clockJumped = "clock-jumped"
    /// The app began or ended a `beginBackgroundTask` task, or its expiration came.
    case appBackgroundTask = "app-background-task"
    /// The watchdog killed the app (0x2182bad2 background task, 0x2182bad3 session completion handler).
    case appKilled = "app-killed"
    /// The app's process ended: force-quit by the user, terminated by the system, or a reboot.
    case appTerminated = "app-terminated"
    /// A background relaunch for session events happened, was delayed, or relaunch rules changed.
    case appRelaunch = "app-relaunch"
    /// A `handleEventsForBackgroundURLSession` completion handler was issued, finished, called or lapsed.
    case appCompletionHandler = "app-completion-handler"
    /// The model app's background session API warned or refused (an existing identifier, a forbidden call).
    case appSession = "app-session"
    /// A delegate message the model app received (`didFinishDownloadingTo`, `didCompleteWithError`, …).
    case appDelegate = "app-delegate"
    /// What the model app did with a delivery: the file moved, or lost (an app mistake), or unmatched.
    case appDelivery = "app-delivery"
    /// One line of a relaunch reconciliation report (the first line of a report is its summary).
    case appReconciled = "app-reconciled"
    /// A task the app created, re-enqueued, recreated from resume data, adopted or cancelled.
    case appTask = "app-task"
    /// An app mistake switched on or off at run time.
    case appMistake = "app-mistake"
    /// A download continued from its resume data (`downloadTask(withResumeData:)`).
    case resumedFromResumeData = "resumed-from-resume-data"
    /// A stored row the engine cannot use was skipped at start (reported once); the rest of the home runs.
    case rowSetAside = "row-set-aside"
    /// A rate limit was set, changed or lifted (the engine's or one task's), and what running requests now get.
    case rateLimit = "rate-limit"
    /// A download's checksum is being verified, or was found to match (a mismatch is `failed`).
    case checksum
    /// The completion hook ran for a task, or failed to (never fatal).
    case hook
    /// The engine could not listen on `engine.sock` (something else is there): it runs without attached views.
    case attachUnavailable = "attach-unavailable"
    /// The home's simulated platform was switched (`offstage device platform`): to what, and when it takes effect.
    case platform
}
