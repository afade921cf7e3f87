import Foundation
import OffstageCore
import OffstageStore

/// Building and publishing the runtime's one `Snapshot`, and the attach channel that carries it to other processes.
extension DaemonRuntime {
    /// The snapshot of the runtime's live state now (not published; its `sequence` is the last published one's).
    /// Call it on the loop's thread, between turns (a test stepping the runtime; a view gets `onSnapshot`).
    public func snapshot() -> Snapshot {
        snapshots.track(transfers.daemon, now: time.now())
        var snapshot = buildSnapshot()
        snapshot.sequence = snapshots.sequence
        return snapshot
    }

    /// Seeds the event lines from the store and opens the attach socket (when `options.listens`).
    func startSnapshots() throws {
        snapshots.seed(try store.latestEvents(limit: 5000).map(\.entry))
        guard options.listens, attach == nil else { return }
        let queue = self.queue
        do {
            attach = try AttachServer(
                path: UnixSocket.path(home: home.path), onPoke: { queue.post(.inboxPoked) },
                onConnect: { queue.post(.snapshotWanted) })
        } catch {
            // The engine still runs, without the attach channel (a directory in the socket's place, a home whose
            // path is too long for a socket address), and says so once per start.
            try reportAttachUnavailable(error)
        }
    }

    /// Writes the `attach-unavailable` line: why the engine cannot listen, what that costs, what to do.
    private func reportAttachUnavailable(_ error: any Error) throws {
        let wait = options.inboxPollInterval
        let seconds =
            wait == wait.rounded() && wait < 1e9 ? String(Int(wait)) : String(format: "%.1f", wait)
        let cost =
            "attached dashboards cannot reach this engine, and commands from other processes wait up to \(seconds) s"
        let reason: String
        if case .notASocket(let path, let what)? = error as? AttachError {
            reason =
                "\(TransferDaemon.printable(path)) is \(what), not the engine's socket: \(cost); remove it and restart offstage"
        } else {
            reason = "\(TransferDaemon.printable("\(error)")): \(cost)"
        }
        let entry = LogEntry(
            time: time.now(), kind: .attachUnavailable, subject: "engine.sock",
            reason: reason)
        var changes = StoreChanges()
        changes.log = [entry]
        try store.apply(changes, now: time.now())
        logged(entry)
    }

    /// Closes the attach socket and removes its file.
    func stopSnapshots() {
        attach?.stop()
        attach = nil
    }

    /// Records a line the runtime logged (after it is durable) and passes it on to `options.onLog`.
    func logged(_ entry: LogEntry) {
        snapshots.record(entry)
        options.onLog(entry)
    }

    /// Publishes a snapshot when someone listens, the throttle allows it and something changed; sets
    /// `snapshotWake` for the next look (a throttled change, or countdowns moving each second). `final` (the
    /// loop is stopping) publishes the last state without waiting for the throttle.
    func publishSnapshotIfDue(final: Bool = false) {
        let clients = attach?.hasClients ?? false
        guard options.onSnapshot != nil || clients else {
            snapshotWake = nil
            return
        }
        // Speeds are followed only while a view listens: with nobody, a turn costs nothing per running transfer.
        snapshots.track(transfers.daemon, now: time.now())
        let steady = options.snapshotClock()
        let wait = throttle.wait(at: steady, changed: snapshotMayHaveChanged || snapshotForced)
        guard wait <= 0 || final else {
            snapshotWake = steady + wait
            return
        }
        snapshotWake = steady + 1
        snapshotMayHaveChanged = false
        var snapshot = buildSnapshot()
        switch throttle.admit(snapshot, at: steady, force: snapshotForced, ignoringInterval: final) {
        case .publish: break
        case .unchanged: return
        case .progressDue(let due):
            snapshotWake = due
            return
        }
        snapshotForced = false
        snapshot.sequence = snapshots.nextSequence()
        options.onSnapshot?(snapshot)
        if clients, let frame = try? AttachFrame.encode(snapshot) { attach?.publish(frame) }
    }

    /// How many snapshots this runtime has published.
    public var publishedSnapshots: Int { throttle.published }

    /// The snapshot of the live state, sequence 0: the daemon's tasks with their live bytes, plus `add` commands
    /// still waiting in the inbox (an engine that runs only its own transfer, `get`, leaves them there).
    private func buildSnapshot() -> Snapshot {
        let now = time.now()
        let daemon = transfers.daemon
        let appSession = app?.session ?? options.appSessionIdentifier
        let outbox = ((try? store.outbox()) ?? []).filter { daemon.tasks[$0.taskID]?.session == appSession }
        var rows = snapshots.transfers(
            daemon, now: now, maxAttempts: options.retryPolicy.maxAttempts,
            waitingForApp: Set(outbox.map(\.taskID)))
        // The inbox as of its last read: it changes when a command is sent, which pokes the loop to read it.
        let queued =
            inboxAdds ?? (try? StoreSnapshot.inboxAdds(store, defaultDirectory: home.documentsDirectory, now: now))
            ?? []
        inboxAdds = queued
        if !queued.isEmpty {
            rows += queued.filter { daemon.tasks[$0.id] == nil }.map {
                SnapshotParts.transfer(
                    $0, bytes: 0, resumedFrom: 0, speed: nil, eta: nil, status: .waiting("waiting in the inbox"),
                    history: [])
            }
            rows.sort { $0.id < $1.id }
        }
        rows = PartSizes.filled(rows, home: home)
        let scheduler = self.scheduler?.scheduler
        // The model's one steady time (the scheduler's `SteadyClock`), for the scheduler and the app alike.
        let steady = self.scheduler?.steadyNow ?? time.steady()
        let budget = scheduler.map { SnapshotParts.budget($0, steady: steady) } ?? AppSnapshot.Budget()
        let appView: AppSnapshot
        if let app {
            appView = SnapshotParts.app(
                app.lifecycle, steady: steady, mistakes: app.mistakes,
                waitingDeliveries: outbox.count, budget: budget, session: app.session,
                registry: SnapshotParts.registry(app.registry, tasks: Array(daemon.tasks.values), session: app.session))
        } else {
            // This runtime does not host the app (a foreground `get`): the app is as the store holds it.
            appView =
                (try? StoreSnapshot.app(
                    store: store, configuration: AppConfiguration(), monotonic: time.steady(),
                    waitingDeliveries: outbox.count, budget: budget, tasks: Array(daemon.tasks.values)))
                ?? AppSnapshot(budget: budget, session: appSession)
        }
        var snapshot = Snapshot(
            clock: clockSnapshot, engine: EngineSnapshot(role: .hosting, pid: getpid(), home: home.path),
            device: DeviceSnapshot(conditions: daemon.conditions, inUse: scheduler?.state.device.inUse ?? false),
            app: appView, transfers: rows,
            requests: scheduler.map {
                SnapshotParts.requests($0, now: now, steady: steady, timeZone: .current)
            } ?? [],
            runningTasks: scheduler.map { SnapshotParts.runningTasks($0, steady: steady) } ?? [],
            events: snapshots.events, android: android?.snapshot(now: now))
        snapshot.rateLimit = daemon.settings.rateLimit
        return snapshot
    }
}
