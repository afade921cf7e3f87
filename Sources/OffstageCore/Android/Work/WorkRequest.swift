import Foundation

/// One enqueued work request with everything WorkManager keeps about it (its `WorkSpec` row); what the store
/// persists, one row each.
public struct WorkRequest: Codable, Sendable, Equatable, Identifiable {
    /// The id (UUID-shaped text, numbered by `sequence`).
    public var id: String
    /// Enqueue order, from 1.
    public var sequence: Int
    /// Its unique-work name or label.
    public var name: String
    /// Whether `name` is a unique-work name.
    public var unique: Bool
    /// The validated spec.
    public var spec: WorkRequestSpec
    /// A spec from `UPDATE` that waits for the running run to end.
    public var pendingSpec: WorkRequestSpec?
    /// The state.
    public var state: WorkState
    /// Prerequisite ids (the chain).
    public var prerequisites: [String]
    /// `lastEnqueueTime`: when it was (re-)enqueued last; backoff and periods count from it.
    public var lastEnqueueAt: Date
    /// When it may run next (meaningful while ENQUEUED).
    public var earliestRunAt: Date
    /// `runAttemptCount`: runs started (reset between successful periodic runs).
    public var runAttemptCount: Int
    /// Whether the next run waits for backoff (after `Result.retry()` or a timeout).
    public var backedOff: Bool
    /// `periodCount`: periods completed (periodic work).
    public var periodCount: Int
    /// `generation`: bumped by UPDATE.
    public var generation: Int
    /// `stopReason`: why the system last stopped it.
    public var stopReason: WorkStopReason
    /// The current run, while RUNNING.
    public var run: WorkRun?
    /// When it reached a finished state.
    public var finishedAt: Date?
    /// Its newest decisions, oldest first (at most `WorkRequest.decisionLimit`).
    public var decisions: [WorkDecision]

    /// Decisions kept per request.
    public static let decisionLimit = 20

    /// A request freshly enqueued at `now`; `state` is ENQUEUED or BLOCKED.
    public init(
        id: String, sequence: Int, name: String, unique: Bool, spec: WorkRequestSpec, state: WorkState,
        prerequisites: [String], now: Date
    ) {
        self.id = id
        self.sequence = sequence
        self.name = name
        self.unique = unique
        self.spec = spec
        self.pendingSpec = nil
        self.state = state
        self.prerequisites = prerequisites
        self.lastEnqueueAt = now
        self.earliestRunAt = now
        self.runAttemptCount = 0
        self.backedOff = false
        self.periodCount = 0
        self.generation = 0
        self.stopReason = .notStopped
        self.run = nil
        self.finishedAt = nil
        self.decisions = []
        self.earliestRunAt = nextRunTime()
    }

    /// WorkSpec's `calculateNextRunTime`: backoff first (lastEnqueue + backoff delay), then periodic (first
    /// period: lastEnqueue + initialDelay, plus interval − flex when flex is shorter than the interval; later
    /// periods: lastEnqueue + interval), else lastEnqueue + initialDelay.
    public func nextRunTime() -> Date {
        if backedOff && runAttemptCount > 0 {
            return lastEnqueueAt + spec.backoff.delay(afterAttempts: runAttemptCount)
        }
        if let schedule = spec.kind.schedule {
            if periodCount > 0 { return lastEnqueueAt + schedule.interval }
            let flexOffset = schedule.flex < schedule.interval ? schedule.interval - schedule.flex : 0
            return lastEnqueueAt + spec.initialDelay + flexOffset
        }
        return lastEnqueueAt + spec.initialDelay
    }

    /// Appends a decision, keeping the newest `decisionLimit`.
    mutating func record(_ decision: WorkDecision) {
        decisions.append(decision)
        if decisions.count > Self.decisionLimit { decisions.removeFirst(decisions.count - Self.decisionLimit) }
    }
}

/// A running worker.
public struct WorkRun: Codable, Sendable, Equatable {
    /// When it started.
    public var startedAt: Date
    /// Whether it runs as expedited work (exempt from bucket windows and Doze).
    public var expedited: Bool
    /// Whether `offstage work run` started it, bypassing constraints and the system (like the test driver).
    public var bypassed: Bool
    /// The foreground notification once the worker called `setForegroundAsync` (nil: not foreground).
    public var notification: String?

    /// A run.
    public init(startedAt: Date, expedited: Bool, bypassed: Bool, notification: String? = nil) {
        self.startedAt = startedAt
        self.expedited = expedited
        self.bypassed = bypassed
        self.notification = notification
    }

    /// The 10-minute limit of a worker that is not a foreground one.
    public static let timeLimit: Double = 600

    /// When it must stop (nil: foreground, no limit).
    public var deadline: Date? { notification == nil ? startedAt + Self.timeLimit : nil }
}

/// One entry of a request's decision log.
public struct WorkDecision: Codable, Sendable, Equatable {
    /// What was decided.
    public enum Outcome: Codable, Sendable, Equatable {
        /// Enqueued in this state.
        case enqueued(WorkState)
        /// It waits for this reason.
        case waiting(WorkWaitReason)
        /// Its worker started (as expedited, or bypassing everything via `work run`).
        case started(expedited: Bool, bypassed: Bool)
        /// Its worker was stopped for this reason.
        case stopped(WorkStopReason)
        /// Its worker returned this result.
        case finished(WorkResult)
        /// Its prerequisites all succeeded: BLOCKED → ENQUEUED.
        case unblocked
        /// A prerequisite failed or was cancelled, so it ended in this state.
        case cascaded(WorkState)
        /// The app cancelled it.
        case cancelled
        /// `UPDATE` replaced its spec (now, or at the end of the running run).
        case updated
        /// Expedited with `DROP_WORK_REQUEST` and no quota: dropped.
        case dropped
        /// Its worker became a foreground service.
        case foreground
    }

    /// When.
    public var time: Date
    /// What.
    public var outcome: Outcome

    /// A decision.
    public init(time: Date, outcome: Outcome) {
        self.time = time
        self.outcome = outcome
    }

    /// The decision in words, countdowns measured from `time`.
    public var text: String {
        switch outcome {
        case .enqueued(let state): return "enqueued \(state.rawValue)"
        case .waiting(let reason): return "waiting: \(reason.text(now: time))"
        case .started(let expedited, let bypassed):
            return bypassed ? "started (work run: constraints bypassed)" : expedited ? "started expedited" : "started"
        case .stopped(let reason): return "stopped: \(reason.constantName)"
        case .finished(let result): return "Result.\(result.rawValue)()"
        case .unblocked: return "prerequisites succeeded: ENQUEUED"
        case .cascaded(let state): return "a prerequisite ended: \(state.rawValue)"
        case .cancelled: return "cancelled by the app"
        case .updated: return "updated (UPDATE)"
        case .dropped: return "dropped: out of expedited quota (DROP_WORK_REQUEST)"
        case .foreground: return "setForegroundAsync: runs as a foreground service"
        }
    }
}
