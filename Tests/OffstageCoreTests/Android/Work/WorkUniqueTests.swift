import Foundation
import OffstageCore
import Testing

@Suite("Unique work policies")
struct WorkUniqueTests {
    /// The state the existing unique work is put in before the second enqueue.
    enum Existing: String, Sendable, CaseIterable {
        /// No work with the name.
        case none
        /// Waiting (an initial delay of an hour).
        case enqueued
        /// Its worker runs.
        case running
        /// It returned success.
        case succeeded
        /// It returned failure.
        case failed
        /// It was cancelled.
        case cancelled
    }

    /// What the second enqueue does.
    enum Outcome: Sendable, Equatable {
        /// The existing request stands (`.kept`).
        case kept
        /// A new request in this initial state; `removesOld`: the old one is deleted.
        case inserted(WorkState, removesOld: Bool)
        /// Refused.
        case refused
    }

    /// Puts unique work "u" (spec `spec`) in state `existing`; returns its id.
    static func prepare(
        _ existing: Existing, spec: WorkRequestSpec, policy: ExistingWorkPolicy, in harness: inout WorkHarness
    )
        -> String?
    {
        guard existing != .none else { return nil }
        var first = spec
        if existing == .enqueued { first.initialDelay = 3600 }
        let id = harness.enqueue("u", first, policy: policy, at: 0)
        guard let id else { return nil }
        switch existing {
        case .succeeded: harness.send(.workerFinished(id: id, result: .success), at: 10)
        case .failed: harness.send(.workerFinished(id: id, result: .failure), at: 10)
        case .cancelled: harness.send(.cancel(.id(id)), at: 10)
        default: break
        }
        return id
    }

    static let oneTime: [(ExistingWorkPolicy, Existing, Outcome)] = [
        (.keep, .none, .inserted(.enqueued, removesOld: false)), (.keep, .enqueued, .kept), (.keep, .running, .kept),
        (.keep, .succeeded, .inserted(.enqueued, removesOld: true)),
        (.keep, .failed, .inserted(.enqueued, removesOld: true)),
        (.keep, .cancelled, .inserted(.enqueued, removesOld: true)),
        (.replace, .none, .inserted(.enqueued, removesOld: false)),
        (.replace, .enqueued, .inserted(.enqueued, removesOld: true)),
        (.replace, .running, .inserted(.enqueued, removesOld: true)),
        (.replace, .succeeded, .inserted(.enqueued, removesOld: true)),
        (.replace, .failed, .inserted(.enqueued, removesOld: true)),
        (.replace, .cancelled, .inserted(.enqueued, removesOld: true)),
        (.append, .none, .inserted(.enqueued, removesOld: false)),
        (.append, .enqueued, .inserted(.blocked, removesOld: false)),
        (.append, .running, .inserted(.blocked, removesOld: false)),
        (.append, .succeeded, .inserted(.enqueued, removesOld: false)),
        (.append, .failed, .inserted(.failed, removesOld: false)),
        (.append, .cancelled, .inserted(.cancelled, removesOld: false)),
        (.appendOrReplace, .none, .inserted(.enqueued, removesOld: false)),
        (.appendOrReplace, .enqueued, .inserted(.blocked, removesOld: false)),
        (.appendOrReplace, .running, .inserted(.blocked, removesOld: false)),
        (.appendOrReplace, .succeeded, .inserted(.enqueued, removesOld: false)),
        (.appendOrReplace, .failed, .inserted(.enqueued, removesOld: true)),
        (.appendOrReplace, .cancelled, .inserted(.enqueued, removesOld: true)),
        (.update, .none, .refused), (.cancelAndReenqueue, .none, .refused),
    ]

    @Test("one-time: every policy against every existing state (§6.5)", arguments: oneTime)
    func oneTimePolicies(_ row: (ExistingWorkPolicy, Existing, Outcome)) throws {
        try check(row, spec: WorkRequestSpec(worker: minuteWork))
    }

    static let periodic: [(ExistingWorkPolicy, Existing, Outcome)] = [
        (.keep, .none, .inserted(.enqueued, removesOld: false)), (.keep, .enqueued, .kept), (.keep, .running, .kept),
        (.keep, .cancelled, .inserted(.enqueued, removesOld: true)),
        (.update, .none, .inserted(.enqueued, removesOld: false)), (.update, .enqueued, .kept),
        (.update, .running, .kept), (.update, .cancelled, .inserted(.enqueued, removesOld: true)),
        (.cancelAndReenqueue, .none, .inserted(.enqueued, removesOld: false)),
        (.cancelAndReenqueue, .enqueued, .inserted(.enqueued, removesOld: true)),
        (.cancelAndReenqueue, .running, .inserted(.enqueued, removesOld: true)),
        (.cancelAndReenqueue, .cancelled, .inserted(.enqueued, removesOld: true)),
        (.replace, .enqueued, .inserted(.enqueued, removesOld: true)),
        (.replace, .running, .inserted(.enqueued, removesOld: true)),
        (.append, .none, .refused), (.appendOrReplace, .none, .refused),
    ]

    @Test("periodic: every policy against every existing state (§6.5)", arguments: periodic)
    func periodicPolicies(_ row: (ExistingWorkPolicy, Existing, Outcome)) throws {
        try check(
            row, spec: WorkRequestSpec(worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: 900, flex: 900))))
    }

    func check(_ row: (ExistingWorkPolicy, Existing, Outcome), spec: WorkRequestSpec) throws {
        let (policy, existing, outcome) = row
        var harness = WorkHarness()
        let old = Self.prepare(existing, spec: spec, policy: .keep, in: &harness)
        let wasRunning = harness.request(old)?.state == .running
        var second = spec
        second.tags = ["second"]
        harness.send(.enqueue(WorkEnqueue(spec: second, name: "u", policy: policy)), at: 20)
        switch outcome {
        case .refused:
            #expect(harness.refusals.count == 1)
            #expect(harness.model.state.requests.count == (old == nil ? 0 : 1))
        case .kept:
            let id = try #require(old)
            #expect(harness.actions.contains(.kept(id: id, name: "u")))
            #expect(harness.model.state.requests.count == 1)
            #expect(harness.stopped.isEmpty)
            if policy == .update {
                let request = try #require(harness.request(id))
                #expect(request.generation == 1)
                #expect(request.lastEnqueueAt == at(0))
                // A running run is not interrupted; the new spec waits for it to end.
                #expect((wasRunning ? request.pendingSpec : request.spec)?.tags == ["second"])
            } else {
                #expect(harness.request(id)?.spec.tags == [])
            }
        case .inserted(let initial, let removesOld):
            let enqueued = harness.actions.compactMap { action -> WorkState? in
                if case .enqueued(_, _, let state) = action { return state }
                return nil
            }
            #expect(enqueued == [initial])
            if let old {
                #expect((harness.request(old) == nil) == removesOld)
                #expect(harness.removed == (removesOld ? [old] : []))
                #expect(harness.stopped == (wasRunning && removesOld ? [.cancelledByApp] : []))
            }
            if policy == .replace && spec.isPeriodic { #expect(harness.warnings.count == 1) }
        }
    }

    @Test("UPDATE of running periodic work applies the new spec when the run ends")
    func updateAfterRun() throws {
        var harness = WorkHarness()
        let periodic = WorkRequestSpec(worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: 900, flex: 900)))
        let id = try harness.add("u", periodic, policy: .keep, at: 0)
        var changed = periodic
        changed.kind = .periodic(PeriodicSchedule(interval: 3600, flex: 3600))
        harness.send(.enqueue(WorkEnqueue(spec: changed, name: "u", policy: .update)), at: 10)
        #expect(harness.request(id)?.spec.kind.schedule?.interval == 900)
        harness.send(.workerFinished(id: id, result: .success), at: 60)
        let request = try #require(harness.request(id))
        #expect(request.spec.kind.schedule?.interval == 3600 && request.pendingSpec == nil)
        #expect(request.earliestRunAt == at(60 + 3600))
    }

    @Test("UPDATE cannot change one-time work into periodic work")
    func updateType() throws {
        var harness = WorkHarness()
        _ = try harness.add("u", WorkRequestSpec(worker: minuteWork, initialDelay: 60), policy: .keep)
        let periodic = WorkRequestSpec(worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: 900, flex: 900)))
        harness.send(.enqueue(WorkEnqueue(spec: periodic, name: "u", policy: .update)))
        #expect(
            harness.refusals == [
                "Can't update OneTimeWorker to Periodic Worker. Update operation must preserve worker's type."
            ])
    }
}
