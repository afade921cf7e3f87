import Foundation

/// A fact the BG scheduler reacts to: an API call from the app, a user or device change, a timer, a debug command.
///
/// Every event comes with `now` (wall clock) and `monotonic` (seconds from a clock that never jumps) — see
/// `TaskScheduler.handle(_:now:steady:)`.
public enum SchedulerEvent: Sendable, Equatable {
    /// The system started with the state it was created with (restored from the store): tasks that were
    /// running are reported `interrupted`, the app is not running, and steady time is re-anchored.
    case started
    /// The device changed (network, power, battery, Low Power Mode, Background App Refresh, in use).
    case deviceChanged(SchedulerDeviceState)
    /// A wake-up the scheduler asked for came due.
    case timerFired
    /// The user switched the app's own Background App Refresh (Settings → the app) on or off; the device's switch
    /// is `DeviceConditions.backgroundRefresh`.
    case appBackgroundRefreshChanged(on: Bool)
    /// The user brought the app to the front: the background budget records the open (the life cycle moves
    /// the app; the scheduler hears of that through `.appChanged`).
    case userOpenedApp
    /// The app's life cycle changed (`AppLifecycle` owns it): a process that started opens registration, a
    /// process that ended (for the reason `why`) ends the tasks it ran as interrupted.
    case appChanged(SchedulerAppView, why: String)
    /// The app returned from `application(_:didFinishLaunchingWithOptions:)`: registration closes.
    case appFinishedLaunching
    /// The app called `register(forTaskWithIdentifier:using:launchHandler:)`.
    case register(identifier: String)
    /// The app called `submit(_:)`.
    case submit(BGTaskRequest)
    /// The app called `cancel(taskRequestWithIdentifier:)`.
    case cancel(identifier: String)
    /// The app called `cancelAllTaskRequests()`.
    case cancelAll
    /// The app set `expirationHandler` on the running task with this identifier.
    case expirationHandlerSet(identifier: String)
    /// The app called `setTaskCompleted(success:)` on the running task with this identifier.
    case taskCompleted(identifier: String, success: Bool)
    /// The debugger's `_simulateLaunchForTaskWithIdentifier:`: launch now, bypassing the policy.
    case simulateLaunch(identifier: String)
    /// The debugger's `_simulateExpirationForTaskWithIdentifier:`: call the expiration handler now.
    case simulateExpiration(identifier: String)
}

/// What the system tells the app in return for an API call.
public enum SchedulerReply: Sendable, Equatable {
    /// `register` returned this value for the identifier.
    case registered(identifier: String, accepted: Bool)
    /// `submit` succeeded.
    case submitted(identifier: String)
    /// `submit` threw this error.
    case submitFailed(identifier: String, error: BGTaskSchedulerError)
}

/// A launch handler call: what the app's handler must do, and by when (monotonic seconds).
public struct BGTaskLaunch: Sendable, Equatable {
    /// The task identifier.
    public var identifier: String
    /// App refresh or processing.
    public var kind: BGTaskKind
    /// What the configured handler does (nil: no handler configured).
    public var work: TaskHandlerWork?
    /// Monotonic time at which the expiration handler will be called.
    public var expirationAt: Double
    /// Monotonic time by which the task must complete.
    public var deadline: Double
    /// Whether this launch came from "simulate launch".
    public var simulated: Bool

    /// A launch handler call.
    public init(
        identifier: String, kind: BGTaskKind, work: TaskHandlerWork?, expirationAt: Double, deadline: Double,
        simulated: Bool
    ) {
        self.identifier = identifier
        self.kind = kind
        self.work = work
        self.expirationAt = expirationAt
        self.deadline = deadline
        self.simulated = simulated
    }
}

/// Store changes of one scheduler transition: written in one transaction before anything else happens.
public struct SchedulerChanges: Sendable, Equatable {
    /// The whole scheduler state after the transition (small; persist it as one value).
    public var state: TaskSchedulerState
    /// Event-log lines to append.
    public var log: [LogEntry]
    /// Decisions to append to the decision log.
    public var decisions: [SchedulerDecision]
    /// Runs that ended in this transition.
    public var finishedRuns: [TaskRun]
    /// The learned usage, when this transition changed it (an open, a force-quit): it has its own table.
    public var usage: UsageHistory?

    /// Changes of one transition.
    public init(
        state: TaskSchedulerState, log: [LogEntry], decisions: [SchedulerDecision],
        finishedRuns: [TaskRun],
        usage: UsageHistory? = nil
    ) {
        self.state = state
        self.log = log
        self.decisions = decisions
        self.finishedRuns = finishedRuns
        self.usage = usage
    }
}

/// An imperative for the shell around the scheduler (the runtime, or the simulation).
public enum SchedulerAction: Sendable, Equatable {
    /// Write these changes in one transaction before doing anything else.
    case commit(SchedulerChanges)
    /// Ask the app's life cycle to launch (or resume) the app in the background for this task; `counted`: the
    /// launch counts for the one relaunch rate limiter. A new process registers and reports `.appFinishedLaunching`.
    case launchApp(forTask: String, counted: Bool)
    /// Call the app's launch handler for this task.
    case runLaunchHandler(BGTaskLaunch)
    /// Call the running task's expiration handler now.
    case callExpirationHandler(identifier: String)
    /// Stop this task's handler work: the system has ended the task (marked complete-unsuccessful).
    case stopHandler(identifier: String)
    /// Ask the app's life cycle to kill the app's process: the watchdog's code (`0x2182bad2`) and why.
    case killApp(code: String, reason: String)
    /// The app raised `NSInternalInconsistencyException` with this text: the life cycle ends it as crashed.
    case crashApp(exception: String)
    /// Return this value to the app's API call.
    case reply(SchedulerReply)
    /// Call back with `.timerFired` when steady time (`SteadyClock`) reaches this value (the earliest wake wins).
    case wake(atSteady: Double)
    /// The event was not acted on, for this reason (an illegal call, an unknown task).
    case refuse(String)
}

/// Collects the log lines, decisions and actions of one scheduler transition.
struct SchedulerTransition {
    /// Wall-clock time of the event.
    let now: Date
    /// Steady time of the event.
    var steady: Double
    /// Whether event-log lines are built (off in virtual-time replays, which do not read them).
    var logging = true
    /// Whether the state changed.
    var changed = false
    /// Log lines.
    var log: [LogEntry] = []
    /// Decisions.
    var decisions: [SchedulerDecision] = []
    /// Runs that ended.
    var finishedRuns: [TaskRun] = []
    /// Side effects, after the commit.
    var actions: [SchedulerAction] = []

    /// Appends an event-log line (and marks the state changed).
    mutating func log(_ kind: LogKind, _ subject: String, _ reason: @autoclosure () -> String = "") {
        if logging { log.append(LogEntry(time: now, kind: kind, subject: subject, reason: reason())) }
        changed = true
    }

    /// The commit (when anything changed) followed by the side effects; the learned usage rides along when
    /// `usageChanged`.
    func finish(_ state: TaskSchedulerState, usageChanged: Bool = false) -> [SchedulerAction] {
        guard changed || usageChanged else { return actions }
        let changes = SchedulerChanges(
            state: state, log: log, decisions: decisions, finishedRuns: finishedRuns,
            usage: usageChanged ? state.usage : nil)
        return [.commit(changes)] + actions
    }
}
