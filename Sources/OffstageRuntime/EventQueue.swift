import Foundation
import OffstageCore

/// The runtime loop's mailbox: other threads (the engine, signal handlers) post, the loop waits and drains.
final class EventQueue: Sendable {
    /// Something the loop must react to.
    enum Item: Sendable {
        /// An event for the daemon.
        case daemon(DaemonEvent)
        /// A request to stop the loop cleanly (SIGINT, SIGTERM).
        case shutdown(reason: String)
        /// A BG task handler's shell command ended (`token` names the run it belonged to).
        case handlerCommandEnded(identifier: String, token: Int, success: Bool)
        /// An Android shell worker's command ended (`token` names the run it belonged to).
        case workerCommandEnded(id: String, token: Int, success: Bool)
        /// A client poked the attach socket: read the inbox now.
        case inboxPoked
        /// A view attached: publish a snapshot for it now.
        case snapshotWanted

        /// Whether it only moves a transfer's bytes on (what a view shows as progress).
        var isProgress: Bool {
            switch self {
            case .daemon(.engine(.progressed)), .daemon(.engine(.checkpointed)): true
            default: false
            }
        }
    }

    // Safety: `items` is only touched while `condition` is locked.
    private nonisolated(unsafe) var items: [Item] = []
    private let condition = NSCondition()

    /// Adds an item and wakes the loop.
    func post(_ item: Item) {
        condition.lock()
        items.append(item)
        condition.signal()
        condition.unlock()
    }

    /// Adds items in order and wakes the loop once (an engine turn's reports).
    func post(contentsOf batch: [Item]) {
        guard !batch.isEmpty else { return }
        condition.lock()
        items.append(contentsOf: batch)
        condition.signal()
        condition.unlock()
    }

    /// Takes everything posted so far, waiting up to `seconds` of real time when nothing is there.
    ///
    /// The wait is real on purpose: the runtime converts a virtual deadline into real seconds first.
    func drain(waitingAtMost seconds: Double) -> [Item] {
        condition.lock()
        defer { condition.unlock() }
        if items.isEmpty, seconds > 0 { _ = condition.wait(until: Date().addingTimeInterval(min(seconds, 3600))) }
        let taken = items
        items.removeAll(keepingCapacity: true)
        return taken
    }
}
