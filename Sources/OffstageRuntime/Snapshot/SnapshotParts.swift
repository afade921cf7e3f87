import Foundation
import OffstageCore

/// The pieces of a `Snapshot` that the live runtime and the store's durable view build the same way.
enum SnapshotParts {
    /// How many event-log lines a transfer's `history` keeps.
    static let historyLimit = 20

    /// What to call a task: the requested name, else the delivered file's, else the server's, else the URL's.
    static func name(of task: TransferTask) -> String {
        if let requested = task.requestedName, !requested.isEmpty { return requested }
        if let delivered = task.deliveredPath, !delivered.isEmpty {
            return (delivered as NSString).lastPathComponent
        }
        if let suggested = task.suggestedName, !suggested.isEmpty { return suggested }
        if task.kind == .upload, let upload = task.uploadPath { return (upload as NSString).lastPathComponent }
        let last = URL(string: task.url)?.lastPathComponent ?? ""
        return last.isEmpty || last == "/" ? task.url : last
    }

    /// The typed status of a stored task.
    ///
    /// - Parameters:
    ///   - waitReason: the engine's reason a queued task waits (nil: none known).
    ///   - waitingForApp: a finished task's delivery waits in the outbox for the app.
    ///   - interrupted: no engine runs, so a task stored as running is interrupted.
    static func status(
        of task: TransferTask, waitReason: String?, now: Date, maxAttempts: Int, waitingForApp: Bool,
        interrupted: Bool
    ) -> TransferStatus {
        switch task.state {
        case .running:
            return interrupted ? .interrupted : .running
        case .queued:
            if let earliest = task.earliestBeginDate, earliest > now { return .earliestBegin(earliest) }
            return .waiting(waitReason ?? (interrupted ? "waiting for an engine to run" : "queued"))
        case .retrying:
            return .retrying(
                nextAttempt: task.retryAt, attempt: task.attempts, maxAttempts: maxAttempts,
                lastError: task.error ?? "")
        case .paused:
            return .paused(task.isPausedForFullDisk ? task.error : nil)
        case .finishing:
            return .finishing(waitingForApp ? "waiting for the app to take the delivery" : nil)
        case .completed:
            return .completed
        case .failed:
            return .failed(task.error ?? "failed")
        case .cancelled:
            return .cancelled(task.error)
        }
    }

    /// A transfer reading of a stored task with its live bytes and speed.
    static func transfer(
        _ task: TransferTask, bytes: Int64, resumedFrom: Int64, speed: Double?, eta: Double?, status: TransferStatus,
        history: [LogEntry], restart: TransferRestart? = nil, stalledSince: Date? = nil, appliedRate: Int64? = nil
    ) -> TransferSnapshot {
        TransferSnapshot(
            id: task.id, session: task.session, taskIdentifier: task.taskIdentifier, name: name(of: task),
            taskDescription: task.taskDescription, kind: task.kind, url: URLCredentials.masked(task.url),
            state: task.state, bytes: bytes, bytesExpected: task.bytesExpected >= 0 ? task.bytesExpected : nil,
            resumedFrom: resumedFrom, speed: speed, eta: eta, status: status, attempts: task.attempts,
            validator: task.validator, effectiveURL: task.effectiveURL.map(URLCredentials.masked),
            httpStatus: task.httpStatus, responseSummary: task.responseSummary,
            deliveredPath: task.state == .completed ? task.deliveredPath : nil, isDiscretionary: task.isDiscretionary,
            earliestBeginDate: task.earliestBeginDate, history: history, error: task.error,
            uploadPath: task.uploadPath, deliveryPath: task.deliveredPath, restart: restart,
            stalledSince: stalledSince, extras: TransferExtras(task, appliedRate: appliedRate))
    }

    /// The app's reading from its life-cycle manager at steady time `steady`, with its session and registry.
    static func app(
        _ lifecycle: AppLifecycle, steady: Double, mistakes: AppMistakes, waitingDeliveries: Int,
        budget: AppSnapshot.Budget, session: String, registry: AppRegistrySnapshot
    ) -> AppSnapshot {
        let state = lifecycle.state
        let remaining = lifecycle.backgroundTimeRemaining(steady: steady)
        var snapshot = AppSnapshot(
            phase: state.phase,
            backgroundTimeRemaining: remaining == .greatestFiniteMagnitude || state.phase.isForeground
                ? nil : remaining,
            forceQuit: state.forceQuit, lastTermination: state.lastTermination.map(describe),
            relaunchDelay: state.limiter.delay, relaunchAvailableIn: state.limiter.remaining(at: steady),
            pendingRelaunches: state.pendingRelaunches,
            completionHandlers: state.handlers.map {
                AppSnapshot.Handler(
                    token: $0.token.rawValue, session: $0.session, secondsLeft: max(0, $0.deadline - steady),
                    eventsFinished: $0.eventsFinished)
            },
            backgroundTasks: state.tasks.map {
                $0.subject + ($0.hasExpirationHandler ? "" : " (no expiration handler)")
            },
            waitingDeliveries: waitingDeliveries, mistakes: mistakes.enabled, budget: budget, session: session,
            registry: registry)
        snapshot.heldForOpen = state.heldForOpen
        return snapshot
    }

    /// The app's registry as a view shows it, in `taskDescription` order; each record names the home's id of the
    /// task its `lastTaskIdentifier` is in the app's session (`tasks`: the system's tasks).
    static func registry(_ registry: AppRegistry, tasks: [TransferTask], session: String) -> AppRegistrySnapshot {
        self.registry(registry, homeIDs: homeIDs(tasks, session: session))
    }

    /// The home's id of each task of `session` by its `taskIdentifier`.
    static func homeIDs(_ tasks: some Sequence<TransferTask>, session: String) -> [Int: Int64] {
        var ids: [Int: Int64] = [:]
        for task in tasks where task.session == session && task.taskIdentifier != 0 {
            ids[task.taskIdentifier] = task.id
        }
        return ids
    }

    /// The app's registry as a view shows it, each record naming the home's id of its task (`homeIDs`: by the
    /// app session's `taskIdentifier`).
    static func registry(_ registry: AppRegistry, homeIDs: [Int: Int64]) -> AppRegistrySnapshot {
        let records = registry.records.values.sorted { $0.taskDescription < $1.taskDescription }.map {
            AppRegistrySnapshot.Record(
                taskDescription: $0.taskDescription, kind: $0.kind, status: $0.status,
                url: URLCredentials.masked($0.url), lastTaskIdentifier: $0.lastTaskIdentifier,
                taskID: $0.lastTaskIdentifier.flatMap { homeIDs[$0] }, deliveredPath: $0.deliveredPath,
                resumeOffset: $0.resumeData?.offset, note: $0.note)
        }
        return AppRegistrySnapshot(records: records)
    }

    /// How the app's last process ended, in words (as `offstage app` says it).
    static func describe(_ termination: AppTermination) -> String {
        switch termination {
        case .userForceQuit: "force-quit by the user"
        case .system(let reason): "terminated by the system (\(reason))"
        case .watchdog(let code): "killed by the watchdog (\(code))"
        case .reboot: "device rebooted (process restarted)"
        }
    }

    /// The scheduler's budget at steady time `steady`: its credits (accrued to then) and the most it holds then.
    static func budget(_ scheduler: TaskScheduler, steady: Double) -> AppSnapshot.Budget {
        let policy = scheduler.policy.configuration
        var budget = scheduler.state.budget
        budget.accrue(to: steady, policy)
        return AppSnapshot.Budget(credits: budget.credits, maximum: budget.capacity(at: steady, policy))
    }

    /// Every pending request with why it waits, in submit order.
    static func requests(_ scheduler: TaskScheduler, now: Date, steady: Double, timeZone: TimeZone)
        -> [RequestSnapshot]
    {
        let explanations = scheduler.explain(now: now, steady: steady, timeZone: timeZone)
        return zip(scheduler.state.pending, explanations).map { pending, explanation in
            let penalty = scheduler.state.penalties[pending.request.identifier].flatMap { penalty in
                penalty.until > steady ? now.addingTimeInterval(penalty.until - steady) : nil
            }
            let decisions = scheduler.state.decisions.filter { $0.identifier == pending.request.identifier }
                .suffix(8).map { "\(DurationText.clock($0.time, timeZone: timeZone)) \($0.text(timeZone: timeZone))" }
            return RequestSnapshot(
                request: explanation.request, submittedAt: pending.submittedAt, reason: explanation.reason,
                reasonText: explanation.text, penalisedUntil: penalty, decisions: Array(decisions))
        }
    }

    /// The BG tasks running now, with their allowance left in steady time.
    static func runningTasks(_ scheduler: TaskScheduler, steady: Double) -> [RunningTaskSnapshot] {
        scheduler.state.running.map {
            RunningTaskSnapshot(
                identifier: $0.identifier, kind: $0.request.request.kind, launchedAt: $0.launchedAt,
                expiresIn: $0.expirationAt - steady, deadlineIn: $0.deadline - steady,
                expirationCalled: $0.expirationCalled, simulated: $0.simulated)
        }
    }

    /// The last `historyLimit` entries about each task, from a list of entries oldest first.
    static func histories(_ entries: [LogEntry]) -> [String: [LogEntry]] {
        var byTask: [String: [LogEntry]] = [:]
        for entry in entries where entry.subject.hasPrefix("task ") {
            byTask[entry.subject, default: []].append(entry)
        }
        return byTask.mapValues { Array($0.suffix(historyLimit)) }
    }
}
