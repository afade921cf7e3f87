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

/// A launch handler's work in progress; its outcome says whether the expiration handler stops it.
typealias HandlerWork = HostedWork<Bool>
