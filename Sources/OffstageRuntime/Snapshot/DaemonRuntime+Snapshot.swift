import Foundation
import OffstageCore
import OffstageStore

/// Building and publishing the snapshots each view asked for, and the attach channel that carries them to other
/// processes.
///
/// Every view (the local face, each client of the socket) subscribes to what it shows (`SnapshotSubscription`):
/// its snapshot is built from the daemon's indexes (the rows around its window, the queue's totals), compared with
/// what it holds, and only the difference goes out (`SnapshotUpdate`), so a publication costs what the view shows
/// and what changed, never what the home stores.
extension DaemonRuntime {
    /// The snapshot of everything now (every transfer), not published; its `sequence` is the last published one's.
    /// Call it on the loop's thread, between turns (a test stepping the runtime; a view subscribes instead).
    public func snapshot() -> Snapshot {
        snapshot(for: .everything)
    }

    /// The snapshot `subscription` asks for now, not published (its `sequence` is the last published one's).
    public func snapshot(for subscription: SnapshotSubscription) -> Snapshot {
        snapshots.track(transfers.daemon, now: time.now())
        var snapshot = buildSnapshot(for: subscription)
        snapshot.sequence = snapshots.sequence
        return snapshot
    }

    /// Makes the local face's publications go to `sink` as updates (applied by the face) instead of to
    /// `options.onSnapshot` as snapshots. Call it before `run()`.
    public func deliverLocally(_ sink: @escaping @Sendable (SnapshotUpdate) -> Void) {
        localUpdates = sink
    }

    /// Whether a face in this process is published to (`options.onSnapshot`).
    public var publishesLocally: Bool { options.onSnapshot != nil }

    /// Sets what the local face is sent (call it on the loop's thread, or before `run()`; from another thread,
    /// `InProcessEngine.subscribe` posts it to the loop).
    public func subscribeLocally(_ subscription: SnapshotSubscription) {
        subscribe(.local, to: subscription)
    }

    /// Makes every view's next publication go out at once, even if its snapshot did not change (a platform switch).
    func forceSnapshots() {
        for id in subscribers.keys {
            subscribers[id]?.forced = true
            subscribers[id]?.dirty = true
        }
    }

    /// Sets what a view is sent; its next publication goes out even if nothing changed.
    func subscribe(_ id: SubscriberID, to subscription: SnapshotSubscription) {
        if var subscriber = subscribers[id] {
            subscriber.subscription = subscription
            subscriber.forced = true
            subscriber.dirty = true
            subscribers[id] = subscriber
        } else {
            subscribers[id] = Subscriber(subscription: subscription, throttle: newThrottle())
        }
    }

    /// A throttle for a new view, at the options' pace.
    private func newThrottle() -> SnapshotThrottle {
        SnapshotThrottle(interval: options.snapshotInterval, progressInterval: options.progressInterval)
    }

    /// Seeds the event lines from the store and opens the attach socket (when `options.listens`).
    func startSnapshots() throws {
        snapshots.seed(try store.latestEvents(limit: 5000).map(\.entry))
        guard options.listens, attach == nil else { return }
        let queue = self.queue
        do {
            attach = try AttachServer(
                path: UnixSocket.path(home: home.path),
                events: AttachServer.Events(
                    poked: { queue.post(.inboxPoked) },
                    subscribed: { queue.post(.subscribed(.client($0), $1)) },
                    ready: { queue.post(.subscriberReady(.client($0))) },
                    gone: { queue.post(.subscriberGone(.client($0))) }))
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

    /// From how many stored tasks a starting engine tells its views that it reads them (fewer are read in a few
    /// milliseconds, before any frame could show it).
    static let startingAnnouncedFrom = 1_000

    /// Tells the views that the engine is starting and reads `tasks` stored tasks: the local face at once, and a
    /// client that subscribes before the loop runs (`AttachServer.greeting`), so no view says "no transfers" or
    /// "engine not running" while a big home loads.
    func publishStarting(tasks: Int) {
        guard tasks >= Self.startingAnnouncedFrom else { return }
        var starting = Snapshot(
            clock: clockSnapshot,
            engine: EngineSnapshot(role: .starting, pid: getpid(), home: home.path, loadingTasks: tasks))
        starting.totals = TransferTotals()
        starting.sequence = snapshots.nextSequence()
        attach?.greeting = try? AttachFrame.encode(SnapshotUpdate(whole: starting))
        guard options.onSnapshot != nil || localUpdates != nil else { return }
        if let localUpdates {
            localUpdates(SnapshotUpdate(whole: starting))
        } else {
            options.onSnapshot?(starting)
        }
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

    /// Publishes to each view whose throttle allows it and whose snapshot changed; sets `snapshotWake` for the next
    /// look (a throttled change, or countdowns moving each second). `final` (the loop is stopping) publishes the
    /// last state without waiting for the throttle.
    func publishSnapshotIfDue(final: Bool = false) {
        attach?.greeting = nil  // from now on the loop answers every client
        if subscribers[.local] == nil, options.onSnapshot != nil || localUpdates != nil {
            subscribers[.local] = Subscriber(subscription: options.subscription, throttle: newThrottle())
        }
        // The engine reports progress as often as the views are sent it (twice a second for dashboards), as often as
        // `onTick` looks, or as the configuration says while nobody watches (twice a second).
        var watchedEvery: Double?
        if !subscribers.isEmpty { watchedEvery = max(options.snapshotInterval, options.progressInterval ?? 0) }
        if options.onTick != nil { watchedEvery = min(watchedEvery ?? .infinity, options.tickInterval) }
        transfers.noteWatched(every: watchedEvery)
        guard !subscribers.isEmpty else {
            snapshotWake = nil
            return
        }
        // Speeds are followed only while a view listens: with nobody, a turn costs nothing per running transfer.
        snapshots.track(transfers.daemon, now: time.now())
        let changed = snapshotMayHaveChanged
        snapshotMayHaveChanged = false
        let steady = options.snapshotClock()
        var wake: Double?
        func wakeAt(_ time: Double) { wake = min(wake ?? time, time) }
        for id in subscribers.keys.sorted() {
            guard var subscriber = subscribers[id] else { continue }
            if changed { subscriber.dirty = true }
            defer { subscribers[id] = subscriber }
            guard !subscriber.inFlight else { continue }
            let wait = subscriber.throttle.wait(
                at: steady, changed: subscriber.dirty || subscriber.forced)
            guard wait <= 0 || final else {
                wakeAt(steady + wait)
                continue
            }
            wakeAt(steady + 1)
            subscriber.dirty = false
            var snapshot = buildSnapshot(for: subscriber.subscription)
            switch subscriber.throttle.admit(
                snapshot, at: steady, force: subscriber.forced || subscriber.held == nil,
                ignoringInterval: final)
            {
            case .publish: break
            case .unchanged: continue
            case .progressDue(let due):
                wakeAt(due)
                continue
            }
            snapshot.sequence = snapshots.nextSequence()
            let update = SnapshotUpdate(from: subscriber.held, to: snapshot)
            guard let inFlight = deliver(update, snapshot, to: id) else {
                // Not taken (the client is not known to the socket's thread yet, or gone): kept to send again.
                subscriber.dirty = true
                wakeAt(steady + 0.05)
                continue
            }
            subscriber.forced = false
            subscriber.held = snapshot
            subscriber.inFlight = inFlight
            publications += 1
        }
        snapshotWake = wake
    }

    /// Hands an update to a view: true when it is on its way and the view says when it has taken it, false when it
    /// was taken at once, nil when it was not taken (a client the socket's thread does not hold).
    private func deliver(_ update: SnapshotUpdate, _ snapshot: Snapshot, to id: SubscriberID) -> Bool? {
        switch id {
        case .local:
            if let localUpdates { localUpdates(update) } else { options.onSnapshot?(snapshot) }
            return false
        case .client(let number):
            guard let attach, let frame = try? AttachFrame.encode(update) else { return false }
            return attach.send(frame, to: number) ? true : nil
        }
    }

    /// How many updates this runtime has published, to every view.
    public var publishedSnapshots: Int { publications }

    /// The snapshot `subscription` asks for, sequence 0: the rows of its transfer list around its window (every
    /// task's, with `add` commands still waiting in the inbox: an engine that runs only its own transfer, `get`,
    /// leaves them there), the queue's totals, and the rest of the engine's state.
    private func buildSnapshot(for subscription: SnapshotSubscription) -> Snapshot {
        let now = time.now()
        let daemon = transfers.daemon
        let appSession = app?.session ?? options.appSessionIdentifier
        let outbox = ((try? store.outbox()) ?? []).filter {
            daemon.tasks[$0.taskID]?.session == appSession
        }
        // The inbox as of its last read: it changes when a command is sent, which pokes the loop to read it.
        let queued =
            inboxAdds
            ?? (try? StoreSnapshot.inboxAdds(store, defaultDirectory: home.documentsDirectory, now: now))
            ?? []
        inboxAdds = queued
        let (rows, listing) = transferRows(
            subscription.transfers, daemon: daemon, inbox: queued, now: now,
            waitingForApp: Set(outbox.map(\.taskID)))
        var totals = snapshots.totals(daemon, now: now)
        for task in queued where daemon.tasks[task.id] == nil { totals.add(task) }
        let scheduler = self.scheduler?.scheduler
        // The model's one steady time (the scheduler's `SteadyClock`), for the scheduler and the app alike.
        let steady = self.scheduler?.steadyNow ?? time.steady()
        let budget = scheduler.map { SnapshotParts.budget($0, steady: steady) } ?? AppSnapshot.Budget()
        let appView: AppSnapshot
        if let app {
            let ids =
                app.registry.records.isEmpty ? [:] : snapshots.appTaskIDs(daemon, session: app.session)
            appView = SnapshotParts.app(
                app.lifecycle, steady: steady, mistakes: app.mistakes,
                waitingDeliveries: outbox.count, budget: budget, session: app.session,
                registry: SnapshotParts.registry(app.registry, homeIDs: ids))
        } else {
            // This runtime does not host the app (a foreground `get`): the app is as the store holds it.
            appView =
                (try? StoreSnapshot.app(
                    store: store, configuration: AppConfiguration(), monotonic: time.steady(),
                    waitingDeliveries: outbox.count, budget: budget,
                    homeIDs: snapshots.appTaskIDs(daemon, session: appSession)))
                ?? AppSnapshot(budget: budget, session: appSession)
        }
        var snapshot = Snapshot(
            clock: clockSnapshot, engine: EngineSnapshot(role: .hosting, pid: getpid(), home: home.path),
            device: DeviceSnapshot(
                conditions: daemon.conditions, inUse: scheduler?.state.device.inUse ?? false),
            app: appView, transfers: PartSizes.filled(rows, home: home),
            requests: scheduler.map {
                SnapshotParts.requests($0, now: now, steady: steady, timeZone: .current)
            } ?? [],
            runningTasks: scheduler.map { SnapshotParts.runningTasks($0, steady: steady) } ?? [],
            events: snapshots.events, android: android?.snapshot(now: now), listing: listing,
            totals: totals,
            eventsRecorded: snapshots.recorded)
        snapshot.rateLimit = daemon.settings.rateLimit
        return snapshot
    }

    /// The rows `query` gets and where they sit: every task's (no listing) when it asks for everything, else the
    /// rows of its list around its window, found through the daemon's indexes.
    private func transferRows(
        _ query: TransferQuery, daemon: TransferDaemon, inbox: [TransferTask], now: Date,
        waitingForApp: Set<Int64>
    ) -> ([TransferSnapshot], TransferListing?) {
        let maxAttempts = options.retryPolicy.maxAttempts
        let waiting = Dictionary(
            inbox.filter { daemon.tasks[$0.id] == nil }.map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        func inboxRow(_ task: TransferTask) -> TransferSnapshot {
            SnapshotParts.transfer(
                task, bytes: 0, resumedFrom: 0, speed: nil, eta: nil,
                status: .waiting("waiting in the inbox"),
                history: [])
        }
        if query.listsEverything {
            var rows = snapshots.transfers(
                daemon, now: now, maxAttempts: maxAttempts, waitingForApp: waitingForApp)
            if !waiting.isEmpty {
                rows += waiting.values.map(inboxRow)
                rows.sort { $0.id < $1.id }
            }
            return (rows, nil)
        }
        let ids = lists.ids(for: query, daemon: daemon, inbox: inbox, name: SnapshotParts.name(of:))
        let selected = query.selected.flatMap { ids.position(of: $0) }
        let held = query.held(count: ids.count, selectedPosition: selected)
        let rows: [TransferSnapshot] = held.compactMap { position in
            let id = ids[position]
            if let task = daemon.tasks[id] {
                return snapshots.row(
                    task, daemon: daemon, now: now, maxAttempts: maxAttempts, waitingForApp: waitingForApp,
                    history: query.histories || id == query.selected)
            }
            return waiting[id].map(inboxRow)
        }
        return (
            rows,
            TransferListing(
                query: query, offset: held.lowerBound, count: ids.count, selectedPosition: selected)
        )
    }
}
