import Foundation
import OffstageCore
import OffstageStore

/// The model app's life cycle in the runtime: the system's decisions (`AppLifecycle`) and the app's reactions.
extension DaemonRuntime {
    /// Restores the app side from the store; a runtime start is a device reboot for the app.
    func startApp() throws {
        // One model app: a runtime that runs the BG scheduler hosts the app's life cycle too.
        guard let setup = options.app ?? (options.scheduler == nil ? nil : AppSetup()) else { return }
        let stored = try loadState("app_state") { try store.loadAppState() }
        let registry = try store.loadAppRegistrySettingAside()
        try reportSetAside(registry.setAside)
        appHost = AppHost(
            setup: setup, lifecycle: AppLifecycle(policy: setup.configuration.lifecycle, state: stored?.lifecycle),
            runtimeMistakes: stored?.mistakes ?? AppMistakes(), registry: registry.registry)
        try handleApp(.processRestarted)
    }

    /// Feeds one event to the life-cycle manager (and, through `ModelAppSystem`, to the scheduler it concerns),
    /// commits, then carries out the actions.
    ///
    /// `steady` back-dates an event that happened earlier than now (work that ended while the clock jumped);
    /// it never goes before the last event's.
    func handleApp(
        _ event: AppLifecycleEvent, commandID: Int64? = nil, at steady: Double? = nil, result: String = "ok"
    ) throws {
        guard appHost != nil else { return try refuseForNoApp(commandID) }
        try handleModelApp(.lifecycle(event), commandID: commandID, at: steady, result: result)
    }

    /// Feeds one input to the one model app (the scheduler, when this runtime runs it, and the life cycle):
    /// every transition commits in order (the first with the command), then their actions are carried out.
    func handleModelApp(
        _ input: ModelAppInput, commandID: Int64? = nil, at steady: Double? = nil, result: String = "ok"
    ) throws {
        guard var app = appHost else { return try refuseForNoApp(commandID) }
        let when = max(steady ?? time.steady(), app.lastSteady)
        app.lastSteady = when
        let steps: [ModelAppStep]
        if let scheduler = host?.scheduler {
            var system = ModelAppSystem(scheduler: scheduler, lifecycle: app.lifecycle)
            steps = system.handle(input, now: time.now(), steady: when)
            app.lifecycle = system.lifecycle
            host?.scheduler = system.scheduler
        } else if case .lifecycle(let event) = input {
            steps = [.lifecycle(event, app.lifecycle.handle(event, now: time.now(), steady: when))]
        } else {
            steps = []
        }
        appHost = app
        for (index, step) in steps.enumerated() {
            let command = index == 0 ? commandID : nil
            switch step {
            case .scheduler(_, let actions): try commitScheduler(actions, commandID: command)
            case .lifecycle(_, let actions): try commitAppStep(actions, commandID: command, result: result)
            }
        }
        for step in steps {
            switch step {
            case .scheduler(_, let actions): try performScheduler(actions)
            case .lifecycle(_, let actions): for action in actions { try performApp(action) }
            }
        }
        if appHost?.lifecycle.phase == .notRunning, appHost?.process != nil {
            // The one process ended: whatever its BG task handlers were doing stops with it.
            appHost?.process = nil
            stopAllHandlerWork()
        }
        // The outbox is looked at again after a life-cycle transition (not after a scheduler-only one).
        if steps.contains(where: { if case .lifecycle = $0 { true } else { false } }) { appHost?.needsPump = true }
    }

    /// Commits one life-cycle transition (completing the command when there is one).
    private func commitAppStep(_ actions: [AppLifecycleAction], commandID: Int64?, result: String) throws {
        guard let host = appHost else { return }
        var changes = AppChanges()
        var refusals: [String] = []
        for action in actions {
            if case .commit(let c) = action {
                changes.state = StoredAppState(lifecycle: c.state, mistakes: host.runtimeMistakes)
                changes.log = c.log
            }
            if case .refuse(let reason) = action { refusals.append(reason) }
        }
        try commitApp(changes, commandID: commandID, refusals: refusals, result: result)
    }

    /// Writes app changes (and transfer changes) in one transaction, completing the command when there is one.
    func commitApp(
        _ changes: AppChanges, transfers: StoreChanges = StoreChanges(), commandID: Int64? = nil,
        refusals: [String] = [], result: String = "ok"
    ) throws {
        if let commandID {
            try store.completeCommand(
                id: commandID, status: refusals.isEmpty ? .done : .refused,
                result: refusals.isEmpty ? result : refusals.joined(separator: "; "), app: changes,
                transfers: transfers,
                now: time.now())
        } else if !changes.isEmpty || !transfers.isEmpty {
            try store.apply(app: changes, transfers: transfers, now: time.now())
        }
        for entry in transfers.log + changes.log { logged(entry) }
    }

    /// Refuses a command for the app in a runtime that does not host it.
    func refuseForNoApp(_ commandID: Int64?) throws {
        guard let commandID else { return }
        try store.completeCommand(
            id: commandID, status: .refused, result: "this offstage does not host the model app",
            changes: StoreChanges(), now: time.now())
    }

    /// Carries out one life-cycle action: the system's part, then the app's reaction to a delegate call.
    private func performApp(_ action: AppLifecycleAction) throws {
        switch action {
        case .commit, .refuse, .resumeTransfers:
            break
        case .launchAppInForeground, .launchAppInBackground:
            guard let host = appHost else { return }
            appHost?.pendingLog = []
            appHost?.process = AppProcess(behaviour: host.freshBehaviour)
        case .resumeAppInBackground:
            break
        case .suspendApp:
            try disconnectDataTasks()
        case .callDelegate(let call):
            // The app's code decides its reaction (`AppBehaviour`); the runtime carries it out.
            try behave(.delegate(call))
        case .grantBackgroundTask(let id):
            appHost?.lastGrantedTask = id
        case .callExpirationHandler(let id):
            // The expiration handler ends the task (the canonical app stops its work there).
            appHost?.process?.backgroundTask = nil
            try handleApp(.endBackgroundTask(id: id))
        case .killApp:
            appHost?.process = nil
        case .cancelTransfers(let reason):
            appHost?.process = nil
            guard let session = appHost?.session else { return }
            try handle(.systemCancelRequested(sessions: [session], reason: reason.text))
        case .wake(let steady):
            let earliest = min(appHost?.wake ?? steady, steady)
            appHost?.wake = earliest
        }
    }

    /// Fires the life cycle's wake, ends background work that is done, and looks at the outbox when asked to.
    func runAppDue() throws {
        guard let host = appHost else { return }
        let steady = time.steady()
        // The app's work ended at its own time, before any deadline the same clock move passed.
        if let task = host.process?.backgroundTask, task.workDoneAt <= steady,
            task.workDoneAt <= host.wake ?? .infinity
        {
            appHost?.process?.backgroundTask = nil
            try handleApp(.endBackgroundTask(id: task.id), at: task.workDoneAt)
        }
        if let wake = appHost?.wake, wake <= steady {
            appHost?.wake = nil
            try handleApp(.timerFired)
        }
        if appHost?.needsPump == true {
            appHost?.needsPump = false
            try pumpDeliveries()
        }
    }

    /// The earliest wall-clock moment the loop must come back for the app side.
    var nextAppDue: Date? {
        guard let host = appHost else { return nil }
        let times = [host.wake, host.process?.backgroundTask?.workDoneAt].compactMap { $0 }
        guard let earliest = times.min() else { return nil }
        return time.now().addingTimeInterval(max(0, earliest - time.steady()))
    }
}

extension DaemonRuntime {
    /// Whether the app side has something to do now: an outbox look pending, deliveries the app can take or a
    /// relaunch can fetch, or a completion handler it still holds.
    func appIsBusy() throws -> Bool {
        guard let host = appHost else { return false }
        if host.needsPump { return true }
        let waiting = try !waitingDeliveries().isEmpty
        if host.canReceiveEvents { return waiting || !(host.process?.behaviour.handlers.isEmpty ?? true) }
        return waiting && host.lifecycle.state.handlers.isEmpty
            && host.lifecycle.canRelaunch(steady: time.steady()).allowed
    }
}
