import Foundation
import OffstageCore
import Testing

/// The fixed wall-clock time WorkManager tests start at.
let workEpoch = Date(timeIntervalSince1970: 1_800_000_000)

/// `seconds` after `workEpoch`.
func at(_ seconds: Double) -> Date { workEpoch + seconds }

/// A simulated worker that takes a minute and succeeds.
let minuteWork = WorkerKind.simulated(seconds: 60, result: .success)

/// Drives one `WorkManagerModel` with fixed dates; keeps the last actions.
struct WorkHarness {
    var model: WorkManagerModel
    var actions: [WorkAction] = []
    var now: Date = workEpoch

    init(environment: WorkEnvironment = WorkEnvironment(), requests: [WorkRequest] = []) {
        model = WorkManagerModel(requests: requests, environment: environment)
    }

    /// Sends `event` at `seconds` after the epoch (or at the current time).
    @discardableResult
    mutating func send(_ event: WorkEvent, at seconds: Double? = nil) -> [WorkAction] {
        if let seconds { now = at(seconds) }
        actions = model.handle(event, now: now)
        return actions
    }

    /// Enqueues and returns the new id (nil when refused or kept).
    @discardableResult
    mutating func enqueue(
        _ name: String, _ spec: WorkRequestSpec = WorkRequestSpec(worker: minuteWork),
        policy: ExistingWorkPolicy? = nil, after: [String] = [], at seconds: Double? = nil
    ) -> String? {
        send(.enqueue(WorkEnqueue(spec: spec, name: name, policy: policy, after: after)), at: seconds)
        for case .enqueued(let id, _, _) in actions { return id }
        return nil
    }

    /// Enqueues and returns the new id; throws when the enqueue was refused or kept.
    mutating func add(
        _ name: String, _ spec: WorkRequestSpec = WorkRequestSpec(worker: minuteWork),
        policy: ExistingWorkPolicy? = nil, after: [String] = [], at seconds: Double? = nil
    ) throws -> String {
        guard let id = enqueue(name, spec, policy: policy, after: after, at: seconds) else {
            throw NotEnqueued(actions: actions)
        }
        return id
    }

    /// Replaces the environment.
    mutating func environment(_ change: (inout WorkEnvironment) -> Void, at seconds: Double? = nil) {
        var environment = model.state.environment
        change(&environment)
        send(.environmentChanged(environment), at: seconds)
    }

    /// The request with `id`.
    func request(_ id: String?) -> WorkRequest? { model.state.requests.first { $0.id == id } }

    /// Ids of workers started by the last event.
    var started: [String] {
        actions.compactMap { if case .startWorker(let launch) = $0 { return launch.id } else { return nil } }
    }

    /// Workers stopped by the last event, with their reasons.
    var stopped: [WorkStopReason] {
        actions.compactMap { if case .stopWorker(_, let reason) = $0 { return reason } else { return nil } }
    }

    /// Refusals of the last event.
    var refusals: [String] {
        actions.compactMap { if case .refuse(let message) = $0 { return message } else { return nil } }
    }

    /// Warnings of the last event.
    var warnings: [String] {
        actions.compactMap { if case .warn(let message) = $0 { return message } else { return nil } }
    }

    /// Ids removed by the last event's persist.
    var removed: [String] {
        for case .persist(let changes) in actions { return changes.removals }
        return []
    }

    /// The wait reason of `id` now.
    func reason(_ id: String?) -> WorkWaitReason? { id.flatMap { model.waitReason(for: $0, now: now) } }
}

/// An enqueue that did not insert a request, with the actions it returned.
struct NotEnqueued: Error {
    let actions: [WorkAction]
}
