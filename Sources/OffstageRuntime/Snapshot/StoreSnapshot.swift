import Foundation
import OffstageClock
import OffstageCore
import OffstageStore

/// The durable view: the same `Snapshot` built from the store alone, for when no engine runs.
///
/// Tasks stored as `running` are `interrupted` (their engine went away; they resume when one runs again), `add`
/// commands still in the inbox are waiting tasks with the ids they reserved, requests carry the reason they wait
/// now, and the engine's role is `notRunning`. A home with no store yet is a fresh install: no task, and the app as
/// the configuration describes it.
///
/// With `owner`, an engine (that pid) holds the home but did not answer: the view is then the store's as that
/// engine last wrote it (bytes as of its last checkpoint), tasks stored as running are running, and the engine
/// reads as attached to `owner` (never "not running").
public enum StoreSnapshot {
    /// Reads the home's store (nil: there is none yet) at wall time `now` and monotonic time `monotonic` (the
    /// stored `SteadyClock` turns it into the model's steady time, for the scheduler and the app alike).
    public static func read(
        home: OffstageHome, store: Store?, configuration: OffstageConfiguration,
        now: Date = SystemTimeSource().now(), monotonic: Double = SystemTimeSource().steady(),
        timeZone: TimeZone = .current, retryPolicy: RetryPolicy = RetryPolicy(), owner: Int32? = nil
    ) throws -> Snapshot {
        let engine =
            owner.map { EngineSnapshot(role: .attached, pid: $0, home: home.path) }
            ?? EngineSnapshot(role: .notRunning, home: home.path)
        let interrupted = owner == nil
        let appSession = configuration.appSession
        guard let store else {
            let scheduler = TaskScheduler(configuration: configuration.app, policy: configuration.policy, state: nil)
            let app = SnapshotParts.app(
                AppLifecycle(policy: appSession.lifecycle, state: nil), steady: monotonic,
                mistakes: appSession.mistakes, waitingDeliveries: 0,
                budget: SnapshotParts.budget(scheduler, steady: monotonic), session: appSession.sessionIdentifier,
                registry: AppRegistrySnapshot())
            return Snapshot(clock: ClockSnapshot(now: now), engine: engine, app: app)
        }
        let entries = try store.latestEvents(limit: 5000).map(\.entry)
        let histories = SnapshotParts.histories(entries)
        let tasks = try self.tasks(store, defaultDirectory: home.documentsDirectory, now: now)
        let session = appSession.sessionIdentifier
        let sessionTasks = Set(tasks.filter { $0.session == session }.map(\.id))
        let outbox = try store.outbox().filter { sessionTasks.contains($0.taskID) }
        let waiting = Set(outbox.map(\.taskID))
        let readings = tasks.map { task in
            SnapshotParts.transfer(
                task, bytes: task.bytesWritten, resumedFrom: 0, speed: nil, eta: nil,
                status: SnapshotParts.status(
                    of: task, waitReason: nil, now: now, maxAttempts: retryPolicy.maxAttempts,
                    waitingForApp: waiting.contains(task.id), interrupted: interrupted),
                history: histories["task \(task.id)"] ?? [])
        }
        let scheduler = TaskScheduler(
            configuration: configuration.app, policy: configuration.policy, state: try store.loadSchedulerState(),
            timeZone: timeZone)
        let steady = scheduler.clock.steady(monotonic: monotonic)
        let app = try app(
            store: store, configuration: appSession, monotonic: monotonic,
            waitingDeliveries: outbox.count, budget: SnapshotParts.budget(scheduler, steady: steady), tasks: tasks)
        var snapshot = Snapshot(
            clock: ClockSnapshot(now: now), engine: engine,
            device: DeviceSnapshot(conditions: try store.loadConditions(), inUse: scheduler.state.device.inUse),
            app: app, transfers: PartSizes.filled(readings, home: home),
            requests: SnapshotParts.requests(scheduler, now: now, steady: steady, timeZone: timeZone),
            runningTasks: SnapshotParts.runningTasks(scheduler, steady: steady),
            events: Array(entries.suffix(Snapshot.eventLimit)),
            android: try android(store: store, configuration: configuration, now: now, engineRuns: owner != nil))
        snapshot.rateLimit = try store.loadTransferSettings().rateLimit
        return snapshot
    }

    /// The Android side as the store holds it (nil: the profile has no Android): the system's stored state, the
    /// work requests WorkManager would see now (rows it cannot use are left out, as an engine sets them aside),
    /// and, with no engine running, no process.
    static func android(store: Store, configuration: OffstageConfiguration, now: Date, engineRuns: Bool) throws
        -> AndroidSnapshot?
    {
        let file = configuration.android
        // The store's platform (`offstage device platform`) wins; an unusable row is the engine's to report.
        let profile = ((try? store.loadPlatform()) ?? nil) ?? file.platform
        guard profile.includesAndroid else { return nil }
        let system = AndroidSystemModel(policy: file.policy, state: try store.loadAndroidState())
        let requests = try store.loadWorkRequests()
        let work = WorkManagerModel(
            requests: requests, environment: system.workEnvironment(now: now, workersCanStart: engineRuns))
        var snapshot = AndroidSnapshot(profile: profile)
        system.fill(&snapshot, now: now)
        snapshot.work = work.snapshots(now: now)
        if !engineRuns {
            snapshot.process = AndroidProcessSnapshot(phase: .gone, lastEnd: "no offstage is running")
            snapshot.foregroundServices = []
        }
        return snapshot
    }

    /// The stored tasks plus `add` commands not yet executed (queued, with the id they will get), in id order.
    public static func tasks(_ store: Store, defaultDirectory: String, now: Date) throws -> [TransferTask] {
        let tasks = try store.loadTasks() + inboxAdds(store, defaultDirectory: defaultDirectory, now: now)
        return tasks.sorted { $0.id < $1.id }
    }

    /// The `add` and `addBatch` commands waiting in the inbox, as the queued tasks they will be (with the ids they
    /// reserved; no `taskIdentifier` yet: 0).
    static func inboxAdds(_ store: Store, defaultDirectory: String, now: Date) throws -> [TransferTask] {
        func task(_ id: Int64, _ spec: TransferSpec) -> TransferTask {
            TransferTask(
                id: id, session: spec.session, taskIdentifier: 0, taskDescription: spec.taskDescription,
                kind: spec.kind, url: URLCredentials.stripped(spec.url), method: spec.method,
                uploadPath: spec.uploadPath, requestedName: spec.name,
                destinationDirectory: spec.destinationDirectory ?? defaultDirectory, createdAt: now)
        }
        var tasks: [TransferTask] = []
        for (id, command) in try store.pendingCommands() {
            switch command {
            case .add(let spec):
                tasks.append(task(try store.reservedTaskID(command: id) ?? id, spec))
            case .addBatch(let batch):
                guard let first = try store.reservedTaskID(command: id) else { continue }
                for (offset, url) in batch.urls.enumerated() {
                    tasks.append(task(first + Int64(offset), batch.spec(for: url)))
                }
            default:
                continue
            }
        }
        return tasks
    }

    /// The app as the store holds it (a fresh install when it never ran), at monotonic time `monotonic` (on the
    /// stored scheduler's `SteadyClock` when there is one); `tasks` are the system's tasks, to name the home's id of
    /// each registry record's task.
    static func app(
        store: Store, configuration: AppConfiguration, monotonic: Double, waitingDeliveries: Int,
        budget: AppSnapshot.Budget, tasks: [TransferTask]
    ) throws -> AppSnapshot {
        try app(
            store: store, configuration: configuration, monotonic: monotonic,
            waitingDeliveries: waitingDeliveries,
            budget: budget,
            homeIDs: SnapshotParts.homeIDs(tasks, session: configuration.sessionIdentifier))
    }

    /// The app as the store holds it; `homeIDs` names the home's id of each task of the app's session by its
    /// `taskIdentifier`.
    static func app(
        store: Store, configuration: AppConfiguration, monotonic: Double, waitingDeliveries: Int,
        budget: AppSnapshot.Budget, homeIDs: [Int: Int64]
    ) throws -> AppSnapshot {
        let steady = (try? store.loadSchedulerState())??.clock.steady(monotonic: monotonic) ?? monotonic
        let stored = try store.loadAppState()
        let lifecycle = AppLifecycle(policy: configuration.lifecycle, state: stored?.lifecycle)
        let registry = SnapshotParts.registry(try store.loadAppRegistry(), homeIDs: homeIDs)
        return SnapshotParts.app(
            lifecycle, steady: steady, mistakes: configuration.mistakes.union(stored?.mistakes ?? AppMistakes()),
            waitingDeliveries: waitingDeliveries, budget: budget, session: configuration.sessionIdentifier,
            registry: registry)
    }
}
