import Foundation
import OffstageCore
import Testing

/// The fixed wall-clock time scheduler tests start at (monotonic 0).
let schedulerEpoch = Date(timeIntervalSince1970: 1_800_000_000)
let refreshID = "com.example.refresh"
let cleanupID = "com.example.cleanup"

/// A refresh and a processing handler, permitted, with both background modes.
func sampleConfiguration(extraProcessing: Int = 0) -> AppTaskConfiguration {
    var handlers = [
        TaskHandlerConfiguration(identifier: refreshID, kind: .appRefresh, interval: 900),
        TaskHandlerConfiguration(
            identifier: cleanupID, kind: .processing, work: .simulatedWork(seconds: 60, honoursExpiration: true)),
    ]
    for index in 0..<extraProcessing {
        handlers.append(TaskHandlerConfiguration(identifier: "com.example.p\(index)", kind: .processing))
    }
    return AppTaskConfiguration(handlers: handlers)
}

/// A policy without jitter, so wakes fall every 15 min exactly.
func fixedPolicy() -> SchedulerPolicyConfiguration {
    var policy = SchedulerPolicyConfiguration()
    policy.wakeJitter = 0
    return policy
}

/// Drives the one model app (`TaskScheduler` and `AppLifecycle` in a `ModelAppSystem`) in tests; wall time and
/// monotonic time advance together unless a test jumps the wall.
struct SchedulerHarness {
    var system: ModelAppSystem
    var monotonic: Double = 0
    var wallOffset: Double = 0
    /// The life-cycle actions of the last `send`.
    var lifecycleActions: [AppLifecycleAction] = []

    /// The scheduler.
    var scheduler: TaskScheduler {
        get { system.scheduler }
        set { system.scheduler = newValue }
    }

    /// The app's life cycle.
    var lifecycle: AppLifecycle { system.lifecycle }

    init(
        configuration: AppTaskConfiguration = sampleConfiguration(),
        policy: SchedulerPolicyConfiguration = fixedPolicy(),
        state: TaskSchedulerState? = nil,
        lifecyclePolicy: AppLifecyclePolicy? = nil
    ) {
        system = ModelAppSystem(
            scheduler: TaskScheduler(configuration: configuration, policy: policy, state: state, seed: 7),
            lifecycle: AppLifecycle(
                policy: lifecyclePolicy ?? AppLifecyclePolicy()))
    }

    var now: Date { schedulerEpoch + monotonic + wallOffset }

    /// Sends a scheduler event at monotonic time `at` (or now); returns the scheduler's actions of every step.
    @discardableResult
    mutating func send(
        _ event: SchedulerEvent, at seconds: Double? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [SchedulerAction] {
        input(.scheduler(event), at: seconds, sourceLocation: sourceLocation)
    }

    /// Sends a life-cycle event at monotonic time `at` (or now); returns the scheduler's actions it caused.
    @discardableResult
    mutating func sendApp(
        _ event: AppLifecycleEvent, at seconds: Double? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [SchedulerAction] {
        input(.lifecycle(event), at: seconds, sourceLocation: sourceLocation)
    }

    /// Sends an input and checks that every scheduler step's commit comes first and once.
    private mutating func input(
        _ input: ModelAppInput, at seconds: Double?, sourceLocation: SourceLocation
    ) -> [SchedulerAction] {
        if let seconds { monotonic = seconds }
        // The host's part: read the one steady clock (re-anchored at `.started`), then hand it to both machines.
        let steady = system.scheduler.readSteady(
            now: now, monotonic: monotonic, restarting: input == .scheduler(.started))
        let steps = system.handle(input, now: now, steady: steady)
        var all: [SchedulerAction] = []
        lifecycleActions = []
        for step in steps {
            switch step {
            case .lifecycle(_, let actions): lifecycleActions += actions
            case .scheduler(_, let actions):
                let commits = actions.indices.filter { if case .commit = actions[$0] { true } else { false } }
                #expect(commits.count <= 1, "more than one commit", sourceLocation: sourceLocation)
                if let first = commits.first { #expect(first == 0, "commit not first", sourceLocation: sourceLocation) }
                all += actions
            }
        }
        return all
    }

    /// Fires timers until monotonic time `seconds`, following the wakes the scheduler asks for; returns all actions.
    @discardableResult
    mutating func run(until seconds: Double, answer: Bool = true) -> [SchedulerAction] {
        var all: [SchedulerAction] = []
        var guardCount = 0
        while guardCount < 100_000 {
            guardCount += 1
            guard let wake = scheduler.state.nextWakeAtMonotonic(), wake <= seconds else { break }
            let actions = send(.timerFired, at: max(wake, monotonic))
            all += actions
            if answer { all += answerLaunches(actions) }
        }
        monotonic = max(monotonic, seconds)
        return all
    }

    /// The user opens the app, it registers `ids` (default: all) and finishes launching, then leaves.
    @discardableResult
    mutating func openApp(registering ids: [String]? = nil, leave: Bool = true) -> [SchedulerAction] {
        var all = sendApp(.userOpened)
        all += send(.userOpenedApp)
        if scheduler.state.launching {
            for id in ids ?? scheduler.configuration.permittedIdentifiers { all += send(.register(identifier: id)) }
            all += send(.appFinishedLaunching)
        }
        if leave { all += sendApp(.userPressedHome) }
        return all
    }

    /// Answers a background launch as the well-behaved model app would: registers all and finishes launching.
    @discardableResult
    mutating func answerLaunches(_ actions: [SchedulerAction], registering ids: [String]? = nil) -> [SchedulerAction] {
        guard actions.contains(where: { if case .launchApp = $0 { true } else { false } }), scheduler.state.launching
        else { return [] }
        var all: [SchedulerAction] = []
        for id in ids ?? scheduler.configuration.permittedIdentifiers { all += send(.register(identifier: id)) }
        all += send(.appFinishedLaunching)
        return all
    }

    /// The launched app's didFinishLaunching: registers every permitted identifier and finishes launching.
    @discardableResult
    mutating func finishLaunch() -> [SchedulerAction] {
        var all: [SchedulerAction] = []
        for id in scheduler.configuration.permittedIdentifiers { all += send(.register(identifier: id)) }
        return all + send(.appFinishedLaunching)
    }

    @discardableResult
    mutating func submit(_ request: BGTaskRequest) -> [SchedulerAction] { send(.submit(request)) }

    func reason(_ id: String) -> WaitReason? {
        scheduler.explain(now: now, steady: scheduler.clock.steady(monotonic: monotonic)).first {
            $0.request.identifier == id
        }?.reason
    }

    func text(_ id: String) -> String? {
        scheduler.explain(now: now, steady: scheduler.clock.steady(monotonic: monotonic)).first {
            $0.request.identifier == id
        }?.text
    }
}

extension TaskSchedulerState {
    /// The next wake the scheduler wants, in monotonic seconds.
    func nextWakeAtMonotonic() -> Double? {
        var wake = nextWakeAt
        for task in running where task.handlerCalled {
            let due = task.expirationCalled ? task.deadline : task.expirationAt
            wake = min(wake ?? due, due)
        }
        return wake.map { $0 - clock.offset }
    }
}

extension Array where Element == SchedulerAction {
    var committed: SchedulerChanges? {
        for action in self { if case .commit(let changes) = action { return changes } }
        return nil
    }
    var refused: [String] { compactMap { if case .refuse(let r) = $0 { r } else { nil } } }
    var handlerCalls: [String] { compactMap { if case .runLaunchHandler(let l) = $0 { l.identifier } else { nil } } }
    var appLaunches: [String] { compactMap { if case .launchApp(let id, _) = $0 { id } else { nil } } }
    var crashTexts: [String] { compactMap { if case .crashApp(let text) = $0 { text } else { nil } } }
    var killCodes: [String] { compactMap { if case .killApp(let code, _) = $0 { code } else { nil } } }
    var expirationCalls: [String] { compactMap { if case .callExpirationHandler(let id) = $0 { id } else { nil } } }
    var replies: [SchedulerReply] { compactMap { if case .reply(let r) = $0 { r } else { nil } } }
    var logLines: [LogEntry] {
        flatMap { action -> [LogEntry] in
            if case .commit(let changes) = action { return changes.log }
            return []
        }
    }
    func logged(_ kind: LogKind) -> [LogEntry] { logLines.filter { $0.kind == kind } }
}
