import Foundation
import OffstageCore
import OffstageHTTP
import OffstageStore

/// The shell around `TransferDaemon`: one loop owns the state, executes its actions and feeds it events.
///
/// The loop runs on the thread that calls `run()`. The engine reports from its own thread and
/// signals arrive on a dispatch queue; both only post into the `EventQueue`. Commands from other
/// processes come through the store's inbox, read when a client pokes the attach socket, at start, and every
/// `inboxPollInterval` seconds of real time as a safety net. Each turn may publish the one `Snapshot`
/// (`DaemonRuntime+Snapshot`).
///
/// Everything time-driven reads `time` (wall and steady); the loop waits for its next virtual deadline for as long
/// as `time.realSeconds(untilVirtual:)` says, so a warped or frozen clock moves the whole runtime together.
public final class DaemonRuntime {
    let home: OffstageHome
    let store: Store
    let time: any TimeSource
    /// The runtime's clock when it can be steered (warped, frozen, jumped); nil for a system or manual clock.
    public let clock: VirtualClock?
    var options: RuntimeOptions
    let queue = EventQueue()
    var daemon: TransferDaemon
    var engine: CurlEngine?
    var nextWake: Date?
    /// Real monotonic seconds of the last `onTick` (ticks are a display cadence, not virtual time).
    var lastTick = -Double.infinity
    /// Real monotonic seconds of the last inbox read (a frozen clock must still hear `offstage clock real`).
    var lastInboxPoll = -Double.infinity
    var finalizer: Finalizer
    /// The BG task scheduler and the model app's handler work, when this runtime hosts them.
    var host: SchedulerHost?
    /// The model app's background-session side, when this runtime hosts it.
    var appHost: AppHost?
    /// The Android system model, WorkManager and their workers, when the profile includes Android.
    var androidHost: AndroidHost?
    /// What the snapshots remember: speeds, attempts, the newest event lines.
    var snapshots = SnapshotBuilder()
    /// When snapshots may be published.
    var throttle: SnapshotThrottle
    /// The attach channel, while it listens.
    var attach: AttachServer?
    /// When the loop should look again for a snapshot to publish (nil: nobody listens).
    var snapshotWake: Double?
    /// Whether the next snapshot goes out even if nothing changed (a view just attached).
    var snapshotForced = false
    /// Whether something beyond progress may have changed since the last snapshot was built (a command, a timer,
    /// an engine report other than bytes): a change held back as progress is looked at again sooner.
    var snapshotMayHaveChanged = false
    /// The `add` commands in the inbox as of its last read, for snapshots (nil: read it again for the next one).
    var inboxAdds: [TransferTask]?
    /// Whether this runtime only applies one command for a process that found no engine (`applyOffline`).
    var offline = false
    /// The commits of progress and checkpoint reports handled this turn, written together (`flushProgress`).
    var pendingProgress = StoreChanges()

    /// A runtime on an opened store; the caller holds the home's instance lock.
    public init(
        home: OffstageHome, store: Store, options: RuntimeOptions = RuntimeOptions(),
        time: any TimeSource = SystemTimeSource()
    ) {
        self.home = home
        self.store = store
        self.options = options
        self.time = time
        clock = time as? VirtualClock
        throttle = SnapshotThrottle(interval: options.snapshotInterval, progressInterval: options.progressInterval)
        daemon = TransferDaemon(retryPolicy: options.retryPolicy, redirectPolicy: options.redirectPolicy)
        daemon.timings = options.transferTimings
        daemon.exclusive = options.focus
        daemon.appSessions = [options.app?.configuration.sessionIdentifier ?? options.appSessionIdentifier]
        let partsHome = home
        finalizer = Finalizer(partPath: { partsHome.partPath(taskID: $0) })
        finalizer.replacing = options.replacesExisting
    }

    deinit { attach?.stop() }

    /// A handle that asks the loop to stop cleanly, for signal handlers and other threads.
    public var stopper: RuntimeStopper { RuntimeStopper(queue: queue) }

    /// Runs until idle, until the focused tasks finish, or until a shutdown request.
    ///
    /// - Throws: a store error (e.g. a full disk) after stopping the engine; nothing durable is lost.
    public func run() throws -> RunOutcome {
        try start()
        defer {
            engine?.shutdown()
            stopSnapshots()
        }
        do {
            return try loop()
        } catch {
            stopAllHandlerWork()
            stopEngine()
            throw error
        }
    }

    /// Starts the engine and restores the daemon, the scheduler and the app from the store (`run()` does this
    /// first; a test that steps the runtime with `settle()` calls it once, and `shutdown()` at the end).
    public func start() throws {
        var configuration = EngineConfiguration(partsDirectory: home.partsDirectory)
        options.configureEngine(&configuration)
        let queue = self.queue
        let engine = CurlEngine(configuration: configuration) { reports in
            queue.post(contentsOf: reports.map { .daemon(.engine($0)) })
        }
        self.engine = engine
        engine.start()
        do {
            try startSnapshots()
            let sessions = try store.loadSessionsSettingAside()
            let tasks = try store.loadTasksSettingAside()
            try reportSetAside(sessions.setAside + tasks.setAside)
            let restored = DaemonEvent.started(
                sessions: sessions.sessions, tasks: tasks.tasks, conditions: try loadConditions())
            try handle(restored)
            if hostsIOS {
                try startScheduler()
                try startApp()
            }
            try startAndroid()
        } catch {
            stopAllHandlerWork()
            stopEngine()
            stopSnapshots()
            throw error
        }
    }

    private func loop() throws -> RunOutcome {
        while true {
            if let outcome = try turn(waiting: true) { return outcome }
        }
    }

    /// One turn of the loop: the inbox, due timers, then the events posted so far (waiting for them when asked).
    func turn(waiting: Bool) throws -> RunOutcome? {
        let realNow = MonotonicTime.now()
        if realNow - lastInboxPoll >= options.inboxPollInterval {
            lastInboxPoll = realNow
            try executeInbox()
        }
        if let wake = nextWake, wake <= time.now() {
            nextWake = nil
            snapshotMayHaveChanged = true
            try handle(.timerFired)
        }
        try runSchedulerDue()
        try runAppDue()
        try runAndroidDue()
        if waiting, let outcome = try finishedOutcome() { return outcome }
        tick(force: false)
        publishSnapshotIfDue()
        var wait = max(0, lastInboxPoll + options.inboxPollInterval - MonotonicTime.now())
        if let due = snapshotWake { wait = min(wait, max(0, due - MonotonicTime.now())) }
        if let deadline = nextDeadline, let real = time.realSeconds(untilVirtual: deadline) { wait = min(wait, real) }
        for item in queue.drain(waitingAtMost: waiting ? wait : 0.01) {
            if !item.isProgress { snapshotMayHaveChanged = true }
            if case .daemon(let event) = item, item.isProgress {
                try handleProgress(event)
                continue
            }
            try flushProgress()
            switch item {
            case .daemon(let event):
                try handle(event)
            case .shutdown(let reason):
                try stopCleanly()
                return .interrupted(reason: reason)
            case .handlerCommandEnded(let identifier, let token, let success):
                try commandEnded(identifier, token: token, success: success)
            case .workerCommandEnded(let id, let token, let success):
                try workerCommandEnded(id, token: token, success: success)
            case .inboxPoked:
                lastInboxPoll = -Double.infinity  // the next turn reads the inbox
            case .snapshotWanted:
                snapshotForced = true
            }
        }
        try flushProgress()
        return nil
    }

    /// Stops every request, records where each one got to, and leaves the store clean.
    func stopCleanly() throws {
        stopAllHandlerWork()
        try handle(.shutdownRequested)
        stopEngine()
        for item in queue.drain(waitingAtMost: 0) {
            if case .daemon(let event) = item { try handle(event) }
        }
        tick(force: true)
        publishSnapshotIfDue(final: true)
        stopSnapshots()
        try? store.checkpoint()
    }

    /// Shuts the engine down (each request ends and checkpoints); its reports stay queued.
    private func stopEngine() {
        engine?.shutdown()
    }

    /// The outcome when the run should end now, else nil.
    private func finishedOutcome() throws -> RunOutcome? {
        if let focus = options.focus {
            let done = focus.allSatisfy { id in
                daemon.tasks[id].map { $0.state.isTerminal || $0.state == .paused } ?? false
            }
            if done {
                try stopCleanly()
                return .focusFinished
            }
        }
        if options.untilIdle, !hasSystemWork, !(host?.isBusy ?? false), !(androidHost?.isBusy ?? false),
            try !appIsBusy(),
            try executableCommands().isEmpty
        {
            try stopCleanly()
            return .idle
        }
        return nil
    }

    /// Whether the daemon has work of its own: a transfer to run, or a delivery no app waits for.
    ///
    /// Deliveries to the model app wait for the app, which may be away for good (force-quit): they count as work
    /// only through `appIsBusy()`.
    var hasSystemWork: Bool {
        hasDeliveryWork || [.queued, .running, .retrying].contains { !daemon.taskIDs(in: $0).isEmpty }
    }

    /// Whether a finished download of a session no app hosts here waits for its finalisation.
    var hasDeliveryWork: Bool {
        daemon.taskIDs(in: .finishing).contains {
            daemon.tasks[$0].map { !daemon.appSessions.contains($0.session) } ?? false
        }
    }

    /// Whether this runtime hosts the iOS model (the BG scheduler and the app): every profile but `android`.
    var hostsIOS: Bool { options.android?.profile.includesIOS ?? true }

    /// Calls `onTick` when the interval of real time has passed (or when forced).
    func tick(force: Bool) {
        let now = MonotonicTime.now()
        guard force || now - lastTick >= options.tickInterval else { return }
        lastTick = now
        options.onTick(daemon)
    }
}

/// Asks a runtime's loop to stop cleanly; safe to use from any thread.
public struct RuntimeStopper: Sendable {
    let queue: EventQueue

    /// Requests a clean stop; the loop finishes the current step, checkpoints and returns.
    public func requestShutdown(reason: String) {
        queue.post(.shutdown(reason: reason))
    }
}
