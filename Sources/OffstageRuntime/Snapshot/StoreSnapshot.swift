import Foundation
import OffstageCore
import OffstageStore

/// The durable view: the same `Snapshot` built from the store alone, for when no engine runs.
///
/// Tasks stored as `running` are `interrupted` (their engine went away; they resume when one runs again), `add`
/// commands still in the inbox are waiting tasks, requests carry the reason they wait now, and the engine's role
/// is `notRunning`.
public enum StoreSnapshot {
    /// Reads the home's store (nil: there is none yet, an empty snapshot) at wall time `now`, monotonic time
    /// `monotonic` (the scheduler's) and steady time `steady` (the app's life cycle; by default the monotonic time).
    public static func read(
        home: OffstageHome, store: Store?, configuration: OffstageConfiguration, now: Date = Date(),
        monotonic: Double = MonotonicTime.now(), steady: Double? = nil, timeZone: TimeZone = .current,
        retryPolicy: RetryPolicy = RetryPolicy()
    ) throws -> Snapshot {
        let engine = EngineSnapshot(role: .notRunning, home: home.path)
        guard let store else { return Snapshot(clock: ClockSnapshot(now: now), engine: engine) }
        let entries = try store.latestEvents(limit: 5000).map(\.entry)
        let histories = SnapshotParts.histories(entries)
        let tasks = try self.tasks(store, defaultDirectory: home.documentsDirectory, now: now)
        let session = configuration.appSession.sessionIdentifier
        let sessionTasks = Set(tasks.filter { $0.session == session }.map(\.id))
        let outbox = try store.outbox().filter { sessionTasks.contains($0.taskID) }
        let waiting = Set(outbox.map(\.taskID))
        let transfers = tasks.map { task in
            SnapshotParts.transfer(
                task, bytes: task.bytesWritten, resumedFrom: 0, speed: nil, eta: nil,
                status: SnapshotParts.status(
                    of: task, waitReason: nil, now: now, maxAttempts: retryPolicy.maxAttempts,
                    waitingForApp: waiting.contains(task.id), interrupted: true),
                history: histories["task \(task.id)"] ?? [])
        }
        let scheduler = TaskScheduler(
            configuration: configuration.app, policy: configuration.policy, state: try store.loadSchedulerState())
        let app = try app(
            store: store, configuration: configuration.appSession, steady: steady ?? monotonic,
            waitingDeliveries: outbox.count, budget: SnapshotParts.budget(scheduler, monotonic: monotonic))
        return Snapshot(
            clock: ClockSnapshot(now: now), engine: engine,
            device: DeviceSnapshot(conditions: try store.loadConditions(), inUse: scheduler.state.device.inUse),
            app: app, transfers: transfers,
            requests: SnapshotParts.requests(scheduler, now: now, monotonic: monotonic, timeZone: timeZone),
            runningTasks: SnapshotParts.runningTasks(scheduler, monotonic: monotonic),
            events: Array(entries.suffix(Snapshot.eventLimit)))
    }

    /// The stored tasks plus `add` commands not yet executed (queued, with the id they will get), in id order.
    static func tasks(_ store: Store, defaultDirectory: String, now: Date) throws -> [TransferTask] {
        var tasks = try store.loadTasks()
        for (id, command) in try store.pendingCommands() {
            guard case .add(let spec) = command else { continue }
            // An `add` reserved its task's id when it was enqueued (task ids are not inbox ids).
            let taskID = try store.reservedTaskID(command: id) ?? id
            tasks.append(
                TransferTask(
                    id: taskID, session: spec.session, taskIdentifier: 0, taskDescription: spec.taskDescription,
                    kind: spec.kind, url: URLCredentials.stripped(spec.url), method: spec.method,
                    uploadPath: spec.uploadPath, requestedName: spec.name,
                    destinationDirectory: spec.destinationDirectory ?? defaultDirectory, createdAt: now))
        }
        return tasks.sorted { $0.id < $1.id }
    }

    /// The app as the store holds it (a fresh install when it never ran), at steady time `steady`.
    static func app(
        store: Store, configuration: AppConfiguration, steady: Double, waitingDeliveries: Int,
        budget: AppSnapshot.Budget
    ) throws -> AppSnapshot {
        let stored = try store.loadAppState()
        let lifecycle = AppLifecycle(policy: configuration.lifecycle, state: stored?.lifecycle)
        return SnapshotParts.app(
            lifecycle, steady: steady, mistakes: configuration.mistakes.union(stored?.mistakes ?? AppMistakes()),
            waitingDeliveries: waitingDeliveries, budget: budget)
    }
}
