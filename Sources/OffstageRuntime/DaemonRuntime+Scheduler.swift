import Foundation
import OffstageCore
import OffstageStore

extension DaemonRuntime {
    /// Restores the scheduler from the store and tells it the system (re)started.
    func startScheduler() throws {
        guard let setup = options.scheduler else { return }
        let stored = try loadState("scheduler_state") { try store.loadSchedulerState() }
        _ = try loadState("learned_usage") { try store.loadLearnedUsage() }  // a damaged row is reported, not fatal
        // The user's day is the machine's local one: hours of use are learned in it.
        let scheduler = TaskScheduler(
            configuration: setup.app, policy: setup.policy, state: stored, seed: setup.seed, timeZone: .current)
        host = SchedulerHost(
            scheduler: scheduler, app: ModelApp(configuration: setup.app, mistakes: setup.mistakes),
            commandLogPath: setup.commandLogPath)
        try handleScheduler(.started)
        try syncSchedulerDevice()
    }

    /// Passes the daemon's device conditions on to the scheduler when they differ.
    func syncSchedulerDevice(inUse: Bool? = nil) throws {
        guard let device = host?.scheduler.state.device else { return }
        let wanted = SchedulerDeviceState(conditions: daemon.conditions, inUse: inUse ?? device.inUse)
        if wanted != device { try handleScheduler(.deviceChanged(wanted)) }
    }

    /// Feeds one event to the scheduler (and, through `ModelAppSystem`, to the app's life cycle it concerns) and
    /// carries out the actions; a command's outcome commits with its changes.
    func handleScheduler(_ event: SchedulerEvent, commandID: Int64? = nil) throws {
        guard var current = host else {
            if let commandID {
                try store.completeCommand(
                    id: commandID, status: .refused, result: "this offstage does not run the BG task scheduler",
                    changes: StoreChanges(), now: time.now())
            }
            return
        }
        if appHost != nil { return try handleModelApp(.scheduler(event), commandID: commandID) }
        let actions = current.scheduler.handle(event, now: time.now(), monotonic: time.steady())
        host = current
        try commitScheduler(actions, commandID: commandID)
        try performScheduler(actions)
    }

    /// Commits one scheduler transition (completing the command when there is one).
    func commitScheduler(_ actions: [SchedulerAction], commandID: Int64?) throws {
        var changes: SchedulerChanges?
        var refusals: [String] = []
        for action in actions {
            switch action {
            case .commit(let committed): changes = committed
            case .refuse(let reason): refusals.append(reason)
            case .reply(.submitFailed(let identifier, let error)):
                // The log line says why (e.g. "not in BGTaskSchedulerPermittedIdentifiers"); the command says it too.
                let logged = actions.lazy.compactMap { action -> String? in
                    guard case .commit(let c) = action else { return nil }
                    return c.log.last { $0.kind == .bgRejected && $0.subject == identifier }?.reason
                }.first
                refusals.append(logged ?? "submit of \(identifier) failed: BGTaskScheduler.Error.\(error.name)")
            default: break
            }
        }
        if let commandID {
            try store.completeCommand(
                id: commandID, status: refusals.isEmpty ? .done : .refused,
                result: refusals.isEmpty ? "ok" : refusals.joined(separator: "; "), schedulerChanges: changes,
                transferChanges: nil, now: time.now())
        } else if let changes {
            try store.apply(changes)
        }
        for entry in changes?.log ?? [] { logged(entry) }
    }

    /// Carries out one scheduler transition's actions.
    func performScheduler(_ actions: [SchedulerAction]) throws {
        for action in actions { try perform(action) }
    }

    /// The model app's BG task side, with the app's one set of mistakes in effect (`bgtasks.json`'s, `app.json`'s
    /// and those switched on at run time).
    var modelApp: ModelApp? {
        guard var app = host?.app else { return nil }
        app.mistakes = app.mistakes.union(appHost?.mistakes ?? AppMistakes())
        return app
    }

    /// Executes one scheduler action.
    private func perform(_ action: SchedulerAction) throws {
        guard let app = modelApp else { return }
        switch action {
        case .commit, .refuse, .reply:
            break
        case .launchApp:
            // The life cycle launches (or resumes) the one app process; its didFinishLaunching registers.
            break
        case .runLaunchHandler(let launch):
            let response = app.handlerStarted(launch, now: time.now())
            for event in response.now { try handleScheduler(event) }
            try startWork(launch)
        case .callExpirationHandler(let identifier):
            let honours = app.configuration.handler(identifier)?.work.honoursExpiration ?? true
            if honours { stopWork(identifier) }
            for event in app.expirationCalled(identifier).now { try handleScheduler(event) }
        case .stopHandler(let identifier):
            stopWork(identifier)
        case .killApp, .crashApp:
            for identifier in host?.work.keys.sorted() ?? [] { stopWork(identifier) }
        case .wake(let monotonic):
            let earliest = min(host?.wake ?? monotonic, monotonic)
            host?.wake = earliest
        }
    }

    /// Starts what a launch handler does: a command, a download, or pretended work.
    private func startWork(_ launch: BGTaskLaunch) throws {
        guard var current = host, let work = launch.work else { return }
        let identifier = launch.identifier
        switch work {
        case .shellCommand(let command, let timeout):
            let token = current.nextToken
            current.nextToken += 1
            let queue = self.queue
            do {
                let task = try ShellTask(
                    command: command, timeout: timeout, logPath: current.commandLogPath,
                    environment: ["OFFSTAGE_TASK_IDENTIFIER": identifier]
                ) { success in
                    queue.post(.handlerCommandEnded(identifier: identifier, token: token, success: success))
                }
                current.work[identifier] = .command(task, token: token)
            } catch {
                host = current
                return try finishWork(identifier, success: false)
            }
        case .download(let url):
            var spec = TransferSpec(kind: .download, url: url, session: "com.offstage.bgtask")
            spec.taskDescription = "BG task \(identifier)"
            let taskID = try store.enqueueAdd(spec, now: time.now()).task
            current.work[identifier] = .download(taskID: taskID)
        case .simulatedWork(let seconds, let honours):
            current.work[identifier] = .simulated(
                until: time.now().addingTimeInterval(seconds), honoursExpiration: honours)
        }
        host = current
    }

    /// Cancels the transfer a handler's or worker's download runs. It may still be an `add` in the inbox: then a
    /// cancel queued behind it stops it in turn.
    func cancelWorkDownload(_ taskID: Int64) {
        if daemon.tasks[taskID] == nil {
            _ = try? store.enqueue(.cancel(id: taskID), now: time.now())
        } else {
            try? handle(.cancelRequested(id: taskID))
        }
    }

    /// Stops a handler's work without reporting it (the system ended the task, or the app was killed).
    private func stopWork(_ identifier: String) {
        guard let work = host?.work.removeValue(forKey: identifier) else { return }
        switch work {
        case .command(let task, _): task.stop()
        case .download(let taskID): cancelWorkDownload(taskID)
        case .simulated: break
        }
    }

    /// The handler's work ended: the model app calls what it calls then (`setTaskCompleted`, and a submit when it
    /// reschedules at the end).
    func finishWork(_ identifier: String, success: Bool) throws {
        host?.work[identifier] = nil
        guard let app = modelApp else { return }
        for event in app.workFinished(identifier, success: success, now: time.now()) { try handleScheduler(event) }
    }

    /// A handler command's process exited; ignored when that run was already stopped.
    func commandEnded(_ identifier: String, token: Int, success: Bool) throws {
        guard case .command(_, let current)? = host?.work[identifier], current == token else { return }
        try finishWork(identifier, success: success)
    }

    /// Fires the scheduler's wake and ends pretended work whose time has come; checks handler downloads.
    func runSchedulerDue() throws {
        guard let current = host else { return }
        let now = time.now()
        let steady = time.steady()
        if current.wakeIsDue(steady: steady) {
            host?.wake = nil
            host?.lastFired = steady
            try handleScheduler(.timerFired)
        }
        for (identifier, work) in host?.work ?? [:] {
            switch work {
            case .simulated(let until, _) where until <= now:
                try finishWork(identifier, success: true)
            case .download(let taskID):
                guard let task = daemon.tasks[taskID], task.state.isTerminal else { continue }
                try finishWork(identifier, success: task.state == .completed)
            default:
                continue
            }
        }
    }

    /// The user opened the app: the budget records it and the model app submits what it has not submitted.
    func schedulerHeardOpen() throws {
        guard host != nil else { return }
        try handleScheduler(.userOpenedApp)
        guard let current = host else { return }
        guard let app = modelApp else { return }
        for event in app.openedEvents(pending: current.scheduler.pendingTaskRequests, now: time.now()) {
            try handleScheduler(event)
        }
    }

    /// Stops every handler's work, as when the process goes away.
    func stopAllHandlerWork() {
        for identifier in host?.work.keys.sorted() ?? [] { stopWork(identifier) }
        stopAllAndroidWorkers()
    }

    /// Executes a command addressed to the scheduler.
    func executeSchedulerCommand(_ command: DaemonCommand, id: Int64?) throws {
        switch command {
        case .schedule(let request): try handleScheduler(.submit(request), commandID: id)
        case .unschedule(let identifier?): try handleScheduler(.cancel(identifier: identifier), commandID: id)
        case .unschedule(nil): try handleScheduler(.cancelAll, commandID: id)
        case .launchTask(let identifier): try handleScheduler(.simulateLaunch(identifier: identifier), commandID: id)
        case .expireTask(let identifier):
            try handleScheduler(.simulateExpiration(identifier: identifier), commandID: id)
        case .appOpened:
            guard appHost != nil else { return try handleScheduler(.userOpenedApp, commandID: id) }
            let before = appHost?.lifecycle.state
            try handleApp(.userOpened, commandID: id)
            if appHost?.lifecycle.state != before { try schedulerHeardOpen() }
        case .appBackgrounded:
            try handleApp(.userPressedHome, commandID: id)
        case .setDeviceInUse(let inUse):
            guard let device = host?.scheduler.state.device else {
                return try handleScheduler(.timerFired, commandID: id)
            }
            var wanted = device
            wanted.inUse = inUse
            wanted.conditions = daemon.conditions
            try handleScheduler(.deviceChanged(wanted), commandID: id)
        default:
            break
        }
    }
}
