import Foundation

/// `offstage simulate --platform android`: replays the app's work through `WorkManagerModel` and
/// `AndroidSystemModel` in pure virtual time, on the same seeded user and device as the iOS replay
/// (`UsagePlan`): the screen is on while the app is open and off otherwise, the phone moves when the user
/// leaves home and comes back, and it charges at night. The user's opens decide the standby bucket
/// (`BucketRule`); the system model dozes by itself when unplugged, stationary and with the screen off.
public enum AndroidSimulation {
    /// Replays a setup and reports, per work request, how often and how late it ran and what held it.
    public static func run(_ setup: AndroidSimulationSetup) -> AndroidSimulationReport {
        var engine = AndroidSimulationEngine(setup)
        engine.plan()
        engine.run()
        return engine.report()
    }
}

/// What happens at one instant of an Android replay.
enum AndroidSimulationStep: Sendable {
    /// The shared device conditions change; `moves`: the user carries the phone (leaving or coming home).
    case device(DeviceConditions, moves: Bool)
    /// The user opens the app.
    case open
    /// The user leaves the app.
    case leave
    /// The bucket rule's answer may change now.
    case bucketCheck
    /// The system model's wake.
    case systemTimer
    /// WorkManager's wake.
    case workTimer
    /// A worker returns, for the run that started at `startedAt`.
    case workerDone(id: String, startedAt: Date, result: WorkResult)
}

/// One started run, as recorded.
struct AndroidRun: Sendable, Equatable {
    /// The work's name.
    var name: String
    /// Seconds after the replay's start it started.
    var startedAt: Double
    /// Seconds from the time it became due to its start.
    var delay: Double
    /// How it ended (`success`, a stop reason's constant name, or `running` at the end).
    var outcome: String
}

/// The replay's moving parts.
struct AndroidSimulationEngine {
    /// What to replay.
    let setup: AndroidSimulationSetup
    /// The seeded generator the usage plan draws from.
    var random: SeededGenerator
    /// The Android system: buckets, Doze, the process.
    var system: AndroidSystemModel
    /// WorkManager and its requests.
    var work = WorkManagerModel()
    /// The steps still to come, by time.
    var queue = SimulationQueue<AndroidSimulationStep>()
    /// The system model's queued wake (a step at another time is stale).
    var systemWake: Double?
    /// WorkManager's queued wake.
    var workWake: Double?
    /// When the user opened the app, ascending.
    var opens: [Double] = []
    /// Whether the app is open now.
    var inForeground = false
    /// Sessions open now (two opens may overlap).
    var sessions = 0
    /// Whether the app has enqueued its work (at its first open).
    var enqueued = false
    /// Every started run, in start order.
    var runs: [AndroidRun] = []
    /// Index in `runs` of each request's current run.
    var running: [String: Int] = [:]
    /// When each request became due, kept across stopped runs until one ends.
    var dueSince: [String: Double] = [:]
    /// Seconds each due request waited, per reason category.
    var waits = WaitTally()
    /// Seconds per bucket (`bucket`) and Doze state (`doze`).
    var bucketTime = WaitTally()
    /// Virtual seconds since the first midnight.
    var time: Double = 0
    /// The last instant replayed.
    var end: Double { Double(setup.days) * 86_400 }

    /// An engine for a setup, the device fresh.
    init(_ setup: AndroidSimulationSetup) {
        self.setup = setup
        random = SeededGenerator(seed: setup.seed)
        system = AndroidSystemModel(policy: setup.policy)
    }

    /// Queues the shared user's days (one app), with motion at the commute.
    mutating func plan() {
        for (time, moment) in UsagePlan.moments(
            days: setup.days, usage: setup.usage, opens: setup.opens, apps: 1, random: &random)
        {
            switch moment {
            case .device(let conditions):
                let clock = time.truncatingRemainder(dividingBy: 86_400)
                queue.push(
                    time, .device(conditions, moves: clock == DailyRhythm.leaveHome || clock == DailyRhythm.backHome))
            case .open: queue.push(time, .open)
            case .leave: queue.push(time, .leave)
            }
        }
    }

    /// Runs every queued step up to the end.
    mutating func run() {
        // The night before the first day: the screen is off.
        systemEvent(.screenChanged(on: false))
        while let (at, step) = queue.pop(), at <= end {
            advance(to: at)
            switch step {
            case .device(let conditions, let moves):
                systemEvent(.conditionsChanged(conditions))
                if moves { systemEvent(.motionDetected) }
            case .open:
                opens.append(at)
                sessions += 1
                inForeground = true
                systemEvent(.appOpened)
                for check in setup.buckets.changes(after: at, restrictAfter: setup.policy.restrictAfterUnused) {
                    queue.push(check, .bucketCheck)
                }
                if !enqueued {
                    enqueued = true
                    for item in setup.works {
                        workEvent(.enqueue(WorkEnqueue(spec: item.spec, name: item.name, policy: .keep)))
                    }
                }
            case .leave:
                sessions -= 1
                guard sessions == 0 else { break }
                inForeground = false
                systemEvent(.appLeft)
                systemEvent(.screenChanged(on: false))
            case .bucketCheck: break
            case .systemTimer:
                guard systemWake == at else { continue }
                systemWake = nil
                systemEvent(.timerFired)
            case .workTimer:
                guard workWake == at else { continue }
                workWake = nil
                workEvent(.timerFired)
            case .workerDone(let id, let startedAt, let result):
                guard let request = work.state.requests.first(where: { $0.id == id }), request.state == .running,
                    request.run?.startedAt == startedAt
                else { continue }
                workEvent(.workerFinished(id: id, result: result))
            }
            applyBucketRule()
            tally()
        }
        advance(to: end)
    }

    /// Moves virtual time forward, crediting the waits and the bucket of the span.
    private mutating func advance(to at: Double) {
        waits.advance(to: at)
        bucketTime.advance(to: at)
        time = max(time, at)
    }

    /// Reads each waiting request's reason, the bucket and Doze, for the span that starts now.
    private mutating func tally() {
        let now = setup.start + time
        var reasons: [String: String] = [:]
        for request in work.state.requests where request.state == .enqueued || request.state == .blocked {
            if let category = work.waitReason(for: request.id, now: now)?.waitCategory {
                reasons[request.name] = category
            }
        }
        waits.current = reasons
        var device = ["bucket": system.bucket(now: now).bucket.title]
        switch system.doze(now: now) {
        case .off: break
        case .dozing: device["doze"] = "dozing"
        case .maintenance: device["doze"] = "maintenance window"
        }
        if inForeground, device["doze"] != nil { device["dozing while open"] = "yes" }
        bucketTime.current = device
    }

    /// Sets the bucket the usage rule gives, when it differs from the system's.
    private mutating func applyBucketRule() {
        let now = setup.start + time
        guard
            let wanted = setup.buckets.bucket(
                at: time, opens: opens, inForeground: inForeground, restrictAfter: setup.policy.restrictAfterUnused),
            wanted != system.bucket(now: now).bucket
        else { return }
        systemEvent(.bucketSet(wanted))
    }

    /// Sends an event to the system model, follows its actions, and tells WorkManager a changed environment.
    private mutating func systemEvent(_ event: AndroidSystemEvent) {
        let now = setup.start + time
        for action in system.handle(event, now: now) {
            if case .wake(let at) = action { queueSystemWake(at.timeIntervalSince(setup.start)) }
        }
        let environment = system.workEnvironment(now: now)
        if environment != work.state.environment { workEvent(.environmentChanged(environment)) }
    }

    /// Sends an event to WorkManager and carries out its actions: workers start and end, runs are recorded;
    /// what the system must hear is sent after the whole transition, so no transition interleaves another.
    private mutating func workEvent(_ event: WorkEvent) {
        let now = setup.start + time
        var toSystem: [AndroidSystemEvent] = []
        let actions = work.handle(event, now: now)
        var stopped: Set<String> = []
        for case .stopWorker(let id, _) in actions { stopped.insert(id) }
        for action in actions {
            switch action {
            case .persist(let changes):
                // A run that returned (its request is no longer RUNNING and was not stopped): its outcome, and the
                // next period is due afresh.
                for request in changes.upserts where request.state != .running && !stopped.contains(request.id) {
                    guard let index = running.removeValue(forKey: request.id) else { continue }
                    runs[index].outcome = Self.lastEnd(request.decisions)
                    dueSince[request.id] = nil
                    toSystem.append(.workerEnded(name: request.id))
                }
            case .startWorker(let launch):
                guard let request = work.state.requests.first(where: { $0.id == launch.id }) else { continue }
                let due = dueSince[launch.id] ?? request.earliestRunAt.timeIntervalSince(setup.start)
                dueSince[launch.id] = due
                running[launch.id] = runs.count
                runs.append(
                    AndroidRun(name: launch.name, startedAt: time, delay: max(0, time - due), outcome: "running"))
                toSystem.append(.workerStarted(name: launch.id))
                if case .simulated(let seconds, let result) = launch.worker {
                    queue.push(time + max(0, seconds), .workerDone(id: launch.id, startedAt: now, result: result))
                }
            case .stopWorker(let id, let reason):
                // A stopped run: it runs again when allowed, still late from the time it first became due.
                if let index = running.removeValue(forKey: id) { runs[index].outcome = reason.constantName }
                toSystem.append(.workerEnded(name: id))
            case .consumedExpeditedQuota(let id):
                toSystem.append(.expeditedJobStarted(name: id))
            case .scheduleWake(let at):
                queueWorkWake(at.timeIntervalSince(setup.start))
            case .enqueued, .kept, .warn, .refuse, .workerCallRefused, .startForegroundNotification,
                .stopForegroundNotification:
                continue
            }
        }
        for event in toSystem { systemEvent(event) }
    }

    /// The outcome name of a run from the newest decision that ended one.
    static func lastEnd(_ decisions: [WorkDecision]) -> String {
        for decision in decisions.reversed() {
            switch decision.outcome {
            case .finished(let result): return result.rawValue
            case .stopped(let reason): return reason.constantName
            default: continue
            }
        }
        return "ended"
    }

    /// Queues the system model's wake at `at` unless an earlier one is queued.
    private mutating func queueSystemWake(_ at: Double) {
        let due = max(at, time)
        if let queued = systemWake, queued <= due, queued >= time { return }
        systemWake = due
        queue.push(due, .systemTimer)
    }

    /// Queues WorkManager's wake at `at` unless an earlier one is queued.
    private mutating func queueWorkWake(_ at: Double) {
        let due = max(at, time)
        if let queued = workWake, queued <= due, queued >= time { return }
        workWake = due
        queue.push(due, .workTimer)
    }
}
