import Foundation
import OffstageClock
import OffstageCore
import OffstageStore

/// The attach connection of an `InboxClient` and what it asks the engine for.
private struct Connection: Sendable {
    /// What the view shows (every transfer until it says).
    var subscription = SnapshotSubscription.everything
    /// The connection while the receiving thread has it open.
    var client: SnapshotClient?
}

/// A client of the engine another process runs on a home, or of none: commands go through the home's inbox (and a
/// poke on its attach socket), snapshots come over that socket.
///
/// This is the one place a command is applied with no engine running: one that only changes stored state is
/// applied at once, under the home's lock, through the engine's own path and transaction
/// (`DaemonRuntime.applyOffline`); one that needs running work is refused before anything is made. The same holds
/// when the engine stops while a command waits for it.
public final class InboxClient: EngineClient {
    private let home: OffstageHome
    /// The home's store, opened when a command is first sent or asked about (a refusal made before opens nothing).
    private var opened: Store?
    private let time: any TimeSource
    /// The options a command is applied with when no engine runs (asked for only then).
    private let offline: () throws -> RuntimeOptions
    private let latest = LatestSnapshot()
    /// The attach connection while it is open, and what it asks for.
    private let connection = Locked(Connection())
    private let lost = Locked<String?>(nil)
    private let stopping = Locked(false)
    private var receiver: DispatchSemaphore?
    private var closed = false

    /// A client of `home`'s engine; `offline` gives the options to apply a command with when no engine runs. The
    /// home's store is opened for writing (the home created when needed) only once a command is sent.
    public init(
        home: OffstageHome, time: any TimeSource = SystemTimeSource(),
        offline: @escaping () throws -> RuntimeOptions
    ) {
        self.home = home
        self.time = time
        self.offline = offline
    }

    /// The home's store, opened on first use.
    private func store() throws -> Store {
        if let opened { return opened }
        let store = try Store.open(home: home)
        opened = store
        return store
    }

    deinit { close() }

    /// The line for a command that needs a running offstage when none runs.
    public var notRunningLine: String {
        "no offstage is running on \(home.path): start `offstage run` and run this again"
    }

    /// Sends a command: with no engine running it is applied at once (its outcome is known), else it is left in
    /// the inbox and the engine is poked to read it now.
    public func send(_ command: DaemonCommand) throws -> CommandTicket {
        if let refusal = EngineClientError.check(command) { throw refusal }
        // Nothing runs and the command needs running work: say so before making anything.
        if !command.changesStateOnly && InstanceLock.owner(home: home) == nil {
            throw EngineClientError.notRunning(notRunningLine)
        }
        if let lock = try lockIfFree() {
            defer { lock.release() }
            guard command.changesStateOnly else { throw EngineClientError.notRunning(notRunningLine) }
            let ticket = try enqueue(command)
            return CommandTicket(
                taskID: ticket.taskID, handle: .settled(ticket.inboxID, try applyOffline(ticket.inboxID)))
        }
        let ticket = try enqueue(command)
        SnapshotClient.poke(home: home.path)  // the running engine reads its inbox now, not at its next 2 s look
        return ticket
    }

    /// The outcome, once the engine (or this client, with none running) executed the command.
    public func outcome(of ticket: CommandTicket) -> CommandOutcome? {
        if case .settled(_, let outcome) = ticket.handle { return outcome }
        guard let (status, result) = try? store().commandStatus(id: ticket.inboxID), status != .pending else {
            return nil
        }
        return .executed(status, result ?? "ok")
    }

    /// Waits for the running offstage to execute a command, up to `timeout`. When the home's lock comes free
    /// meanwhile (the engine stopped, or it was another command applying itself), the command is applied here
    /// if it only changes state, else refused as needing an engine, so nothing is left behind unsaid.
    public func wait(for ticket: CommandTicket, timeout: Double) throws -> CommandOutcome {
        let deadline = DispatchTime.now() + max(0, timeout)
        while DispatchTime.now() < deadline {
            if let outcome = outcome(of: ticket) { return outcome }
            if InstanceLock.owner(home: home) == nil, let lock = try lockIfFree() {
                defer { lock.release() }
                guard try store().commandStatus(id: ticket.inboxID)?.0 == .pending else { continue }
                guard case .inbox(_, needsEngine: false) = ticket.handle else {
                    try store().completeCommand(
                        id: ticket.inboxID, status: .refused, result: notRunningLine, changes: StoreChanges(),
                        now: time.now())
                    throw EngineClientError.notRunning(notRunningLine)
                }
                return try applyOffline(ticket.inboxID)
            }
            usleep(20_000)
        }
        return .stillPending(owner: InstanceLock.owner(home: home) ?? 0)
    }

    /// Starts taking the running engine's snapshots on a thread of its own (an attached dashboard); `wake` is called
    /// when one arrives or the engine goes away.
    ///
    /// - Throws: `AttachError.notRunning` when no engine listens on the home's socket.
    public func attach(wake: @escaping @Sendable () -> Void) throws {
        try SnapshotClient.probe(home: home.path)
        let latest = self.latest
        let lost = self.lost
        let stopping = self.stopping
        let connection = self.connection
        let path = home.path
        let finished = DispatchSemaphore(value: 0)
        receiver = finished
        let thread = Thread {
            defer {
                finished.signal()
                wake()
            }
            do {
                let asked = connection.value.subscription
                let client = try SnapshotClient(home: path, subscription: asked)
                // What the view asked for while the connection was being made goes out now.
                let since = connection.withLock { held in
                    held.client = client
                    return held.subscription
                }
                if since != asked { client.subscribe(since) }
                defer {
                    connection.withLock { $0.client = nil }
                    client.close()
                }
                while !stopping.value {
                    if let snapshot = try client.next(timeout: 0.5) {
                        latest.put(snapshot)
                        wake()
                    }
                }
            } catch {
                if !stopping.value { lost.set("the engine of \(path) stopped (\(error))") }
            }
        }
        thread.name = "offstage.attach"
        thread.start()
    }

    /// The newest snapshot received, when newer than `sequence`.
    public func snapshot(newerThan sequence: UInt64?) -> Snapshot? { latest.newer(than: sequence) }

    /// Asks the engine to send what `subscription` says from now on (every transfer until then).
    public func subscribe(_ subscription: SnapshotSubscription) {
        connection.withLock { held in
            held.subscription = subscription
            held.client?.subscribe(subscription)
        }
    }

    /// Why the attached engine can no longer be reached (nil while it runs, or when not attached).
    public var ended: String? { lost.value }

    /// Detaches (the engine goes on) and closes the store.
    public func close() {
        guard !closed else { return }
        closed = true
        stopping.set(true)
        receiver?.wait()
        opened?.close()
    }

    /// Leaves a command in the inbox (an `add` reserves its task's id with it).
    private func enqueue(_ command: DaemonCommand) throws -> CommandTicket {
        let needsEngine = !command.changesStateOnly
        if case .add(let spec) = command {
            let ids = try store().enqueueAdd(spec, now: time.now())
            return CommandTicket(taskID: ids.task, handle: .inbox(ids.command, needsEngine: needsEngine))
        }
        if case .addBatch(let batch) = command {
            let ids = try store().enqueueBatch(batch, now: time.now())
            return CommandTicket(taskID: ids.firstTask, handle: .inbox(ids.command, needsEngine: needsEngine))
        }
        let id = try store().enqueue(command, now: time.now())
        return CommandTicket(taskID: nil, handle: .inbox(id, needsEngine: needsEngine))
    }

    /// Applies pending command `id` with no engine running; the caller holds the home's lock.
    private func applyOffline(_ id: Int64) throws -> CommandOutcome {
        let outcome = try DaemonRuntime(home: home, store: try store(), options: try offline()).applyOffline(
            commandID: id)
        return .executed(outcome.status, outcome.result)
    }

    /// The instance lock when nobody holds it, or nil when a running offstage does.
    private func lockIfFree() throws -> InstanceLock? {
        do {
            try home.prepare()
            return try InstanceLock.acquire(home: home)
        } catch StoreError.locked {
            return nil
        }
    }
}
