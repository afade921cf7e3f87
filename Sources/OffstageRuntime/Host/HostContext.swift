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

    /// The shared routine: every step commits in order (the first one completes command `commandID`: refused when
    /// it refused, with what it did), then every step's side effects are performed, in order.
    func carryOut(_ steps: [HostStep], commandID: Int64?) throws {
        for (index, step) in steps.enumerated() {
            try commit(step.commitment, commandID: index == 0 ? commandID : nil)
        }
        for step in steps { try step.perform() }
    }

    /// Commits and completes the command, with no side effects after.
    func commit(_ commitment: Commitment, commandID: Int64?) throws {
        try store.commit(commitment.changes, completing: commandID.map(commitment.completion), now: time.now())
        for entry in commitment.changes.log { onLog(entry) }
    }

    /// Refuses command `commandID` (when there is one) for `reason`, changing nothing.
    func refuse(_ commandID: Int64?, _ reason: String) throws {
        guard let commandID else { return }
        try commit(Commitment(refusals: [reason]), commandID: commandID)
    }
}
