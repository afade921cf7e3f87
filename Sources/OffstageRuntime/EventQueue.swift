import Foundation
import OffstageCore
import Synchronization

/// The runtime loop's mailbox: other threads (the engine, signal handlers) post, the loop waits and drains.
final class EventQueue: Sendable {
    /// Something the loop must react to.
    enum Item: Sendable {
        /// An event for the daemon.
        case daemon(DaemonEvent)
        /// A command from a client in this process (`taskID`: the id an `add` creates, reserved by the client),
        /// answered through `reply`.
        case command(DaemonCommand, taskID: Int64?, reply: CommandReply)
        /// A request to stop the loop cleanly (SIGINT, SIGTERM).
        case shutdown(reason: String)
        /// A BG task handler's shell command ended (`token` names the run it belonged to).
        case handlerCommandEnded(identifier: String, token: Int, success: Bool)
        /// An Android shell worker's command ended (`token` names the run it belonged to).
        case workerCommandEnded(id: String, token: Int, success: Bool)
        /// A client poked the attach socket: read the inbox now.
        case inboxPoked
        /// A view asked for what it is sent (a client of the attach socket when it connects, the local face when it
        /// moves its window).
        case subscribed(SubscriberID, SnapshotSubscription)
        /// A view took its last update (a client's socket had room again): it may get the next.
        case subscriberReady(SubscriberID)
        /// A view went away (a client hung up).
        case subscriberGone(SubscriberID)

        /// Whether it only moves a transfer's bytes on (what a view shows as progress).
        var isProgress: Bool {
            switch self {
            case .daemon(.engine(.progressed)), .daemon(.engine(.checkpointed)): true
            default: false
            }
        }
    }

    private let items = Mutex<[Item]>([])
    /// Signalled when the mailbox goes from empty to not empty (a drain may find a signal left from a batch it
    /// already took: it then returns at once, empty, and the loop waits again).
    private let arrived = DispatchSemaphore(value: 0)

    /// Adds an item and wakes the loop.
    func post(_ item: Item) {
        let wasEmpty = items.withLock { queued in
            defer { queued.append(item) }
            return queued.isEmpty
        }
        if wasEmpty { arrived.signal() }
    }

    /// Whether a command from a client in this process waits to be taken (a run does not end before it is
    /// executed: it may start the very work the run waits for).
    var holdsCommands: Bool {
        items.withLock { $0.contains { if case .command = $0 { true } else { false } } }
    }

    /// Adds items in order and wakes the loop once (an engine turn's reports).
    func post(contentsOf batch: [Item]) {
        guard !batch.isEmpty else { return }
        let wasEmpty = items.withLock { queued in
            defer { queued.append(contentsOf: batch) }
            return queued.isEmpty
        }
        if wasEmpty { arrived.signal() }
    }

    /// Takes everything posted so far, waiting up to `seconds` of real time when nothing is there.
    ///
    /// The wait is real, on the monotonic clock, on purpose: the runtime converts a virtual deadline into real
    /// seconds first, and a wall-clock set never stretches it.
    func drain(waitingAtMost seconds: Double) -> [Item] {
        if seconds > 0, items.withLock({ $0.isEmpty }) {
            _ = arrived.wait(timeout: .now() + min(seconds, 3600))
        }
        return items.withLock { queued in
            defer { queued.removeAll(keepingCapacity: true) }
            return queued
        }
    }
}

/// An in-process command's outcome, set once by the loop and read by the client's thread.
final class CommandReply: Sendable {
    private let value = Mutex<(status: CommandStatus, result: String)?>(nil)

    /// An unanswered reply.
    init() {}

    /// Sets the outcome; the first answer wins.
    func answer(_ status: CommandStatus, _ result: String) {
        value.withLock { if $0 == nil { $0 = (status, result) } }
    }

    /// The outcome, once the loop answered.
    var outcome: (status: CommandStatus, result: String)? { value.withLock { $0 } }
}
