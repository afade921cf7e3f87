import Foundation

/// `offstage simulate`: replays the real `TaskScheduler` policy in pure virtual time, event by event (no
/// per-minute loop), with a seeded user who opens apps, carries the phone, charges it at night and is on
/// Wi-Fi at home; the model app answers every launch as configured.
public enum SchedulerSimulation {
    /// Replays a setup and reports, per identifier, how often and how late its task ran.
    /// `tallyingWaits`: also add up, per identifier, the time its due request waited for each reason
    /// (`IdentifierReport.waitTime`; off by default, so the plain report and its JSON stay as they were).
    public static func run(_ setup: SimulationSetup, tallyingWaits: Bool = false) -> SimulationReport {
        var engine = SimulationEngine(setup)
        engine.waits = tallyingWaits ? WaitTally() : nil
        engine.planUsage()
        engine.run()
        return engine.report()
    }

    /// The entry point for the benchmark executable: `identifiers` identifiers over `days` days, daily usage.
    public static func benchmark(days: Int, identifiers: Int, seed: UInt64) -> SimulationReport {
        run(.many(days: days, identifiers: identifiers, seed: seed))
    }
}

/// The replay's moving parts.
struct SimulationEngine {
    let setup: SimulationSetup
    var random: SeededGenerator
    var systems: [ModelAppSystem]
    var apps: [ModelApp]
    var queuedWake: [Double?]
    var queue = SimulationQueue<SimulationStep>()
    var device = SchedulerDeviceState()
    var sessions = 0
    /// Seconds into the replay of every open, in order.
    var opens: [Double] = []
    var runs: [String: [TaskRun]] = [:]
    /// Seconds per identifier and reason category, when tallied.
    var waits: WaitTally?
    var end: Double { Double(setup.days) * 86_400 }

    init(_ setup: SimulationSetup) {
        self.setup = setup
        random = SeededGenerator(seed: setup.seed)
        let lifecycle = AppLifecycle(policy: setup.lifecycle)
        systems = setup.apps.enumerated().map { index, app in
            var scheduler = TaskScheduler(
                configuration: app.configuration, policy: setup.policy,
                seed: setup.seed &+ UInt64(index) &* 0x9E37_79B9)
            scheduler.writesEventLog = false
            return ModelAppSystem(scheduler: scheduler, lifecycle: lifecycle)
        }
        apps = setup.apps.map { ModelApp(configuration: $0.configuration, mistakes: $0.mistakes) }
        queuedWake = Array(repeating: nil, count: setup.apps.count)
    }

    /// Queues the user's days (the shared `UsagePlan`): device rhythm and app sessions.
    mutating func planUsage() {
        let moments = UsagePlan.moments(
            days: setup.days, usage: setup.usage, opens: setup.opens, apps: apps.count, random: &random)
        for (time, moment) in moments {
            switch moment {
            case .device(let conditions): queue.push(time, .device(conditions))
            case .open(let app): queue.push(time, .open(app: app))
            case .leave(let app): queue.push(time, .leave(app: app))
            }
        }
    }

    /// Runs every queued step up to the end.
    mutating func run() {
        while let (time, step) = queue.pop(), time <= end {
            defer { tallyWaits(at: time) }
            switch step {
            case .device(let conditions):
                device.conditions = conditions
                broadcastDevice(at: time)
            case .open(let app):
                sessions += 1
                opens.append(time)
                if sessions == 1 {
                    device.inUse = true
                    broadcastDevice(at: time)
                }
                open(app, at: time)
            case .leave(let app):
                send(.lifecycle(.userPressedHome), to: app, at: time)
                sessions -= 1
                if sessions == 0 {
                    device.inUse = false
                    broadcastDevice(at: time)
                }
            case .timer(let app):
                guard queuedWake[app] == time else { continue }
                queuedWake[app] = nil
                send(.scheduler(.timerFired), to: app, at: time)
            case .workEnded(let app, let identifier, let run):
                guard systems[app].scheduler.state.runningTask(identifier)?.number == run else { continue }
                for event in apps[app].workFinished(identifier, success: true, now: setup.start + time) {
                    send(.scheduler(event), to: app, at: time)
                }
            }
        }
    }

    /// Adds the time since the last step to each due request's reason, then reads the reasons anew.
    private mutating func tallyWaits(at time: Double) {
        guard var tally = waits else { return }
        tally.advance(to: time)
        var reasons: [String: String] = [:]
        for app in systems.indices {
            for explanation in systems[app].scheduler.explain(now: setup.start + time, steady: time) {
                if let category = explanation.reason.waitCategory {
                    reasons[explanation.request.identifier] = category
                }
            }
        }
        tally.current = reasons
        waits = tally
    }

    private mutating func broadcastDevice(at time: Double) {
        for app in apps.indices { send(.scheduler(.deviceChanged(device)), to: app, at: time) }
    }

    private mutating func open(_ app: Int, at time: Double) {
        send(.lifecycle(.userOpened), to: app, at: time)
        send(.scheduler(.userOpenedApp), to: app, at: time)
        let now = setup.start + time
        for event in apps[app].openedEvents(pending: systems[app].scheduler.pendingTaskRequests, now: now) {
            send(.scheduler(event), to: app, at: time)
        }
    }

    /// Sends an input to one app, and follows the actions (and the app's answers) to the end.
    private mutating func send(_ input: ModelAppInput, to app: Int, at time: Double) {
        let now = setup.start + time
        var work = [input]
        var index = 0
        while index < work.count {
            let steps = systems[app].handle(work[index], now: now, steady: time)
            index += 1
            for step in steps {
                switch step {
                case .scheduler(_, let actions):
                    work += answers(to: actions, of: app, at: time)
                case .lifecycle(_, let actions):
                    // The app registers its handlers in didFinishLaunching.
                    for case .callDelegate(.didFinishLaunching) in actions {
                        work += apps[app].launchEvents().map { .scheduler($0) }
                    }
                }
            }
        }
    }

    /// The model app's answers to the scheduler's actions (and the runs and wakes they record).
    private mutating func answers(to actions: [SchedulerAction], of app: Int, at time: Double) -> [ModelAppInput] {
        let now = setup.start + time
        var work: [ModelAppInput] = []
        for action in actions {
            switch action {
            case .commit(let changes):
                for run in changes.finishedRuns { runs[run.identifier, default: []].append(run) }
            case .runLaunchHandler(let launch):
                let response = apps[app].handlerStarted(launch, now: now)
                work += response.now.map { .scheduler($0) }
                let number = systems[app].scheduler.state.runningTask(launch.identifier)?.number ?? 0
                if let after = response.workEndsAfter {
                    queue.push(time + after, .workEnded(app: app, identifier: launch.identifier, run: number))
                }
            case .callExpirationHandler(let identifier):
                work += apps[app].expirationCalled(identifier).now.map { .scheduler($0) }
            case .wake(let at):
                let due = max(at, time)
                if let queued = queuedWake[app], queued <= due, queued >= time { continue }
                queuedWake[app] = due
                queue.push(due, .timer(app: app))
            case .launchApp, .stopHandler, .killApp, .crashApp, .reply, .refuse:
                continue
            }
        }
        return work
    }
}
