import Foundation
import OffstageCore

/// What the runtime needs to host the BG task scheduler: the app's Info.plist and handlers, its mistakes, the policy.
public struct SchedulerSetup: Sendable {
    /// Permitted identifiers, background modes and handlers.
    public var app: AppTaskConfiguration
    /// The model app's mistakes from `bgtasks.json` (the runtime adds the app's other ones to them).
    public var mistakes: AppMistakes
    /// The policy's parameters.
    public var policy: SchedulerPolicyConfiguration
    /// The seed of a fresh install's scheduler.
    public var seed: UInt64
    /// Where handler shell commands append their output (nil: discarded).
    public var commandLogPath: String?

    /// A setup.
    public init(
        app: AppTaskConfiguration, mistakes: AppMistakes = AppMistakes(),
        policy: SchedulerPolicyConfiguration = SchedulerPolicyConfiguration(), seed: UInt64 = 1,
        commandLogPath: String? = nil
    ) {
        self.app = app
        self.mistakes = mistakes
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
    /// The monotonic reading (the runtime clock's steady time) at which the scheduler next wants `.timerFired`.
    var wake: Double?
    /// The steady reading of the last `.timerFired` sent: a wake is fired at most once per clock reading, so a
    /// rounding hair between the scheduler's steady time and the clock's cannot make the loop spin.
    var lastFired = -Double.infinity
    /// Counter naming each command run, so a late exit of a stopped one is recognised.
    var nextToken = 1

    /// Whether the scheduler's wake is due at steady time `steady`.
    func wakeIsDue(steady: Double) -> Bool {
        guard let wake else { return false }
        return wake <= steady && steady > lastFired
    }

    /// The earliest moment the loop must come back for the scheduler, in wall time (`now`/`steady`: the clock now).
    ///
    /// A wake already fired at this very reading (asked again by a rounding hair) waits for the clock to move a
    /// millisecond, so a frozen clock waits for an event instead of spinning.
    func nextDue(now: Date, steady: Double) -> Date? {
        var due = wake.map { wake in
            now.addingTimeInterval(wake > steady ? wake - steady : (steady > lastFired ? 0 : 0.001))
        }
        for case .simulated(let until, _) in work.values { due = min(due ?? until, until) }
        return due
    }

    /// Whether something is due now: the scheduler's wake, or pretended work whose time has come.
    func isDue(now: Date, steady: Double) -> Bool {
        if wakeIsDue(steady: steady) { return true }
        return work.values.contains {
            guard case .simulated(let until, _) = $0 else { return false }
            return until <= now
        }
    }

    /// Whether any handler work is still going on, or a launched task still awaits completion or its deadline.
    var isBusy: Bool { !work.isEmpty || !scheduler.state.running.isEmpty }
}
