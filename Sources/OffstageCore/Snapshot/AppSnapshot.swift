import Foundation

/// The model app as a view shows it.
public struct AppSnapshot: Codable, Sendable, Equatable {
    /// A completion handler the system issued and the app has not called yet.
    public struct Handler: Codable, Sendable, Equatable {
        /// The system's token for it (1, 2, …), as the event log names it (0 in frames from before it was sent).
        public var token: Int
        /// The session it was issued for.
        public var session: String
        /// Seconds left before the watchdog kills the app (`0x2182bad3`).
        public var secondsLeft: Double
        /// Whether `urlSessionDidFinishEvents` has been delivered.
        public var eventsFinished: Bool

        /// A handler reading.
        public init(token: Int = 0, session: String, secondsLeft: Double, eventsFinished: Bool) {
            self.token = token
            self.session = session
            self.secondsLeft = secondsLeft
            self.eventsFinished = eventsFinished
        }

        /// Decodes a handler; a frame from before `token` was sent reads 0.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            token = try c.decodeIfPresent(Int.self, forKey: .token) ?? 0
            session = try c.decode(String.self, forKey: .session)
            secondsLeft = try c.decode(Double.self, forKey: .secondsLeft)
            eventsFinished = try c.decode(Bool.self, forKey: .eventsFinished)
        }
    }

    /// Where the app is in its life cycle.
    public var phase: AppLifecyclePhase
    /// UIKit's `backgroundTimeRemaining` (nil in the foreground: unlimited; 0 when suspended or not running).
    public var backgroundTimeRemaining: Double?
    /// Whether the user force-quit it and has not opened it since.
    public var forceQuit: Bool
    /// How its last process ended, in words.
    public var lastTermination: String?
    /// The relaunch rate limiter's current delay, seconds.
    public var relaunchDelay: Double
    /// Seconds until the limiter lets the next relaunch through (0: now).
    public var relaunchAvailableIn: Double
    /// Sessions whose relaunch waits for the limiter.
    public var pendingRelaunches: [String]
    /// Sessions whose events wait for the user to open the app (their `sessionSendsLaunchEvents` is off).
    public var heldForOpen: [String] = []
    /// Completion handlers outstanding.
    public var completionHandlers: [Handler]
    /// Open `beginBackgroundTask` assertions, in words.
    public var backgroundTasks: [String]
    /// Deliveries waiting in the outbox for the app.
    public var waitingDeliveries: Int
    /// App mistakes switched on.
    public var mistakes: [String]
    /// The background budget's credits now, and the most it holds.
    public var budget: Budget
    /// The app's background session identifier ("" in frames from before it was sent).
    public var session: String
    /// The app's own registry of the tasks it made, keyed by `taskDescription`.
    public var registry: AppRegistrySnapshot

    /// The background budget.
    public struct Budget: Codable, Sendable, Equatable {
        /// Credits available now.
        public var credits: Double
        /// The most credits the budget holds.
        public var maximum: Double

        /// A budget reading.
        public init(credits: Double = 0, maximum: Double = 0) {
            self.credits = credits
            self.maximum = maximum
        }
    }

    /// An app reading (by default: not running, never launched).
    public init(
        phase: AppLifecyclePhase = .notRunning, backgroundTimeRemaining: Double? = 0, forceQuit: Bool = false,
        lastTermination: String? = nil, relaunchDelay: Double = 0, relaunchAvailableIn: Double = 0,
        pendingRelaunches: [String] = [], completionHandlers: [Handler] = [], backgroundTasks: [String] = [],
        waitingDeliveries: Int = 0, mistakes: [String] = [], budget: Budget = Budget(), session: String = "",
        registry: AppRegistrySnapshot = AppRegistrySnapshot()
    ) {
        self.phase = phase
        self.backgroundTimeRemaining = backgroundTimeRemaining
        self.forceQuit = forceQuit
        self.lastTermination = lastTermination
        self.relaunchDelay = relaunchDelay
        self.relaunchAvailableIn = relaunchAvailableIn
        self.pendingRelaunches = pendingRelaunches
        self.completionHandlers = completionHandlers
        self.backgroundTasks = backgroundTasks
        self.waitingDeliveries = waitingDeliveries
        self.mistakes = mistakes
        self.budget = budget
        self.session = session
        self.registry = registry
    }

    /// Decodes an app reading; a frame from before `session` and `registry` were sent reads "" and an empty registry.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        phase = try c.decode(AppLifecyclePhase.self, forKey: .phase)
        backgroundTimeRemaining = try c.decodeIfPresent(Double.self, forKey: .backgroundTimeRemaining)
        forceQuit = try c.decode(Bool.self, forKey: .forceQuit)
        lastTermination = try c.decodeIfPresent(String.self, forKey: .lastTermination)
        relaunchDelay = try c.decode(Double.self, forKey: .relaunchDelay)
        relaunchAvailableIn = try c.decode(Double.self, forKey: .relaunchAvailableIn)
        pendingRelaunches = try c.decode([String].self, forKey: .pendingRelaunches)
        heldForOpen = try c.decodeIfPresent([String].self, forKey: .heldForOpen) ?? []
        completionHandlers = try c.decode([Handler].self, forKey: .completionHandlers)
        backgroundTasks = try c.decode([String].self, forKey: .backgroundTasks)
        waitingDeliveries = try c.decode(Int.self, forKey: .waitingDeliveries)
        mistakes = try c.decode([String].self, forKey: .mistakes)
        budget = try c.decode(Budget.self, forKey: .budget)
        session = try c.decodeIfPresent(String.self, forKey: .session) ?? ""
        registry = try c.decodeIfPresent(AppRegistrySnapshot.self, forKey: .registry) ?? AppRegistrySnapshot()
    }
}
