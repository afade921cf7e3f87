import Foundation
import OffstageCore
import OffstageStore

/// What one machine transition asks of the shared routine: what to write, what it refused, and what it did.
struct Commitment {
    /// The store changes, written in one transaction.
    var changes = StoreCommit()
    /// Why the transition refused the command it served (empty: it did not).
    var refusals: [String] = []
    /// What the transition did, for the command's result; said after any refusal.
    var notes: [String] = []

    /// The command's end: refused with its refusals (and notes) first, else done with the notes or "ok".
    var outcome: (status: CommandStatus, result: String) {
        guard refusals.isEmpty else { return (.refused, (refusals + notes).joined(separator: "; ")) }
        return (.done, notes.isEmpty ? "ok" : notes.joined(separator: "; "))
    }
}

extension Commitment {
    /// A transfer transition's commit and refusals.
    init(transfers actions: [DaemonAction]) {
        for action in actions {
            if case .commit(let c) = action { changes.transfers = c }
            if case .refuse(let reason) = action { refusals.append(reason) }
            if case .note(let note) = action { notes.append(note) }
        }
    }

    /// App changes with transfer changes, refused for `refusals`; `result` says what a command did when done.
    init(app: AppChanges, transfers: StoreChanges = StoreChanges(), refusals: [String] = [], result: String = "ok") {
        changes = StoreCommit(transfers: transfers, app: app)
        self.refusals = refusals
        if refusals.isEmpty, result != "ok" { notes = [result] }
    }
}

/// One step of the shared routine: a transition's commitment, and what to do once it is durable.
struct HostStep {
    /// What to write, refuse and say.
    var commitment: Commitment
    /// The side effects, after the commit.
    var perform: () throws -> Void

    /// A step.
    init(_ commitment: Commitment, perform: @escaping () throws -> Void = {}) {
        self.commitment = commitment
        self.perform = perform
    }
}
