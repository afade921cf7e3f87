import Foundation
import OffstageClock
import OffstageCore
import OffstageHTTP
import OffstageStore

/// The engine's loop and its routing: one thread owns the state of every machine through their hosts (transfers,
/// the BG scheduler, the app's life cycle with the model app, Android), hands each event and command to the host
/// it concerns, and publishes the one `Snapshot` (`DaemonRuntime+Snapshot`).
///
/// The loop runs on the thread that calls `run()`. The engine reports from its own thread and signals arrive on a
/// dispatch queue; both only post into the `EventQueue`. Commands from other processes come through the store's
/// inbox, read when a client pokes the attach socket, at start, and every `inboxPollInterval` seconds of real time
/// as a safety net.
///
/// Everything time-driven reads `time` (wall and steady); the loop waits for its next virtual deadline for as long
/// as `time.realSeconds(untilVirtual:)` says, so a warped or frozen clock moves the whole runtime together.
public final class DaemonRuntime {
    let home: OffstageHome
    let store: Store
    let time: any TimeSource
    /// The runtime's clock when it can be steered (warped, frozen, jumped); nil for a system or manual clock.
    public let clock: VirtualClock?
    let options: RuntimeOptions
    let queue = EventQueue()
    /// What the hosts share: the store, the clock, the mailbox and the one routine that carries out a transition.
    let context: HostContext
    /// The transfer daemon's host.
    let transfers: TransferHost
    /// The BG task scheduler's host, when this runtime runs it.
    var scheduler: SchedulerHost?
    /// The model app's host (its life cycle, registry and process), when this runtime hosts it.
    var app: AppHost?
    /// The Android models' host, when the profile includes Android.
    var android: AndroidHost?
    /// The real clocks: the loop's waits and ticks are real time, never the steerable one.
    let realTime = SystemTimeSource()
    /// Real monotonic seconds of the last `onTick` (ticks are a display cadence, not virtual time).
    var lastTick = -Double.infinity
    /// Real monotonic seconds of the last inbox read (a frozen clock must still hear `offstage clock real`).
    var lastInboxPoll = -Double.infinity
    /// When the loop last looked at the store's files (steady seconds).
    var lastFilesCheck = -Double.infinity
    /// What the snapshots remember: speeds, attempts, the newest event lines.
    var snapshots = SnapshotBuilder()
    /// The views published to, each with what it asked for and what it holds.
    var subscribers: [SubscriberID: Subscriber] = [:]
    /// The transfer lists the views' filters make, kept until a task changes.
    var lists = TransferLists()
    /// How many updates went out, to every view.
    var publications = 0
    /// Where the local face's publications go as updates (`InProcessEngine`); nil: as snapshots to `onSnapshot`.
    var localUpdates: (@Sendable (SnapshotUpdate) -> Void)?
    /// The attach channel, while it listens.
    var attach: AttachServer?
    /// When the loop should look again for a snapshot to publish (nil: nobody listens).
    var snapshotWake: Double?
    /// Whether something beyond progress may have changed since the last snapshot was built (a command, a timer,
    /// an engine report other than bytes): a change held back as progress is looked at again sooner.
    var snapshotMayHaveChanged = false
    /// The `add` commands in the inbox as of its last read, for snapshots (nil: read it again for the next one).
    var inboxAdds: [TransferTask]?
    /// The simulated platform this runtime hosts: the store's choice (`offstage device platform`), else the
    /// configured profile (`options.android`), else iOS; read at start, switched by `.setPlatform`.
    public internal(set) var platform: PlatformProfile

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
        platform = options.android?.profile ?? .ios
        context = HostContext(home: home, store: store, time: time, queue: queue, options: options)
        transfers = TransferHost(context: context)
        context.onLog = { [unowned self] entry in logged(entry) }
        transfers.onStart = { [unowned self] task, offset in snapshots.began(task, offset: offset) }
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
            transfers.stopEngine()
            stopSnapshots()
        }
        do {
            return try loop()
        } catch {
            stopAllWork()
            transfers.stopEngine()
            throw error
        }
    }

    /// Starts the engine and restores the daemon, the scheduler and the app from the store (`run()` does this
    /// first; a test that steps the runtime with `settle()` calls it once, and `shutdown()` at the end).
    public func start() throws {
        transfers.startEngine()
        do {
            try startSnapshots()
            // Until the tasks are read, the views say so ("reading 100,000 tasks…"), not "no transfers".
            publishStarting(tasks: try store.storedTaskCount())
            try transfers.restore()
            try loadPlatform()
            // Reading the tasks took rows, JSON and copies that are free now: hand their pages back, so an idle
            // engine's memory is what it keeps, not what its start needed.
            _ = releaseFreeHeapPages(0)
            if hostsIOS { try startModelApp(offline: false) }
            if let setup = androidSetup {
                let host = try AndroidHost(context: context, transfers: transfers, setup: setup)
                android = host
                try host.start()
            }
        } catch {
            stopAllWork()
            transfers.stopEngine()
            stopSnapshots()
            throw error
        }
    }

    /// Restores the scheduler and the model app and tells them the system (re)started; `offline` (an offline apply)
    /// only restores them, and makes the scheduler apply one change as across a restart.
    func startModelApp(offline: Bool) throws {
        if let setup = options.scheduler {
            let host = try SchedulerHost(context: context, transfers: transfers, setup: setup)
            scheduler = host
            if offline { host.scheduler.appliesOffline = true } else { try host.start() }
        }
        // One model app: a runtime that runs the BG scheduler hosts the app's life cycle too.
        guard let setup = options.app ?? (options.scheduler == nil || offline ? nil : AppSetup()) else { return }
        let host = try AppHost(context: context, transfers: transfers, scheduler: scheduler, setup: setup)
        app = host
        scheduler?.app = host
        transfers.app = host
        if !offline { try host.start() }
    }

    private func loop() throws -> RunOutcome {
        while true {
            if let outcome = try turn(waiting: true) { return outcome }
        }
    }

    /// One turn of the loop: the store's files, the inbox, due timers, then the events posted so far (waiting for
    /// them when asked).
    func turn(waiting: Bool) throws -> RunOutcome? {
        // The store's files are still the ones it writes (every commit checks too; this catches an idle engine whose
        // log holds commits: they are saved into the database and the engine stops before a kill could lose them).
        // Once a second: a busy turn comes ten times a second, and two `lstat`s each were a tenth of its cost.
        let realNow = realTime.steady()
        if realNow - lastFilesCheck >= 1 {
            lastFilesCheck = realNow
            try store.checkFiles()
        }
        if realNow - lastInboxPoll >= options.inboxPollInterval {
            lastInboxPoll = realNow
            try executeInbox()
        }
        if try transfers.fireWakeIfDue() { snapshotMayHaveChanged = true }
        try scheduler?.runDue()
        try app?.runDue()
        try android?.runDue()
        if waiting, let outcome = try finishedOutcome() { return outcome }
        tick(force: false)
        publishSnapshotIfDue()
        var wait = max(0, lastInboxPoll + options.inboxPollInterval - realTime.steady())
        if let due = snapshotWake { wait = min(wait, max(0, due - realTime.steady())) }
        if let deadline = nextDeadline, let real = time.realSeconds(untilVirtual: deadline) { wait = min(wait, real) }
        for item in queue.drain(waitingAtMost: waiting ? wait : 0.01) {
            if !item.isProgress { snapshotMayHaveChanged = true }
            if case .daemon(let event) = item, case .engine = event {
                try transfers.handleReport(event)
                continue
            }
            try transfers.flushReports()
            switch item {
            case .daemon(let event):
                try transfers.handle(event)
            case .command(let command, let taskID, let reply):
                try execute(command, from: .direct(reply, taskID: taskID))
                // Every path answers; a command no host took is said to be so, never left waiting.
                reply.answer(.refused, "the engine did not execute it")
            case .shutdown(let reason):
                try stopCleanly()
                return .interrupted(reason: reason)
            case .handlerCommandEnded(let identifier, let token, let success):
                try scheduler?.commandEnded(identifier, token: token, success: success)
            case .workerCommandEnded(let id, let token, let success):
                try android?.workerCommandEnded(id, token: token, success: success)
            case .inboxPoked:
                lastInboxPoll = -Double.infinity  // the next turn reads the inbox
            case .subscribed(let id, let subscription):
                subscribe(id, to: subscription)
            case .subscriberReady(let id):
                subscribers[id]?.inFlight = false
            case .subscriberGone(let id):
                subscribers[id] = nil
            }
        }
        try transfers.flushReports()
        return nil
    }

    /// Executes the inbox's pending commands, each exactly once: its result and its changes commit together.
    func executeInbox() throws {
        // Snapshots read the inbox's adds again after each read of the inbox (a command sent pokes it first).
        inboxAdds = nil
        for (id, command) in try executableCommands() {
            try execute(command, from: .inbox(id))
        }
    }

    /// The pending commands this runtime can execute: scheduler commands wait for a runtime that hosts it, a
    /// platform switch for one set up to host the platform models.
    func executableCommands() throws -> [(id: Int64, command: DaemonCommand)] {
        try store.pendingCommands().filter {
            if case .setPlatform = $0.command { return options.android != nil }
            return !hostsIOS
                || ((scheduler != nil || !$0.command.isForScheduler) && (app != nil || !$0.command.isForApp))
        }
    }

    /// Executes one command in the host it concerns: its outcome goes where it came from, with its changes.
    func execute(_ command: DaemonCommand, from source: CommandSource) throws {
        snapshotMayHaveChanged = true
        if command.isForClock { return try executeClockCommand(command, from: source) }
        if case .setPlatform(let profile) = command { return try switchPlatform(to: profile, from: source) }
        if !hostsIOS, command.isForApp || command.isForScheduler {
            return try context.refuse(
                source,
                "this engine runs the Android profile only (no iOS model): offstage device platform ios or both "
                    + "switches it")
        }
        if case .app(let request) = command {
            guard let app else { return try context.refuse(source, "this offstage does not host the model app") }
            return try app.execute(request, from: source)
        }
        if command.isForScheduler {
            guard let scheduler else {
                return try context.refuse(source, "this offstage does not run the BG task scheduler")
            }
            return try scheduler.execute(command, from: source)
        }
        if case .android(let request) = command {
            guard let android else {
                return try context.refuse(
                    source,
                    "this engine runs the iOS profile only: offstage device platform android or both switches it")
            }
            return try android.execute(request, from: source)
        }
        try transfers.execute(command, from: source)
        if case .setConditions = command {
            try scheduler?.syncDevice()
            try android?.syncDevice()
            try app?.syncPushGate()
        }
    }

    /// Stops every request, records where each one got to, and leaves the store clean.
    func stopCleanly() throws {
        stopAllWork()
        try transfers.handle(.shutdownRequested)
        transfers.stopEngine()
        for item in queue.drain(waitingAtMost: 0) {
            switch item {
            case .daemon(let event): try transfers.handle(event)
            case .command(_, _, let reply): reply.answer(.refused, "the engine stopped before executing it")
            default: break
            }
        }
        tick(force: true)
        publishSnapshotIfDue(final: true)
        stopSnapshots()
        try? store.checkpoint()
    }

    /// Stops the work of every BG task handler and Android worker, as when the process goes away.
    func stopAllWork() {
        scheduler?.stopAllWork()
        android?.stopAllWorkers()
    }

    /// The outcome when the run should end now, else nil.
    private func finishedOutcome() throws -> RunOutcome? {
        guard !queue.holdsCommands else { return nil }
        if let focus = options.focus, transfers.focusFinished(focus) {
            try stopCleanly()
            return .focusFinished
        }
        if options.untilIdle, try isIdle() {
            try stopCleanly()
            return .idle
        }
        return nil
    }

    /// Whether no host has anything left to do and the inbox holds nothing this runtime can execute.
    private func isIdle() throws -> Bool {
        try !transfers.hasSystemWork && !(scheduler?.isBusy ?? false) && !(android?.isBusy ?? false)
            && !(app?.isBusy() ?? false) && executableCommands().isEmpty
    }

    /// Whether this runtime hosts the iOS model (the BG scheduler and the app): every profile but `android`.
    var hostsIOS: Bool { platform.includesIOS }

    /// Calls `onTick` when the interval of real time has passed (or when forced).
    func tick(force: Bool) {
        let now = realTime.steady()
        guard force || now - lastTick >= options.tickInterval else { return }
        lastTick = now
        options.onTick?(transfers.daemon)
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

/// glibc's `malloc_trim` (in `<malloc.h>`, which the Glibc module leaves out): returns the heap's free pages to the
/// system.
@_silgen_name("malloc_trim")
private func releaseFreeHeapPages(_ pad: Int) -> Int32
