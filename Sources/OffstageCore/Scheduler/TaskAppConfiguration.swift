import Foundation

/// A `UIBackgroundModes` entry relevant to the BG task scheduler.
public enum BackgroundMode: String, Codable, Sendable, CaseIterable {
    /// `fetch`: needed to submit app-refresh requests.
    case fetch
    /// `processing`: needed to submit processing requests.
    case processing
}

/// What a registered launch handler does when the system launches its task.
public enum TaskHandlerWork: Codable, Sendable, Equatable {
    /// Run a shell command (executed by the runtime), stopping it after `timeout` seconds.
    case shellCommand(command: String, timeout: Double)
    /// Download a URL through the transfer engine (executed by the runtime).
    case download(url: String)
    /// Pretend to work for `seconds`; when `honoursExpiration`, stop as soon as the expiration handler runs.
    case simulatedWork(seconds: Double, honoursExpiration: Bool)

    /// How long the work is expected to take, for virtual-time replays (commands and downloads: a guess).
    public func expectedDuration(default guess: Double) -> Double {
        switch self {
        case .shellCommand(_, let timeout): min(guess, timeout)
        case .download: guess
        case .simulatedWork(let seconds, _): seconds
        }
    }

    /// Whether the work stops when the expiration handler is called.
    public var honoursExpiration: Bool {
        switch self {
        case .shellCommand, .download: true
        case .simulatedWork(_, let honours): honours
        }
    }
}

/// One identifier's handler and how the model app (re)submits its request.
public struct TaskHandlerConfiguration: Codable, Sendable, Equatable {
    /// The task identifier.
    public var identifier: String
    /// The kind of request the app submits for it.
    public var kind: BGTaskKind
    /// What the handler does.
    public var work: TaskHandlerWork
    /// Seconds from the submit to `earliestBeginDate` when the app (re)submits (`nil`: no delay).
    public var interval: Double?
    /// Processing: `requiresNetworkConnectivity` of the submitted request.
    public var requiresNetworkConnectivity: Bool
    /// Processing: `requiresExternalPower` of the submitted request.
    public var requiresExternalPower: Bool

    /// A handler configuration.
    public init(
        identifier: String, kind: BGTaskKind,
        work: TaskHandlerWork = .simulatedWork(seconds: 5, honoursExpiration: true),
        interval: Double? = nil, requiresNetworkConnectivity: Bool = false, requiresExternalPower: Bool = false
    ) {
        self.identifier = identifier
        self.kind = kind
        self.work = work
        self.interval = interval
        self.requiresNetworkConnectivity = requiresNetworkConnectivity
        self.requiresExternalPower = requiresExternalPower
    }

    /// The request the app submits at `now`.
    public func request(now: Date) -> BGTaskRequest {
        BGTaskRequest(
            identifier: identifier, kind: kind, earliestBeginDate: interval.map { now + $0 },
            requiresNetworkConnectivity: requiresNetworkConnectivity, requiresExternalPower: requiresExternalPower)
    }
}

/// The app's Info.plist keys and handlers, as the scheduler needs them (parsed from `config/` elsewhere).
public struct AppTaskConfiguration: Codable, Sendable, Equatable {
    /// `BGTaskSchedulerPermittedIdentifiers`.
    public var permittedIdentifiers: [String]
    /// `UIBackgroundModes` (only the entries the scheduler cares about).
    public var backgroundModes: Set<BackgroundMode>
    /// The handler of each identifier.
    public var handlers: [TaskHandlerConfiguration]

    /// A configuration.
    public init(
        permittedIdentifiers: [String], backgroundModes: Set<BackgroundMode>, handlers: [TaskHandlerConfiguration]
    ) {
        self.permittedIdentifiers = permittedIdentifiers
        self.backgroundModes = backgroundModes
        self.handlers = handlers
    }

    /// A configuration that permits exactly the given handlers, with the modes their kinds need.
    public init(handlers: [TaskHandlerConfiguration]) {
        self.init(
            permittedIdentifiers: handlers.map(\.identifier),
            backgroundModes: Set(handlers.map(\.kind.requiredBackgroundMode)), handlers: handlers)
    }

    /// The handler configured for an identifier.
    public func handler(_ identifier: String) -> TaskHandlerConfiguration? {
        handlers.first { $0.identifier == identifier }
    }
}
