import Foundation
import OffstageCore
import OffstageHTTP
import OffstageStore

/// The host of the transfer daemon: it owns `TransferDaemon`, the curl engine and the finaliser, and carries out
/// the daemon's actions through the shared routine (`HostContext.carryOut`).
final class TransferHost {
    /// The store, the clock, the mailbox and the shared routine.
    let context: HostContext
    /// The pure transfer daemon.
    var daemon: TransferDaemon
    /// The engine, once started.
    private(set) var engine: CurlEngine?
    /// What the engine was last told about views showing progress: how often they want it (nil: nobody watches);
    /// `.none` until it was told anything.
    private var engineWatched: Double?? = .none
    /// Delivers finished downloads of sessions no app hosts here.
    var finalizer: Finalizer
    /// When the daemon next wants `.timerFired` (retries, `earliestBeginDate`).
    var nextWake: Date?
    /// The model app's host, told when a delivery for its session waits.
    weak var app: AppHost?
    /// Called when a request starts, with its task and the offset it starts from (the snapshots follow attempts).
    var onStart: (Int64, Int64) -> Void = { _, _ in }
    /// The transitions of the engine's reports handled this turn, committed together (`flushReports`).
    var batch = ReportBatch()
    /// Whether the batch's effects are being performed: a transition they cause joins the batch.
    var performingBatch = false
    /// The completion hooks still running, by task.
    private var hooks: [Int64: ShellTask] = [:]
    /// Checksums being computed on another thread, by task.
    private var verifying: Set<Int64> = []

    /// A host for the daemon the options describe.
    init(context: HostContext) {
        self.context = context
        let options = context.options
        daemon = TransferDaemon(retryPolicy: options.retryPolicy, redirectPolicy: options.redirectPolicy)
        daemon.timings = options.transferTimings
        daemon.exclusive = options.focus
        daemon.appSessions = [options.app?.configuration.sessionIdentifier ?? options.appSessionIdentifier]
        let home = context.home
        finalizer = Finalizer(partPath: { home.partPath(taskID: $0) })
        finalizer.replacing = options.replacesExisting
    }

    /// Starts the curl engine; its reports go to the loop's mailbox.
    func startEngine() {
        var configuration = EngineConfiguration(partsDirectory: context.home.partsDirectory)
        context.options.configureEngine(&configuration)
        let queue = context.queue
        let engine = CurlEngine(configuration: configuration) { reports in
            queue.post(contentsOf: reports.map { .daemon(.engine($0)) })
        }
        self.engine = engine
        engineWatched = .none
        engine.start()
    }

    /// Tells the engine how often the views want progress (nil: no view; it reports twice a second then);
    /// says it only when it changed.
    func noteWatched(every interval: Double?) {
        guard engineWatched != .some(interval), let engine else { return }
        engineWatched = .some(interval)
        engine.setWatched(every: interval)
    }

    /// Shuts the engine down (each request ends and checkpoints); its reports stay queued.
    func stopEngine() {
        engine?.shutdown()
    }

    /// Restores the sessions and tasks from the store and tells the daemon the system (re)started.
    func restore() throws {
        let (sessions, tasks, conditions) = try load()
        daemon.settings = try context.store.loadTransferSettings()
        try handle(.started(sessions: sessions, tasks: tasks, conditions: conditions))
    }

    /// Loads the sessions and tasks WITHOUT a start: nothing moves or starts (an offline apply).
    func restoreOffline() throws {
        daemon.exclusive = []  // nothing starts: the next `offstage run` decides what runs
        let (sessions, tasks, conditions) = try load()
        daemon.load(sessions: sessions, tasks: tasks, conditions: conditions)
        daemon.settings = try context.store.loadTransferSettings()
    }

    /// The stored sessions, tasks and conditions, with unusable rows set aside.
    private func load() throws -> ([SessionConfiguration], [TransferTask], DeviceConditions) {
        let sessions = try context.store.loadSessionsSettingAside()
        let tasks = try context.store.loadTasksSettingAside()
        try context.reportSetAside(sessions.setAside + tasks.setAside)
        return (sessions.sessions, tasks.tasks, try context.loadConditions())
    }

    /// Feeds one event to the daemon and carries out its actions (completing `command` with them).
    func handle(_ event: DaemonEvent, command: CommandSource? = nil) throws {
        switch event {
        case .checksumComputed(let id, _), .checksumUnreadable(let id, _): checksumArrived(id)
        case .hookEnded(let id, _): hookArrived(id)
        default: break
        }
        if performingBatch, command == nil { return try take(daemon.handle(event, now: context.time.now())) }
        // What the batch holds was decided first: it is written first.
        if performingBatch { try commitBatch() } else { try flushReports() }
        try run(daemon.handle(event, now: context.time.now()), command: command)
    }

    /// Carries out a daemon transition through the shared routine: commit first, then the side effects.
    func run(_ actions: [DaemonAction], command: CommandSource?) throws {
        let commitment = Commitment(transfers: actions)
        try context.carryOut(
            [
                HostStep(commitment) { [self] in
                    if !commitment.changes.transfers.outboxAdded.isEmpty { app?.needsPump = true }
                    try perform(actions)
                }
            ], command: command)
    }

    /// Executes a command for the daemon: its result and its changes commit together.
    func execute(_ request: DaemonCommand, from command: CommandSource) throws {
        // An `add` creates the task whose id it reserved when it was sent (ids are not inbox ids); a batch, the tasks
        // of its consecutive ids.
        let taskID: Int64
        switch command {
        case .inbox(let id): taskID = try context.store.reservedTaskID(command: id) ?? id
        case .direct(_, let reserved):
            let count = request.reservedTaskCount
            taskID = count == 0 ? 0 : try reserved ?? context.store.reserveTaskIDs(count)
        }
        try handle(event(for: request, taskID: taskID), command: command)
    }

    /// The daemon event a command stands for.
    private func event(for command: DaemonCommand, taskID: Int64) -> DaemonEvent {
        switch command {
        case .add(let spec):
            return .addRequested(id: taskID, spec: spec, defaultDirectory: context.home.documentsDirectory)
        case .addBatch(let batch):
            return .batchAddRequested(firstID: taskID, batch: batch, defaultDirectory: context.home.documentsDirectory)
        case .pause(let task): return .pauseRequested(id: task)
        case .resume(let task): return .resumeRequested(id: task)
        case .cancel(let task): return .cancelRequested(id: task)
        case .setConditions(let conditions): return .conditionsChanged(conditions)
        case .setRateLimit(let limit): return .rateLimitRequested(bytesPerSecond: limit)
        case .setTaskRateLimit(let task, let limit): return .taskRateLimitRequested(id: task, bytesPerSecond: limit)
        case .configureSession(let configuration): return .sessionConfigured(configuration)
        case .schedule, .unschedule, .launchTask, .expireTask, .setDeviceInUse, .appOpened, .appBackgrounded, .app,
            .setClockRate, .jumpToNextDeadline, .android, .setPlatform:
            return .timerFired
        }
    }

    /// Performs the side effects of daemon transitions whose commits are already written. Deliveries whose name is
    /// chosen are put in place together, after the other effects (`Finalizer.deliver`: one sync per folder).
    func perform(_ actions: [DaemonAction]) throws {
        let placing = actions.compactMap { action -> TransferTask? in
            guard case .deliver(let task) = action, task.deliveredPath != nil, finalizes(task) else { return nil }
            return task
        }
        guard placing.count > 1 else {
            for action in actions { try perform(action) }
            return
        }
        for action in actions {
            if case .deliver(let task) = action, task.deliveredPath != nil, finalizes(task) { continue }
            try perform(action)
        }
        for event in finalizer.deliver(placing) { try handle(event) }
    }

    /// Whether this runtime's finaliser delivers `task` (not the model app, and not an offline apply).
    private func finalizes(_ task: TransferTask) -> Bool {
        !daemon.appSessions.contains(task.session) && !context.offline
    }

    private func perform(_ action: DaemonAction) throws {
        switch action {
        case .commit, .refuse, .note:
            break
        case .start(let request):
            onStart(request.taskID, request.offset)
            engine?.submit(request, credentials: credentials(for: request))
        case .limit(let id, let rate):
            engine?.setRateLimit(taskID: id, bytesPerSecond: rate)
        case .verifyChecksum(let task):
            guard !context.offline else { break }  // the next start verifies it
            verify(task)
        case .announce(let task):
            guard !context.offline else { break }
            runHook(for: task)
        case .stop(let id):
            engine?.stop(taskID: id)
        case .removePart(let id):
            _ = PosixFiles.remove(context.home.partPath(taskID: id))
        case .deliver(let task) where daemon.appSessions.contains(task.session):
            // The app moves the file when its delegate gets it; a runtime that does not host the app leaves it.
            app?.needsPump = true
        case .deliver(let task):
            // An offline apply starts no work: the task stays `finishing` and the next start delivers it.
            guard !context.offline else { break }
            try handle(finalizer.step(task))
        case .wake(let date):
            nextWake = min(nextWake ?? date, date)
        case .measureDiskSpace:
            if let free = PosixFiles.freeBytes(at: context.home.partsDirectory) {
                try handle(.diskSpaceChecked(freeBytes: free))
            }
        }
    }

    /// The credentials a request may carry: those given for its task, else the `.netrc` entry for the host of the
    /// task's own URL, bound to that URL's origin (the engine drops them for a request to any other origin,
    /// such as a redirect to another port of the same host); with the credential headers held for the task in
    /// memory (`get -H 'Authorization: …'`), bound to the same origin.
    func credentials(for request: TransferRequest) -> OriginCredentials? {
        var found = context.options.credentials[request.taskID]
        if found == nil, let file = engine?.netrcFile, let task = daemon.tasks[request.taskID] {
            found = Netrc.credentials(for: task.url, file: file)
        }
        guard let headers = context.options.credentialHeaders[request.taskID], !headers.isEmpty,
            let task = daemon.tasks[request.taskID]
        else { return found }
        guard var credentials = found else { return OriginCredentials(headers: headers, origin: task.url) }
        credentials.headers = headers
        return credentials
    }

    /// Computes the digest of a finished download's partial file on another thread; the result comes back to the
    /// loop as `.checksumComputed` (or `.checksumUnreadable`).
    private func verify(_ task: TransferTask) {
        guard let algorithm = task.options.checksum?.algorithm, verifying.insert(task.id).inserted else { return }
        let path = context.home.partPath(taskID: task.id)
        let queue = context.queue
        let id = task.id
        Thread.detachNewThread {
            let event: DaemonEvent
            do {
                event = .checksumComputed(id: id, digest: try FileDigest.hex(of: path, algorithm: algorithm))
            } catch {
                event = .checksumUnreadable(id: id, reason: "\(error)")
            }
            queue.post(.daemon(event))
        }
    }

    /// Marks a task's checksum as no longer being computed (its result reached the loop).
    func checksumArrived(_ id: Int64) {
        verifying.remove(id)
    }

    /// Runs the completion hook for a task that ended, when one is set; its end comes back as `.hookEnded`.
    private func runHook(for task: TransferTask) {
        guard let command = context.options.onComplete, !command.isEmpty else { return }
        let hook = CompletionHook(command: command, logPath: context.home.path + "/hooks.log")
        let queue = context.queue
        let id = task.id
        hooks[id] = hook.start(for: task) { failure in queue.post(.daemon(.hookEnded(id: id, failure: failure))) }
    }

    /// Forgets a task's hook once its end reached the loop.
    func hookArrived(_ id: Int64) {
        hooks[id] = nil
    }

    /// Fires the daemon's wake when it is due by the clock.
    func fireWakeIfDue() throws -> Bool {
        guard let wake = nextWake, wake <= context.time.now() else { return false }
        nextWake = nil
        try handle(.timerFired)
        return true
    }

    /// Cancels the transfer a handler's or worker's download runs. It may still be an `add` in the inbox: then a
    /// cancel queued behind it stops it in turn.
    func cancelWorkDownload(_ taskID: Int64) {
        if daemon.tasks[taskID] == nil {
            _ = try? context.store.enqueue(.cancel(id: taskID), now: context.time.now())
        } else {
            try? handle(.cancelRequested(id: taskID))
        }
    }

    /// Whether the download of a handler or worker ended, and whether it completed (nil: still going).
    func workDownloadEnded(_ taskID: Int64) -> Bool? {
        guard let task = daemon.tasks[taskID], task.state.isTerminal else { return nil }
        return task.state == .completed
    }

    /// Whether the daemon has work of its own: a transfer to run, or a delivery no app waits for.
    ///
    /// Deliveries to the model app wait for the app, which may be away for good (force-quit): they count as work
    /// only through the app host's `isBusy()`.
    var hasSystemWork: Bool {
        let totals = daemon.totals
        return hasDeliveryWork || !hooks.isEmpty || !verifying.isEmpty
            || totals.queued + totals.running + totals.retrying > 0
    }

    /// Whether a finished download of a session no app hosts here waits for its finalisation.
    var hasDeliveryWork: Bool {
        daemon.taskIDs(in: .finishing).contains {
            daemon.tasks[$0].map { !daemon.appSessions.contains($0.session) } ?? false
        }
    }

    /// Whether every focused task ended or is paused.
    func focusFinished(_ focus: Set<Int64>) -> Bool {
        focus.allSatisfy { id in daemon.tasks[id].map { $0.state.isTerminal || $0.state == .paused } ?? false }
    }

    /// The earliest date a waiting task waits for (a retry, a begin date), from the daemon's queue.
    var nextDueDate: Date? { daemon.nextDueDate }
}
