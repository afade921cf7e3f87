import Foundation

/// How one run of a background task ended.
public enum TaskRunOutcome: String, Codable, Sendable, CaseIterable {
    /// The app called `setTaskCompleted(success: true)` in time.
    case completed
    /// The app called `setTaskCompleted(success: false)` in time (also after its expiration handler ran).
    case failed
    /// Time ran out and there was no expiration handler: the system marked it complete and unsuccessful.
    case expiredWithoutHandler = "expired-without-handler"
    /// Not completed by the deadline: the app was killed (0x2182bad2).
    case killed
    /// The app process ended while it ran (a crash, a kill, a swipe-away, or Offstage stopping).
    case interrupted
}

/// One finished run of a background task, kept as history.
public struct TaskRun: Codable, Sendable, Equatable {
    /// Sequential number of the run within the app.
    public var number: Int64
    /// The task identifier.
    public var identifier: String
    /// App refresh or processing.
    public var kind: BGTaskKind
    /// When the request had asked to start (its earliest date, or its submit time).
    public var requestedAt: Date
    /// When the system launched it.
    public var launchedAt: Date
    /// When it ended.
    public var endedAt: Date
    /// How it ended.
    public var outcome: TaskRunOutcome
    /// Seconds from the requested time to the launch (measured in steady time).
    public var delay: Double
    /// Whether the launch came from "simulate launch", bypassing the policy.
    public var simulated: Bool
    /// Whether its expiration handler was called.
    public var expirationCalled: Bool
}

/// A task the system has launched and that has not ended yet.
public struct RunningTask: Codable, Sendable, Equatable {
    /// Sequential number of the run within the app.
    public var number: Int64
    /// The request it was launched for.
    public var request: PendingTaskRequest
    /// When the system launched it (wall clock).
    public var launchedAt: Date
    /// Steady time of the launch.
    public var launchedSteady: Double
    /// Whether the launch handler has been called (false while the app is still launching).
    public var handlerCalled: Bool
    /// Steady time at which the expiration handler is due.
    public var expirationAt: Double
    /// Steady time by which it must complete, or the app is killed.
    public var deadline: Double
    /// Whether the app set the task's `expirationHandler`.
    public var expirationHandlerSet: Bool
    /// Whether the expiration handler was called.
    public var expirationCalled: Bool
    /// Seconds from the requested time to the launch.
    public var delay: Double
    /// Whether the launch came from "simulate launch".
    public var simulated: Bool

    /// The task identifier.
    public var identifier: String { request.identifier }
}

/// A penalty against an identifier whose task was killed or expired without a handler.
public struct TaskPenalty: Codable, Sendable, Equatable {
    /// Steady time until which its launches are deferred.
    public var until: Double
    /// How many penalties in a row (each doubles the deferral); cleared by a clean run.
    public var strikes: Int
}

/// What the policy decided about one request at one wake.
public struct SchedulerDecision: Codable, Sendable, Equatable {
    /// When (wall clock).
    public var time: Date
    /// The request's identifier.
    public var identifier: String
    /// Whether it was launched.
    public var launched: Bool
    /// Why not, when it was not.
    public var reason: WaitReason?

    /// A one-line rendering for the decision log.
    public func text(timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) -> String {
        launched ? "\(identifier): launched" : "\(identifier): \(reason?.text(timeZone: timeZone) ?? "waiting")"
    }
}
