import Foundation
import OffstageCore
import OffstageStore

/// The model app's life cycle in the runtime: the system's decisions (`AppLifecycle`) and the app's reactions.
extension AppHost {
    /// A runtime start is a device reboot for the app.
    func start() throws {
        try handleLifecycle(.processRestarted)
        try syncPushGate()
    }

    /// Feeds one event to the life-cycle manager (and, through `ModelAppSystem`, to the scheduler it concerns),
    /// commits, then carries out the actions.
    ///
    /// `steady` back-dates an event that happened earlier than now (work that ended while the clock jumped);
    /// it never goes before the last event's.
    func handleLifecycle(
        _ event: AppLifecycleEvent, command: CommandSource? = nil, at steady: Double? = nil, result: String = "ok"
    ) throws {
        try handle(.lifecycle(event), command: command, at: steady, result: result)
    }

    /// Feeds one input to the one model app (the scheduler, when this runtime runs it, and the life cycle), and
    /// carries out every transition through the shared routine: each commits in order (the first with the
    /// command), then their actions are carried out.
    func handle(
        _ input: ModelAppInput, command: CommandSource? = nil, at steady: Double? = nil, result: String = "ok"
    ) throws {
        // One steady time for both machines: the model's `SteadyClock` (the scheduler's state keeps it), read once.
        let current = scheduler?.readSteady() ?? context.time.steady()
        let when = max(steady ?? current, lastSteady)
        lastSteady = when
        let now = context.time.now()
        let steps: [ModelAppStep]
        var crash: String?
        if let scheduler {
            var system = ModelAppSystem(scheduler: scheduler.scheduler, lifecycle: lifecycle)
            steps = system.handle(input, now: now, steady: when)
            lifecycle = system.lifecycle
            scheduler.scheduler = system.scheduler
            // The app's registrations run after the command's outcome commits: a crash they are certain to cause
            // is the command's answer, found on a copy.
            let app = scheduler.modelApp
            if command != nil, steps.contains(where: Self.launchesTheApp),
                let exception = system.crashAtLaunch(app.launchEvents(), now: now, steady: when)
            {
                crash = Self.crashedAtLaunch(exception, registersAfterLaunch: app.mistakes.registersAfterLaunch)
            }
        } else if case .lifecycle(let event) = input {
            steps = [.lifecycle(event, lifecycle.handle(event, now: now, steady: when))]
        } else {
            steps = []
        }
        var hostSteps = steps.map { step in
            switch step {
            case .scheduler(_, let actions):
                return scheduler?.step(actions) ?? HostStep(Commitment())
            case .lifecycle(_, let actions):
                return HostStep(lifecycleCommitment(actions, result: result)) { [self] in
                    for action in actions { try perform(action) }
                }
            }
        }
        // The command's outcome is the first step's: an open's, or a BG task launch's (`launch`).
        if let crash, !hostSteps.isEmpty { hostSteps[0].commitment.notes = [crash] }
        try context.carryOut(hostSteps, command: command)
        if lifecycle.phase == .notRunning, process != nil {
            // The one process ended: whatever its BG task handlers were doing stops with it.
            process = nil
            scheduler?.stopAllWork()
        }
        // The outbox is looked at again after a life-cycle transition (not after a scheduler-only one).
        if steps.contains(where: { if case .lifecycle = $0 { true } else { false } }) { needsPump = true }
    }

    /// Whether a step starts the app's process (an open or relaunch of an app that was not running).
    private static func launchesTheApp(_ step: ModelAppStep) -> Bool {
        guard case .lifecycle(_, let actions) = step else { return false }
        return actions.contains {
            switch $0 {
            case .launchAppInForeground, .launchAppInBackground: true
            default: false
            }
        }
    }

    /// A command's answer when the app it launched crashes as it launches: what happened, and why.
    private static func crashedAtLaunch(_ exception: String, registersAfterLaunch: Bool) -> String {
        let why =
            registersAfterLaunch
            ? " (the app's mistake register-after-launch: it registers its BG task handlers after launch finished)" : ""
        return "the app crashed as it launched: NSInternalInconsistencyException: \(exception)\(why)"
    }

    /// What one life-cycle transition writes and refuses.
    private func lifecycleCommitment(_ actions: [AppLifecycleAction], result: String) -> Commitment {
        var changes = AppChanges()
        var refusals: [String] = []
        for action in actions {
            if case .commit(let c) = action {
                changes.state = StoredAppState(lifecycle: c.state, mistakes: runtimeMistakes)
                changes.log = c.log
            }
            if case .refuse(let reason) = action { refusals.append(reason) }
        }
        return Commitment(app: changes, refusals: refusals, result: result)
    }

    /// Carries out one life-cycle action: the system's part, then the app's reaction to a delegate call.
    private func perform(_ action: AppLifecycleAction) throws {
        switch action {
        case .commit, .refuse, .resumeTransfers:
            break
        case .launchAppInForeground, .launchAppInBackground:
            pendingLog = []
            process = AppProcess(behaviour: freshBehaviour)
        case .resumeAppInBackground:
            break
        case .suspendApp:
            try disconnectDataTasks()
        case .callDelegate(let call):
            // The app's code decides its reaction (`AppBehaviour`); the runtime carries it out.
            try behave(.delegate(call))
        case .grantBackgroundTask(let id):
            try behave(.backgroundTaskGranted(id, steady: steadyNow))
        case .callExpirationHandler(let id):
            // The app's expiration handler ends the task (the canonical app stops its work there).
            guard process != nil else { return try handleLifecycle(.endBackgroundTask(id: id)) }
            try behave(.expirationHandlerCalled(id))
        case .killApp:
            process = nil
        case .cancelTransfers(let reason):
            process = nil
            try transfers.handle(.systemCancelRequested(sessions: [session], reason: reason.text))
        case .wake(let steady):
            wake = min(wake ?? steady, steady)
        }
    }

    /// Fires the life cycle's wake, ends background work that is done, and looks at the outbox when asked to.
    func runDue() throws {
        let steady = steadyNow
        // The app's work ended at its own time, before any deadline the same clock move passed.
        if let work = process?.behaviour.backgroundWork, work.doneAt <= steady, work.doneAt <= wake ?? .infinity {
            try behave(.timePassed(steady: steady))
        }
        if let due = wake, due <= steady {
            wake = nil
            try handleLifecycle(.timerFired)
        }
        if needsPump {
            needsPump = false
            try pumpDeliveries()
        }
    }

    /// The earliest wall-clock moment the loop must come back for the app side.
    var nextDue: Date? {
        let times = [wake, process?.behaviour.backgroundWork?.doneAt].compactMap { $0 }
        guard let earliest = times.min() else { return nil }
        return context.time.now().addingTimeInterval(max(0, earliest - steadyNow))
    }

    /// Whether the app side has something to do now: an outbox look pending, deliveries the app can take or a
    /// relaunch can fetch, or a completion handler it still holds.
    func isBusy() throws -> Bool {
        if needsPump { return true }
        let waiting = try !waitingDeliveries().isEmpty
        if canReceiveEvents { return waiting || !(process?.behaviour.handlers.isEmpty ?? true) }
        return waiting && lifecycle.state.handlers.isEmpty && sendsLaunchEvents
            && lifecycle.canRelaunch(steady: steadyNow).allowed
    }
}
