import Foundation

/// The system side's transfer daemon (nsurlsessiond): sessions, tasks and their rules, with no I/O.
///
/// Every input is a `DaemonEvent` with the time it happened; every output is a list of
/// `DaemonAction`s, the first of which is the one store transaction the change needs.
public struct TransferDaemon: Sendable, Equatable {
    /// What a request in flight remembers: where it is, and where it has been.
    struct Attempt: Sendable, Equatable {
        /// The URL currently requested (after redirects).
        var url: String
        /// URLs already requested in this attempt, for loop detection.
        var visited: [String]
        /// Restarts from zero in this attempt; a server that keeps forcing them is treated as failing.
        var restarts: Int
    }

    /// Retry rules.
    public var retryPolicy: RetryPolicy
    /// Redirect rules.
    public var redirectPolicy: RedirectPolicy
    /// Sessions by identifier.
    public internal(set) var sessions: [String: SessionConfiguration] = [:]
    /// Tasks by identifier, including finished ones; set through `update` (or `restore`/`load`, which rebuild
    /// `index`) only.
    public internal(set) var tasks = TaskMap()
    /// The tasks' ids by state, their order, the queue's totals, the ready tasks and the dates the others wait for,
    /// in step with `tasks` (`TaskIndex`).
    var index = TaskIndex()
    /// The simulated device's conditions.
    public internal(set) var conditions = DeviceConditions()
    /// Bytes received so far by running downloads (not yet durable), for progress display.
    public internal(set) var liveBytes: [Int64: Int64] = [:]
    /// Why each queued task is not running, for display.
    public internal(set) var waitReasons: [Int64: String] = [:]
    /// Where each request in flight had its response accepted: the bytes it resumed from (0: from the start).
    /// Absent until the head arrives, so a view never calls bytes resumed before the server agreed to it.
    public internal(set) var acceptedOffsets: [Int64: Int64] = [:]
    /// Why each download last started again from zero in this run, and what that dropped, for display.
    public internal(set) var restarts: [Int64: TransferRestart] = [:]
    /// When set, only these tasks may start (a foreground `get` runs its own task and holds the rest).
    public var exclusive: Set<Int64>?
    /// Background sessions of the model app: their tasks' ends wait in the outbox until the app is told.
    public var appSessions: Set<String> = []
    /// The most bytes each download has ever had durable in this run; only bytes past it count as progress.
    var highWater: [Int64: Int64] = [:]
    /// Requests in flight.
    var attempts: [Int64: Attempt] = [:]
    /// When a transfer counts as stalled, and how often a full disk is looked at.
    public var timings = TransferTimings()
    /// Since when each stalled request in flight has been stalled, from the engine's reports (`stalledSince`).
    var stalls: [Int64: Date] = [:]
    /// When the free space is measured next while tasks are paused for a full disk (nil: none are).
    var nextDiskCheck: Date?
    /// The engine-wide settings (its rate limit), kept across restarts; the host sets them from the store at start.
    public var settings = TransferSettings()
    /// The rate each request in flight was given (nil inside: none), so only a change is sent to the engine.
    var appliedLimits: [Int64: Int64?] = [:]
    /// Stopped requests whose final `.ended` report has not arrived yet, counted per task.
    ///
    /// The engine reports every request's end exactly once and in order, so the reports of a
    /// stopped request are consumed here and never mistaken for those of a newer request.
    var stopping: [Int64: Int] = [:]
    /// While a restart's scheduling pass runs: the waits it found, summed up in one line instead of one per task.
    var startWaits: WaitSummary?

    /// An empty daemon with the given policies.
    public init(retryPolicy: RetryPolicy = RetryPolicy(), redirectPolicy: RedirectPolicy = RedirectPolicy()) {
        self.retryPolicy = retryPolicy
        self.redirectPolicy = redirectPolicy
    }

    /// Whether any task still has work to do (queued, running, retrying or finishing).
    public var hasPendingWork: Bool {
        totals.queued + totals.running + totals.retrying + totals.finishing > 0
    }

    /// Identifiers of tasks with a request in flight.
    public var runningTaskIDs: Set<Int64> { Set(attempts.keys) }

    /// Reacts to one event at time `now`.
    public mutating func handle(_ event: DaemonEvent, now: Date) -> [DaemonAction] {
        var transition = Transition(now: now)
        switch event {
        case .started(let sessions, let tasks, let conditions):
            restore(sessions: sessions, tasks: tasks, conditions: conditions, in: &transition)
        case .sessionConfigured(let configuration):
            sessions[configuration.identifier] = configuration
            transition.changes.sessions.append(configuration)
        case .addRequested(let id, let spec, let directory):
            add(id: id, spec: spec, defaultDirectory: directory, in: &transition)
        case .batchAddRequested(let first, let batch, let directory):
            addBatch(first: first, batch: batch, defaultDirectory: directory, in: &transition)
        case .pauseRequested(let id):
            pause(id, in: &transition)
        case .resumeRequested(let id):
            resume(id, in: &transition)
        case .cancelRequested(let id):
            cancel(id, in: &transition)
        case .systemCancelRequested(let sessions, let reason):
            cancelForSystem(sessions: sessions, reason: reason, in: &transition)
        case .resumeFromResumeDataRequested(let id):
            resumeFromResumeData(id, in: &transition)
        case .rateLimitRequested(let limit):
            setRateLimit(limit, in: &transition)
        case .taskRateLimitRequested(let id, let limit):
            setTaskRateLimit(id, limit, in: &transition)
        case .checksumComputed(let id, let digest):
            checksumComputed(id, digest: digest, in: &transition)
        case .checksumUnreadable(let id, let reason):
            checksumUnreadable(id, reason: reason, in: &transition)
        case .hookEnded(let id, let failure):
            // Never fatal: one line in the log, nothing else changes.
            transition.log(
                .hook, "task \(id)", failure.map { "completion hook failed: \(Self.printable($0))" } ?? "completion hook ran")
            return transition.finish()
        case .conditionsChanged(let newConditions):
            if newConditions != conditions {
                conditions = newConditions
                transition.changes.conditions = newConditions
                transition.log(.conditionsChanged, "device", describe(newConditions))
                stopTransfersTheNetworkForbids(in: &transition)
            }
        case .engine(let report):
            apply(report, in: &transition)
            // Progress and checkpoints arrive many times a second and cannot free a slot or change a
            // condition: skip the scheduling pass (a sort and URL parsing over every queued task).
            switch report {
            case .progressed, .checkpointed, .stalled, .moving: return transition.finish()
            case .responseAccepted, .restartedFromZero, .ended: break
            }
        case .deliveryPathChosen(let id, let path):
            choosePath(id, path: path, in: &transition)
        case .delivered(let id):
            markDelivered(id, in: &transition)
        case .deliveryFailed(let id, let reason):
            guard var task = tasks[id], task.state == .finishing else { break }
            task.state = .failed
            task.error = "delivery failed: \(reason)"
            update(task, in: &transition)
            transition.log(.failed, task.subject, task.error ?? "")
            transition.actions.append(.announce(task))
        case .timerFired:
            measureDiskSpaceIfDue(in: &transition)
        case .diskSpaceChecked(let free):
            resumeAfterFullDisk(freeBytes: free, in: &transition)
        case .shutdownRequested:
            shutdown(in: &transition)
            return transition.finish()
        }
        schedule(in: &transition)
        summarizeStartWaits(in: &transition)
        applyRateLimits(in: &transition)
        return transition.finish()
    }

    /// Stores a task's new value in memory and in the transition.
    ///
    /// A task of an app session that ends any way but through delivery (failed, cancelled, an upload answered)
    /// gets an outbox row in the same transaction, so `didCompleteWithError` reaches the app exactly once.
    mutating func update(_ task: TransferTask, in transition: inout Transition) {
        let previous = tasks.updateValue(task, forKey: task.id)
        index.update(task, previous: previous, now: transition.now)
        let before = previous?.state
        transition.save(task)
        if appSessions.contains(task.session), task.state.isTerminal, let before, !before.isTerminal,
            before != .finishing
        {
            transition.changes.outboxAdded.append(OutboxItem(taskID: task.id, kind: OutboxItem.didComplete))
        }
    }

    /// The session a task belongs to, with defaults when it was never configured.
    func session(of task: TransferTask) -> SessionConfiguration {
        sessions[task.session] ?? SessionConfiguration(identifier: task.session)
    }

    private func describe(_ c: DeviceConditions) -> String {
        "\(c.network.rawValue), \(c.charging ? "charging" : "on battery") \(c.batteryLevel)%"
            + (c.lowPowerMode ? ", Low Power Mode" : "") + (c.backgroundRefresh ? "" : ", Background App Refresh off")
            + (c.lowDataMode ? ", Low Data Mode" : "")
    }
}
