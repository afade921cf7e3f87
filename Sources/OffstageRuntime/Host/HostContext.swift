import Foundation
import OffstageCore
import OffstageStore

/// What every host of the engine shares: the home, its store, the clock, the loop's mailbox, and the ONE routine
/// that carries out a machine's transition (commit, refuse, complete the command, perform).
///
/// Owned by the runtime and used on its loop's thread only.
final class HostContext {
    /// The home.
    let home: OffstageHome
    /// Its store.
    let store: Store
    /// The runtime's clock.
    let time: any TimeSource
    /// The loop's mailbox, for work that ends on another thread.
    let queue: EventQueue
    /// How the runtime runs.
    let options: RuntimeOptions
    /// Whether this runtime only applies one command for a process that found no engine (`applyOffline`): it
    /// starts no work.
    var offline = false
    /// Called with each event-log line once it is durable.
    var onLog: (LogEntry) -> Void = { _ in }

    /// A context.
    init(home: OffstageHome, store: Store, time: any TimeSource, queue: EventQueue, options: RuntimeOptions) {
        self.home = home
        self.store = store
        self.time = time
        self.queue = queue
        self.options = options
    }

    /// The shared routine: every step commits in order (the first one completes `command`: refused when it
    /// refused, with what it did), then every step's side effects are performed, in order.
    func carryOut(_ steps: [HostStep], command: CommandSource?) throws {
        for (index, step) in steps.enumerated() {
            try commit(step.commitment, command: index == 0 ? command : nil)
        }
        for step in steps { try step.perform() }
    }

    /// Commits and completes the command, with no side effects after: an inbox command's outcome commits with
    /// the changes; an in-process one is answered once they are durable.
    func commit(_ commitment: Commitment, command: CommandSource?) throws {
        let (status, result) = commitment.outcome
        switch command {
        case .inbox(let id)?:
            try store.commit(
                commitment.changes, completing: (id: id, status: status, result: result),
                now: time.now())
        case .direct(let reply, _)?:
            try store.commit(commitment.changes, now: time.now())
            reply.answer(status, result)
        case nil:
            try store.commit(commitment.changes, now: time.now())
        }
        for entry in commitment.changes.log { onLog(entry) }
    }

    /// Refuses `command` (when there is one) for `reason`, changing nothing.
    func refuse(_ command: CommandSource?, _ reason: String) throws {
        guard let command else { return }
        try commit(Commitment(refusals: [reason]), command: command)
    }
}
