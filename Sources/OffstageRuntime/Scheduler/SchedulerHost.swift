import Foundation
import OffstageCore
import OffstageStore

/// The host of the BG task scheduler: it owns `TaskScheduler`, the model app's reactions (`ModelApp`) and the work
/// its launch handlers do, and carries out the scheduler's actions through the shared routine. With the app's
/// host beside it, its events go through `ModelAppSystem` (the app host runs them).
final class SchedulerHost {
    /// The store, the clock, the mailbox and the shared routine.
    let context: HostContext
    /// The transfers' host (handler downloads).
    let transfers: TransferHost
    /// The model app's host, once it is started; its events then go through `ModelAppSystem`.
    weak var app: AppHost?
    /// The pure scheduler.
    var scheduler: TaskScheduler
    /// The model app's reactions, with `bgtasks.json`'s mistakes.
    let reactions: ModelApp
    /// Where handler commands log.
    let commandLogPath: String?
    /// Work of running handlers, by task identifier.
    var work: [String: HandlerWork] = [:]
    /// The steady time (`SteadyClock`) at which the scheduler next wants `.timerFired`.
    var wake: Double?
    /// The steady time of the last `.timerFired` sent: a wake is fired at most once per clock reading, so a
    /// rounding hair between the scheduler's steady time and the clock's cannot make the loop spin.
    var lastFired = -Double.infinity
    /// Counter naming each command run, so a late exit of a stopped one is recognised.
    var nextToken = 1

    /// The scheduler as the store holds it (a fresh install seeded with the setup's seed when it never ran).
    init(context: HostContext, transfers: TransferHost, setup: SchedulerSetup) throws {
        self.context = context
        self.transfers = transfers
        let stored = try context.loadState("scheduler_state") { try context.store.loadSchedulerState() }
        if !context.offline {
            _ = try context.loadState("learned_usage") { try context.store.loadLearnedUsage() }  // reported, not fatal
        }
        // The user's day is the machine's local one: hours of use are learned in it.
        scheduler = TaskScheduler(
            configuration: setup.app, policy: setup.policy, state: stored, seed: setup.seed, timeZone: .current)
        reactions = ModelApp(configuration: setup.app, mistakes: setup.mistakes)
        commandLogPath = setup.commandLogPath
    }

    /// Tells the scheduler the system (re)started, and the device it runs on.
    func start() throws {
        try handle(.started)
        try syncDevice()
    }

    /// The model's steady time now, on the one `SteadyClock` the scheduler's state keeps (not advanced).
    var steadyNow: Double { scheduler.clock.steady(monotonic: context.time.steady()) }

    /// Advances the model's steady clock for an input now (re-anchored at a start) and returns its steady time.
    func readSteady(restarting: Bool = false) -> Double {
        scheduler.readSteady(now: context.time.now(), monotonic: context.time.steady(), restarting: restarting)
    }

    /// The model app's BG task side, with the app's one set of mistakes in effect (`bgtasks.json`'s, `app.json`'s
    /// and those switched on at run time).
    var modelApp: ModelApp {
        var model = reactions
        model.mistakes = model.mistakes.union(app?.mistakes ?? AppMistakes())
        return model
    }

    /// Passes the daemon's device conditions on to the scheduler when they differ.
    func syncDevice(inUse: Bool? = nil) throws {
        let device = scheduler.state.device
        let wanted = SchedulerDeviceState(conditions: transfers.daemon.conditions, inUse: inUse ?? device.inUse)
        if wanted != device { try handle(.deviceChanged(wanted)) }
    }

    /// Feeds one event to the scheduler (through `ModelAppSystem` when the app is hosted, so the app's life cycle
    /// hears what concerns it) and carries out the actions; a command's outcome commits with its changes.
    func handle(_ event: SchedulerEvent, command: CommandSource? = nil) throws {
        if let app { return try app.handle(.scheduler(event), command: command) }
        let steady = readSteady(restarting: event == .started)
        let actions = scheduler.handle(event, now: context.time.now(), steady: steady)
        try context.carryOut([step(actions)], command: command)
    }

    /// One scheduler transition as a step of the shared routine.
    func step(_ actions: [SchedulerAction]) -> HostStep {
        HostStep(Self.commitment(actions)) { [self] in
            for action in actions { try perform(action) }
        }
    }

    /// What one scheduler transition writes and refuses; a failed submit refuses with the reason its log line
    /// gives (e.g. "not in BGTaskSchedulerPermittedIdentifiers").
    static func commitment(_ actions: [SchedulerAction]) -> Commitment {
        var commitment = Commitment()
        for action in actions {
            switch action {
            case .commit(let committed): commitment.changes.scheduler = committed
            case .refuse(let reason): commitment.refusals.append(reason)
            case .reply(.submitFailed(let identifier, let error)):
                let logged = actions.lazy.compactMap { action -> String? in
                    guard case .commit(let c) = action else { return nil }
                    return c.log.last { $0.kind == .bgRejected && $0.subject == identifier }?.reason
                }.first
                commitment.refusals.append(
                    logged ?? "submit of \(identifier) failed: BGTaskScheduler.Error.\(error.name)")
            default: break
            }
        }
        return commitment
    }

    /// Executes one scheduler action.
    private func perform(_ action: SchedulerAction) throws {
        let model = modelApp
        switch action {
        case .commit, .refuse, .reply:
            break
        case .launchApp:
            // The life cycle launches (or resumes) the one app process; its didFinishLaunching registers.
            break
        case .runLaunchHandler(let launch):
            let response = model.handlerStarted(launch, now: context.time.now())
            for event in response.now { try handle(event) }
            try startWork(launch)
        case .callExpirationHandler(let identifier):
            let response = model.expirationCalled(identifier)
            if response.stopsWork { stopWork(identifier) }
            for event in response.now { try handle(event) }
        case .stopHandler(let identifier):
            stopWork(identifier)
        case .killApp, .crashApp:
            stopAllWork()
        case .wake(let steady):
            wake = min(wake ?? steady, steady)
        }
    }

    /// The user opened the app: the budget records it and the model app submits what it has not submitted.
    func heardOpen() throws {
        try handle(.userOpenedApp)
        // An app that crashed while it launched (a registration after launch) runs none of its code for the open.
        guard app?.lifecycle.phase.runsCode ?? true else { return }
        for event in modelApp.openedEvents(pending: scheduler.pendingTaskRequests, now: context.time.now()) {
            try handle(event)
        }
    }

    /// Executes a command addressed to the scheduler.
    func execute(_ request: DaemonCommand, from command: CommandSource) throws {
        switch request {
        case .schedule(let submitted): try handle(.submit(submitted), command: command)
        case .unschedule(let identifier?): try handle(.cancel(identifier: identifier), command: command)
        case .unschedule(nil): try handle(.cancelAll, command: command)
        case .launchTask(let identifier): try handle(.simulateLaunch(identifier: identifier), command: command)
        case .expireTask(let identifier): try handle(.simulateExpiration(identifier: identifier), command: command)
        case .appOpened:
            guard let app else { return try handle(.userOpenedApp, command: command) }
            let before = app.lifecycle.state
            try app.handleLifecycle(.userOpened, command: command)
            if app.lifecycle.state != before { try heardOpen() }
        case .appBackgrounded:
            guard let app else { return try context.refuse(command, "this offstage does not host the model app") }
            try app.handleLifecycle(.userPressedHome, command: command)
        case .setDeviceInUse(let inUse):
            var wanted = scheduler.state.device
            wanted.inUse = inUse
            wanted.conditions = transfers.daemon.conditions
            try handle(.deviceChanged(wanted), command: command)
        default:
            break
        }
    }

    /// Whether the scheduler's wake is due at steady time `steady`.
    func wakeIsDue(steady: Double) -> Bool {
        guard let wake else { return false }
        return wake <= steady && steady > lastFired
    }

    /// The earliest moment the loop must come back for the scheduler, in wall time.
    ///
    /// A wake already fired at this very reading (asked again by a rounding hair) waits for the clock to move a
    /// millisecond, so a frozen clock waits for an event instead of spinning.
    func nextDue(now: Date) -> Date? {
        let steady = steadyNow
        var due = wake.map { wake in
            now.addingTimeInterval(wake > steady ? wake - steady : (steady > lastFired ? 0 : 0.001))
        }
        for until in work.values.compactMap(\.simulatedUntil) { due = min(due ?? until, until) }
        return due
    }

    /// Whether something is due now: the scheduler's wake, or pretended work whose time has come.
    func isDue(now: Date) -> Bool {
        if wakeIsDue(steady: steadyNow) { return true }
        return work.values.contains { ($0.simulatedUntil ?? .distantFuture) <= now }
    }

    /// Whether any handler work is still going on, or a launched task still awaits completion or its deadline.
    var isBusy: Bool { !work.isEmpty || !scheduler.state.running.isEmpty }
}
