import Foundation
import OffstageCore
import OffstageStore

/// The engine running in this process, for the face that hosts it (the dashboard, `demo`, `get`): the runtime
/// runs on a thread of its own; a command goes straight into its loop's mailbox (never through the inbox table)
/// and its outcome comes back once its changes are durable; its snapshots arrive as it publishes them.
public final class InProcessEngine: EngineClient, Sendable {
    /// The loop's mailbox once the runtime exists, and the commands sent before it did.
    private struct Mailbox {
        /// The runtime's mailbox (nil until the runtime is built).
        var queue: EventQueue?
        /// Items sent before it was, posted once it is.
        var early: [EventQueue.Item] = []
        /// A stop asked for before it was.
        var stopRequested: String?
        /// What the face asked to be sent before the runtime was built (set on it before it runs).
        var subscription: SnapshotSubscription?
    }

    private let mailbox = Locked(Mailbox())
    private let latest = LatestSnapshot()
    private let result = Locked<Result<RunOutcome, any Error>?>(nil)
    private let finished = DispatchSemaphore(value: 0)
    private let closed = Locked(false)
    /// Tells the face something arrived (a snapshot, an outcome, the end).
    private let wake: @Sendable () -> Void

    /// Starts the runtime that `make` builds, on a new thread. `make` gets the function to publish snapshots with
    /// (it sets it as the options' `onSnapshot`); `wake` tells the face a snapshot or an outcome arrived.
    public init(
        wake: @escaping @Sendable () -> Void,
        make: @escaping @Sendable (_ publish: @escaping @Sendable (Snapshot) -> Void) throws -> DaemonRuntime
    ) {
        self.wake = wake
        let latest = self.latest
        let result = self.result
        let finished = self.finished
        let mailbox = self.mailbox
        let thread = Thread {
            defer {
                finished.signal()
                wake()
            }
            do {
                let runtime = try make { snapshot in
                    latest.put(snapshot)
                    wake()
                }
                // A face that shows snapshots gets the engine's updates and applies them here: only what changed
                // crosses from the engine's thread, as it does over the attach socket.
                if runtime.publishesLocally {
                    runtime.deliverLocally { update in
                        latest.apply(update)
                        wake()
                    }
                }
                mailbox.withLock { box in
                    if let subscription = box.subscription { runtime.subscribeLocally(subscription) }
                    box.queue = runtime.queue
                    for item in box.early { runtime.queue.post(item) }
                    box.early = []
                    if let reason = box.stopRequested { runtime.queue.post(.shutdown(reason: reason)) }
                }
                result.set(.success(try runtime.run()))
            } catch {
                result.set(.failure(error))
            }
            // Commands that reached no loop are answered, never left waiting.
            mailbox.withLock { box in
                for case .command(_, _, let reply) in box.early {
                    reply.answer(.refused, "the engine stopped before executing it")
                }
                box.early = []
            }
        }
        thread.name = "offstage.engine"
        thread.start()
    }

    /// Sends a command to the loop; an `add` creates its task with the id the loop reserves.
    public func send(_ command: DaemonCommand) throws -> CommandTicket {
        if case .add = command, let refusal = EngineClientError.check(command) { throw refusal }
        return send(command, taskID: nil)
    }

    /// Sends a command to the loop; an `add` creates its task with `taskID` when given (reserved beforehand with
    /// `Store.reserveTaskID()`, so the face knows it before the engine runs the command).
    public func send(_ command: DaemonCommand, taskID: Int64?) -> CommandTicket {
        let reply = CommandReply()
        let item = EventQueue.Item.command(command, taskID: taskID, reply: reply)
        let ended = result.value != nil
        mailbox.withLock { box in
            if let queue = box.queue { queue.post(item) } else { box.early.append(item) }
        }
        if ended { reply.answer(.refused, "the engine stopped before executing it") }
        return CommandTicket(taskID: taskID, handle: .reply(reply))
    }

    /// The command's outcome once the loop executed it.
    public func outcome(of ticket: CommandTicket) -> CommandOutcome? {
        switch ticket.handle {
        case .reply(let reply): reply.outcome.map { .executed($0.status, $0.result) }
        case .settled(_, let outcome): outcome
        case .inbox: nil
        }
    }

    /// Waits for the outcome, or for the engine's end (then the command was refused as never executed).
    public func wait(for ticket: CommandTicket, timeout: Double) throws -> CommandOutcome {
        let deadline = DispatchTime.now() + max(0, timeout)
        while true {
            if let outcome = outcome(of: ticket) { return outcome }
            if ended != nil { return .executed(.refused, "the engine stopped before executing it") }
            if DispatchTime.now() >= deadline { return .stillPending(owner: getpid()) }
            usleep(5_000)
        }
    }

    /// The newest snapshot, when newer than `sequence`.
    public func snapshot(newerThan sequence: UInt64?) -> Snapshot? { latest.newer(than: sequence) }

    /// Asks the engine to send what `subscription` says from now on (its next snapshot comes at once).
    public func subscribe(_ subscription: SnapshotSubscription) {
        mailbox.withLock { box in
            if let queue = box.queue {
                queue.post(.subscribed(.local, subscription))
            } else {
                box.subscription = subscription
            }
        }
    }

    /// Why the engine stopped (nil while it runs).
    public var ended: String? {
        switch result.value {
        case .success(let outcome)?: Self.describe(outcome)
        case .failure(let error)?: "the engine stopped: \(error)"
        case nil: nil
        }
    }

    /// Asks the loop to stop cleanly (every request checkpoints); returns at once. Safe from any thread (a signal
    /// handler's).
    public func requestStop(reason: String) {
        mailbox.withLock { box in
            if let queue = box.queue { queue.post(.shutdown(reason: reason)) } else { box.stopRequested = reason }
        }
    }

    /// Waits for the engine's end and says how it ended.
    public func waitForEnd() -> Result<RunOutcome, any Error> {
        finished.wait()
        finished.signal()  // later waits return at once
        return result.value ?? .failure(EngineClientError.refused("the engine did not start"))
    }

    /// Asks the engine to stop cleanly and waits for it (the next start resumes every request).
    public func close() {
        guard !closed.value else { return }
        closed.set(true)
        requestStop(reason: "dashboard closed")
        _ = waitForEnd()
    }

    private static func describe(_ outcome: RunOutcome) -> String {
        switch outcome {
        case .idle: "the engine has nothing left to do"
        case .focusFinished: "the engine's tasks finished"
        case .interrupted(let reason): "the engine stopped (\(reason))"
        }
    }
}
