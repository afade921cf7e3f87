import Foundation

/// How the app's last process ended.
public enum AppTermination: Codable, Sendable, Equatable {
    /// The user swiped it away: transfers are cancelled and nothing relaunches it until the user opens it.
    case userForceQuit
    /// The system purged it (memory pressure, jetsam): transfers go on and it may be relaunched.
    case system(reason: String)
    /// The watchdog killed it with this code (`0x2182bad2`, `0x2182bad3`); counts as a system termination.
    case watchdog(code: String)
    /// The offstage process restarted (a device reboot).
    case reboot
}

/// What the system does about a session's events that wait while the app's code cannot take them.
public enum WaitingEventsDecision: Sendable, Equatable {
    /// Nothing now.
    case none
    /// Launch or resume the app in the background for them (`.relaunchRequested`).
    case relaunch
    /// Hold them for the user's next open: the session does not send launch events (`.launchEventsOff`).
    case holdForOpen
}

/// The whole persistent state of the app life cycle: Codable, so the store can keep it as one value.
public struct AppLifecycleState: Codable, Sendable, Equatable {
    /// Where the app is.
    public var phase: AppLifecyclePhase = .notRunning
    /// Steady time the current stay in the background began (nil: not in the background).
    public var backgroundSince: Double?
    /// Open `beginBackgroundTask` assertions, in begin order.
    public var tasks: [BackgroundTaskRecord] = []
    /// Completion handlers given to the app and not called yet, in issue order.
    public var handlers: [OutstandingCompletionHandler] = []
    /// Sessions whose background relaunch waits for the rate limiter, in request order.
    public var pendingRelaunches: [String] = []
    /// Sessions whose events wait for the user to open the app: their `sessionSendsLaunchEvents` is off, so the
    /// system neither launches nor resumes the app for them.
    public var heldForOpen: [String] = []
    /// Whether the user force-quit the app and has not opened it since (survives a reboot).
    public var forceQuit = false
    /// Whether transfers wait for the next app launch after a reboot (`RebootPolicy.waitForAppLaunch`).
    public var transfersHeldForLaunch = false
    /// How the last process ended (nil: it never ended).
    public var lastTermination: AppTermination?
    /// The app's one relaunch rate limiter: session relaunches and BG task launches both count here.
    public var limiter: RelaunchRateLimiter
    /// BG tasks the scheduler launched in this process and that have not ended (they keep it running).
    public var bgTasks: [String] = []
    /// The number the next background task identifier gets (identifiers are never reused).
    public var nextTaskNumber = 1
    /// The number the next completion-handler token gets.
    public var nextTokenNumber = 1

    /// Steady times of the background pushes delivered in the last hour (the push budget counts them).
    public var pushDeliveries: [Double] = []
    /// Steady time until which a delivered push keeps the app running in the background (nil: none does).
    public var pushHoldUntil: Double?
    /// The background push the system holds back (one: a newer replaces it).
    public var deferredPush: DeferredPush?
    /// Low Power Mode and the Background App Refresh switches, as the host last reported them.
    public var pushGate = PushGate()

    /// A fresh state: not running, never force-quit, no relaunch delay.
    public init(policy: AppLifecyclePolicy = AppLifecyclePolicy()) {
        limiter = RelaunchRateLimiter(initialDelay: policy.relaunchInitialDelay, maxDelay: policy.relaunchMaxDelay)
    }

    /// Decodes a stored state; keys added since (`bgTasks`) take their defaults.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = AppLifecycleState()
        phase = try c.decode(.phase, default: d.phase)
        backgroundSince = try c.decodeIfPresent(Double.self, forKey: .backgroundSince)
        tasks = try c.decode(.tasks, default: [])
        handlers = try c.decode(.handlers, default: [])
        pendingRelaunches = try c.decode(.pendingRelaunches, default: [])
        heldForOpen = try c.decode(.heldForOpen, default: [])
        forceQuit = try c.decode(.forceQuit, default: false)
        transfersHeldForLaunch = try c.decode(.transfersHeldForLaunch, default: false)
        lastTermination = try c.decodeIfPresent(AppTermination.self, forKey: .lastTermination)
        limiter = try c.decode(.limiter, default: d.limiter)
        bgTasks = try c.decode(.bgTasks, default: [])
        nextTaskNumber = try c.decode(.nextTaskNumber, default: 1)
        nextTokenNumber = try c.decode(.nextTokenNumber, default: 1)
        pushDeliveries = try c.decode(.pushDeliveries, default: [])
        pushHoldUntil = try c.decodeIfPresent(Double.self, forKey: .pushHoldUntil)
        deferredPush = try c.decodeIfPresent(DeferredPush.self, forKey: .deferredPush)
        pushGate = try c.decode(.pushGate, default: PushGate())
    }

    /// Whether launching a BG task in `phase`, with `runningBGTasks` already running, launches or resumes the
    /// app (what the relaunch limiter counts): not running, suspended, or in the background with no BG task.
    public static func launchResumesApp(phase: AppLifecyclePhase, runningBGTasks: Int) -> Bool {
        switch phase {
        case .notRunning, .suspended: true
        case .background: runningBGTasks == 0
        case .active, .inactive: false
        }
    }

    /// Whether the user force-quit the app and has not opened it since.
    public var wasForceQuit: Bool { forceQuit }

    /// What the system does about events waiting for `session` while the app's code cannot take them: nothing
    /// (the app runs, a relaunch is already asked for or a handler is out, or a force-quit forbids it), a background
    /// relaunch, or (`sessionSendsLaunchEvents` off, Apple's `sessionSendsLaunchEvents`) holding them until the user
    /// opens the app.
    public func waitingEvents(session: String, sendsLaunchEvents: Bool) -> WaitingEventsDecision {
        if phase.runsCode || forceQuit || pendingRelaunches.contains(session) { return .none }
        if handlers.contains(where: { $0.session == session }) { return .none }
        guard sendsLaunchEvents else { return heldForOpen.contains(session) ? .none : .holdForOpen }
        return .relaunch
    }

    /// The open background task with this identifier.
    public func task(_ id: BackgroundTaskID) -> BackgroundTaskRecord? { tasks.first { $0.id == id } }

    /// Steady time the background time ends (nil: not in the background).
    public func backgroundEnd(_ policy: AppLifecyclePolicy) -> Double? {
        backgroundSince.map { $0 + policy.backgroundTaskLimit }
    }

    /// UIKit's `backgroundTimeRemaining`: `Double.greatestFiniteMagnitude` in the foreground, the seconds left
    /// of the background time in the background (with or without a task), 0 when suspended or not running.
    public func backgroundTimeRemaining(steady: Double, policy: AppLifecyclePolicy) -> Double {
        if phase.isForeground { return Double.greatestFiniteMagnitude }
        guard phase == .background, let end = backgroundEnd(policy) else { return 0 }
        return max(0, end - steady)
    }

    /// Whether the system may launch or resume the app in the background now, and why not.
    public func canRelaunch(steady: Double) -> (allowed: Bool, reason: String) {
        if forceQuit { return (false, "force-quit by the user: not relaunched until the user opens the app") }
        if phase.isForeground { return (false, "app in the foreground: the session delivers events directly") }
        if phase == .background {
            return (false, "app running in the background: the session delivers events directly")
        }
        let remaining = limiter.remaining(at: steady)
        if remaining > 0 { return (false, "relaunch rate limiter: \(DurationText.short(remaining)) left") }
        return (true, phase == .suspended ? "app suspended: can be resumed" : "app not running: can be launched")
    }
}
