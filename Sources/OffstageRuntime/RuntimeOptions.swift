import Foundation
import OffstageClock
import OffstageCore
import OffstageHTTP

/// How a runtime runs: when it stops, what it focuses on, and whom it tells.
public struct RuntimeOptions {
    /// Stop once nothing is queued, running, retrying or finishing and the inbox is empty.
    public var untilIdle = false
    /// Run only these tasks (a foreground `get`) and stop once all of them are terminal.
    public var focus: Set<Int64>?
    /// Tasks whose requested name replaces a file already there at delivery (`get -o FILE`, as curl overwrites);
    /// every other delivery takes the first free name (`name (1).ext`).
    public var replacesExisting: Set<Int64> = []
    /// Credentials (`user:password`) held in memory only, by task, for the origin they were given with.
    public var credentials: [Int64: OriginCredentials] = [:]
    /// Credential headers (`Authorization`, `Cookie`, `Proxy-Authorization`) held in memory only, by task: sent to the
    /// task's own origin only, never stored (`get -H`).
    public var credentialHeaders: [Int64: [RequestHeader]] = [:]
    /// The shell command run after each delivery or permanent failure (`run --on-complete`), with the task in its
    /// environment; nil: none.
    public var onComplete: String?
    /// How often the inbox is read for commands from other processes when nobody pokes, in seconds of real time
    /// (the command line pokes the attach socket after leaving a command, so this is only a safety net).
    public var inboxPollInterval: Double = 2
    /// The BG task scheduler and model app to host (nil: transfers only, as for a foreground `get`).
    public var scheduler: SchedulerSetup?
    /// The model app's background-session side to host (nil: the app does not run here).
    public var app: AppSetup?
    /// The Android model to host (nil: the iOS profile; with profile `android` the iOS scheduler and app are
    /// not hosted even when `scheduler` and `app` are set).
    public var android: AndroidSetup?
    /// The model app's session when `app` is nil: its deliveries are left for the runtime that hosts the app.
    public var appSessionIdentifier = AppConfiguration.defaultSessionIdentifier
    /// Retry rules.
    public var retryPolicy = RetryPolicy()
    /// Redirect rules.
    public var redirectPolicy = RedirectPolicy()
    /// When a transfer counts as stalled (under 1 kB in 30 s) and how often a full disk is looked at; a test makes
    /// the stall window seconds long.
    public var transferTimings = TransferTimings()
    /// Adjusts the engine's configuration (buffer sizes, checkpoint cadence) before it starts.
    public var configureEngine: (inout EngineConfiguration) -> Void = { _ in }
    /// Called on the loop thread with each new event-log line, after it is durable.
    public var onLog: (LogEntry) -> Void = { _ in }
    /// Called on the loop thread at most `tickInterval` apart with the daemon's state, for progress display (set,
    /// it counts as a view: the engine reports progress every `tickInterval`).
    public var onTick: ((TransferDaemon) -> Void)?
    /// The shortest real time between two `onTick` calls, in seconds.
    public var tickInterval: Double = 0.1
    /// Called on the loop thread with each published snapshot: at most once per `snapshotInterval`, only when
    /// something a view shows changed, always the newest state.
    public var onSnapshot: (@Sendable (Snapshot) -> Void)?
    /// What the local face (`onSnapshot`, `InProcessEngine`) is sent until it asks for something else: every
    /// transfer, unless a face that shows a window says so from the start (a dashboard).
    public var subscription = SnapshotSubscription.everything
    /// The shortest time between two published snapshots, seconds on `snapshotClock`.
    public var snapshotInterval: Double = 0.1
    /// The shortest time between two published snapshots that differ only in progress (bytes, speeds, ETAs, the
    /// clock and countdowns), seconds; nil: `snapshotInterval`. Never shorter than `snapshotInterval`.
    public var progressInterval: Double?
    /// The steady clock the snapshot throttle measures with (a test injects its own).
    public var snapshotClock: @Sendable () -> Double = { SystemTimeSource().steady() }
    /// Whether the runtime listens on `<home>/engine.sock` for attached views and pokes.
    public var listens = true

    /// Default options: run until stopped.
    public init() {}

    /// The snapshot cadence for a dashboard, hosted or attached: a change it shows at most four times a second,
    /// progress alone twice a second (the dashboard moves its clock and countdowns between snapshots itself; keys
    /// and animation still draw up to ten frames a second).
    public mutating func publishForDashboards() {
        snapshotInterval = 0.25
        progressInterval = 0.5
    }
}

/// Why a runtime's loop ended.
public enum RunOutcome: Sendable, Equatable {
    /// Nothing left to do (`untilIdle`).
    case idle
    /// Every focused task reached a terminal state.
    case focusFinished
    /// Stopped by a signal or a request; the store holds a clean state.
    case interrupted(reason: String)
}
