import Foundation

/// Everything WorkManager keeps: the requests (its database) and the last environment the system reported.
public struct WorkManagerState: Codable, Sendable, Equatable {
    /// Every request not deleted, in enqueue order.
    public var requests: [WorkRequest]
    /// The system's gate, device facts and quota, as last reported.
    public var environment: WorkEnvironment
    /// The highest sequence number handed out.
    public var lastSequence: Int

    /// A state; `lastSequence` continues from the highest stored request.
    public init(requests: [WorkRequest] = [], environment: WorkEnvironment = WorkEnvironment()) {
        self.requests = requests.sorted { $0.sequence < $1.sequence }
        self.environment = environment
        self.lastSequence = requests.map(\.sequence).max() ?? 0
    }
}

/// WorkManager for one app, with no I/O: `handle(event, now)` returns the actions the runtime carries out.
///
/// The first action of a transition that changed anything is the one `.persist` of its changes. Illegal calls
/// return `.refuse(reason)` and change nothing, never trap. Every transition ends with a scheduling pass: running
/// workers that lost their constraints, the system's gate or their time are stopped, eligible requests are
/// started, and `.scheduleWake(at:)` names the next date worth waking for.
public struct WorkManagerModel: Sendable, Equatable {
    /// The requests and environment.
    public internal(set) var state: WorkManagerState

    /// A model over stored requests (send `.started` first) and the environment the system reports.
    public init(requests: [WorkRequest] = [], environment: WorkEnvironment = WorkEnvironment()) {
        state = WorkManagerState(requests: requests, environment: environment)
    }

    /// Reacts to one event at wall time `now`.
    public mutating func handle(_ event: WorkEvent, now: Date) -> [WorkAction] {
        var t = WorkTransition(now: now)
        recomputeWaitsAfterTheClockWentBack(in: &t)
        switch event {
        case .started: restart(in: &t)
        case .enqueue(let request): enqueue(request, in: &t)
        case .cancel(let selector): cancel(selector, in: &t)
        case .environmentChanged(let environment): state.environment = environment
        case .timerFired: break
        case .workerFinished(let id, let result): finish(id, result: result, in: &t)
        case .setForeground(let id, let notification): setForeground(id, notification: notification, in: &t)
        case .workRun(let name): runNow(name, in: &t)
        case .systemStopped(let id, let reason): systemStop(id, reason: reason, in: &t)
        case .processDied(let end): processDied(end, in: &t)
        }
        schedulingPass(in: &t)
        // A request the system stopped in this transition and that could run again at once waits for a wake now
        // (not for the same pass: the system's next word, e.g. a closed gate, comes first).
        let restartable = t.stoppedNow.contains { id in
            guard let index = index(of: id), case .run? = verdict(index, now: now) else { return false }
            return true
        }
        if let wake = restartable ? now : nextWake(now: now) { t.actions.append(.scheduleWake(at: wake)) }
        return t.finish(state)
    }

    /// The id for sequence number `sequence`: UUID-shaped, deterministic (`00000000-0000-4000-8000-000000000007`).
    static func id(sequence: Int) -> String {
        let digits = String(max(0, sequence))
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - digits.count)) + digits
    }

    /// The index of the request with `id`.
    func index(of id: String) -> Int? { state.requests.firstIndex { $0.id == id } }

    /// Changes request `index` and marks it for the store.
    mutating func update(_ index: Int, in t: inout WorkTransition, _ body: (inout WorkRequest) -> Void) {
        body(&state.requests[index])
        t.changed.insert(state.requests[index].id)
    }

    /// The app's process ended (or a previous one did, for `.started`): every RUNNING request is ENQUEUED again
    /// with `reason`, runnable at once and not backed off (WorkManager reschedules interrupted work).
    mutating func interruptAll(reason: WorkStopReason, emitStops: Bool, in t: inout WorkTransition) {
        for index in state.requests.indices where state.requests[index].state == .running {
            stop(index, reason: reason, backOff: false, emit: emitStops, in: &t)
            // WorkManager restarts interrupted work with the next process: it may start again in this same pass.
            t.stoppedNow.remove(state.requests[index].id)
        }
    }

    /// `.started`: runs recorded as RUNNING belong to a process that is gone.
    private mutating func restart(in t: inout WorkTransition) {
        interruptAll(reason: .unknown, emitStops: false, in: &t)
    }

    /// `.processDied`: the low-memory killer and a reboot give UNKNOWN, a force-stop USER; work survives.
    private mutating func processDied(_ end: WorkProcessEnd, in t: inout WorkTransition) {
        interruptAll(reason: end == .forceStop ? .user : .unknown, emitStops: true, in: &t)
    }
}

/// The working state of one transition: its time, the actions so far, what changed.
struct WorkTransition {
    /// The transition's wall time.
    let now: Date
    /// Actions in order (the `.persist` is put first by `finish`).
    var actions: [WorkAction] = []
    /// Ids of requests changed.
    var changed: Set<String> = []
    /// Ids of requests deleted.
    var removed: [String] = []
    /// Ids stopped in this transition (not restarted by the same pass).
    var stoppedNow: Set<String> = []

    /// A transition at `now`.
    init(now: Date) { self.now = now }

    /// The actions, with one `.persist` first when anything changed.
    func finish(_ state: WorkManagerState) -> [WorkAction] {
        let removedSet = Set(removed)
        let upserts = state.requests.filter { changed.contains($0.id) && !removedSet.contains($0.id) }
        let changes = WorkChanges(upserts: upserts, removals: removed)
        return changes.isEmpty ? actions : [.persist(changes)] + actions
    }
}
