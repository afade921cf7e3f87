import Foundation
import OffstageCore

/// What the runtime needs to host the BG task scheduler: the app's Info.plist and handlers, its behaviour, the policy.
public struct SchedulerSetup: Sendable {
    /// Permitted identifiers, background modes and handlers.
    public var app: AppTaskConfiguration
    /// The model app's behaviour (its switchable mistakes).
    public var behaviour: ModelAppBehaviour
    /// The policy's parameters.
    public var policy: SchedulerPolicyConfiguration
    /// The seed of a fresh install's scheduler.
    public var seed: UInt64
    /// Where handler shell commands append their output (nil: discarded).
    public var commandLogPath: String?

    /// A setup.
    public init(
        app: AppTaskConfiguration, behaviour: ModelAppBehaviour = ModelAppBehaviour(),
        policy: SchedulerPolicyConfiguration = SchedulerPolicyConfiguration(), seed: UInt64 = 1,
        commandLogPath: String? = nil
    ) {
        self.app = app
        self.behaviour = behaviour
        self.policy = policy
        self.seed = seed
        self.commandLogPath = commandLogPath
    }
}

/// A launch handler's work in progress, as the runtime carries it out.
enum HandlerWork {
    /// A shell command running as a process.
    case command(ShellTask, token: Int)
    /// A download through the transfer engine, by its transfer task.
    case download(taskID: Int64)
    /// Pretended work ending at this date; `honoursExpiration` says whether expiration stops it.
    case simulated(until: Date, honoursExpiration: Bool)
}

/// The runtime's side of the scheduler: the pure scheduler, the model app, and the work its handlers do.
struct SchedulerHost {
    /// The pure scheduler.
    var scheduler: TaskScheduler
    /// The model app's reactions.
    let app: ModelApp
    /// Where handler commands log.
    let commandLogPath: String?
    /// Work of running handlers, by task identifier.
    var work: [String: HandlerWork] = [:]
    /// When the scheduler next wants `.timerFired`, in wall-clock terms for the loop's wait.
    var wake: Date?
    /// Counter naming each command run, so a late exit of a stopped one is recognised.
    var nextToken = 1

    /// The earliest moment the loop must come back for the scheduler.
    var nextDue: Date? {
        var due = wake
        for case .simulated(let until, _) in work.values { due = min(due ?? until, until) }
        return due
    }

    /// Whether any handler work is still going on, or a launched task still awaits completion or its deadline.
    var isBusy: Bool { !work.isEmpty || !scheduler.state.running.isEmpty }
}
