import OffstageCore

/// The runtime's side of the model app: the system's life-cycle manager, the app's registry, and its process.
struct AppHost {
    /// The configuration it was started with.
    let setup: AppSetup
    /// The system's life-cycle manager for the app (persisted).
    var lifecycle: AppLifecycle
    /// Mistakes switched on at run time (persisted).
    var runtimeMistakes: AppMistakes
    /// The app's own registry, keyed by `taskDescription` (persisted apart from the system's tables).
    var registry: AppRegistry
    /// The app's process while it has one (nil: not running; everything in it is lost at a kill).
    var process: AppProcess?
    /// The steady time the life-cycle manager asked to be woken at.
    var wake: Double?
    /// The background task identifier the last `beginBackgroundTask` returned.
    var lastGrantedTask: BackgroundTaskID?
    /// The steady time of the last event handed to the life-cycle manager (steady time never goes back).
    var lastSteady = -Double.infinity
    /// Whether the outbox should be looked at again (a delivery arrived, the app launched, a timer fired).
    var needsPump = true
    /// Delegate-call lines of the delivery under way, committed with its acknowledgement (or the next commit).
    var pendingLog: [LogEntry] = []
    /// The daemon task whose delivery the app's code is handling now.
    var delivering: Int64?

    /// The app's background session identifier.
    var session: String { setup.configuration.sessionIdentifier }

    /// The mistakes in effect: the configuration's and those switched on at run time.
    var mistakes: AppMistakes { setup.configuration.mistakes.union(runtimeMistakes) }

    /// A new process's code, as configured, with the mistakes in effect.
    var freshBehaviour: AppBehaviour {
        AppBehaviour(
            session: session, mistakes: mistakes, backgroundWorkSeconds: setup.configuration.backgroundWorkSeconds)
    }

    /// The state to persist.
    var stored: StoredAppState { StoredAppState(lifecycle: lifecycle.state, mistakes: runtimeMistakes) }

    /// Whether the app's code runs now with its session recreated, so the session can deliver to it directly.
    var canReceiveEvents: Bool {
        lifecycle.phase.runsCode && process?.sessions.sessions[session] != nil
    }
}
