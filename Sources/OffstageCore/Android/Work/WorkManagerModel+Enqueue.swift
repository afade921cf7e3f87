import Foundation

extension WorkManagerModel {
    /// `enqueue` / `enqueueUniqueWork` / `enqueueUniquePeriodicWork`: validates, applies the unique-work policy
    /// (platform-semantics §6.5) and inserts the request ENQUEUED, BLOCKED, or already FAILED or CANCELLED when a
    /// prerequisite is.
    mutating func enqueue(_ request: WorkEnqueue, in t: inout WorkTransition) {
        let spec: WorkRequestSpec
        var warnings: [String]
        do {
            (spec, warnings) = try request.spec.validated()
        } catch {
            t.actions.append(.refuse(error.message))
            return
        }
        guard !request.name.isEmpty else { return t.actions.append(.refuse("The work name cannot be empty")) }
        if spec.isPeriodic && !request.after.isEmpty {
            // Kotlin's types enforce this (`then` takes OneTimeWorkRequests only); this is the reference's words.
            return t.actions.append(.refuse("PeriodicWorkRequests cannot be part of a chain"))
        }
        var policy = request.policy
        if let chosen = policy {
            if spec.isPeriodic && !chosen.appliesToPeriodic {
                return t.actions.append(
                    .refuse(
                        "\(chosen.rawValue) is not an ExistingPeriodicWorkPolicy (KEEP, UPDATE, CANCEL_AND_REENQUEUE)"))
            }
            if !spec.isPeriodic && !chosen.appliesToOneTime {
                return t.actions.append(
                    .refuse(
                        "\(chosen.rawValue) is not an ExistingWorkPolicy (KEEP, REPLACE, APPEND, APPEND_OR_REPLACE)"))
            }
            if spec.isPeriodic && chosen == .replace {
                warnings.append("ExistingPeriodicWorkPolicy.REPLACE is deprecated; using CANCEL_AND_REENQUEUE")
                policy = .cancelAndReenqueue
            }
        }
        var prerequisites: [String] = []
        for name in request.after {
            let leaves = leaves(of: state.requests.filter { $0.name == name })
            guard !leaves.isEmpty else { return t.actions.append(.refuse("no work named \(name) to run after")) }
            prerequisites.append(contentsOf: leaves.filter { !prerequisites.contains($0) })
        }
        let existing = state.requests.filter { $0.unique && $0.name == request.name }
        let pending = existing.filter { !$0.state.isFinished }
        switch policy {
        case nil:
            break
        case .keep?:
            if let kept = pending.last {
                t.actions.append(contentsOf: warnings.map(WorkAction.warn))
                return t.actions.append(.kept(id: kept.id, name: request.name))
            }
            delete(existing.map(\.id), in: &t)
        case .replace?, .cancelAndReenqueue?:
            cancelAndDelete(existing, in: &t)
        case .append?, .appendOrReplace?:
            if existing.contains(where: { $0.spec.isPeriodic }) {
                return t.actions.append(.refuse("Cannot append to periodic work \(request.name)"))
            }
            let leaves = leaves(of: existing)
            let broken = leaves.contains { id in
                guard let index = index(of: id) else { return false }
                return state.requests[index].state == .failed || state.requests[index].state == .cancelled
            }
            if policy == .appendOrReplace && broken {
                delete(existing.map(\.id), in: &t)
            } else {
                prerequisites.append(contentsOf: leaves.filter { !prerequisites.contains($0) })
            }
        case .update?:
            if let target = pending.first {
                t.actions.append(contentsOf: warnings.map(WorkAction.warn))
                return updateInPlace(target.id, with: spec, in: &t)
            }
            delete(existing.map(\.id), in: &t)
        }
        t.actions.append(contentsOf: warnings.map(WorkAction.warn))
        insert(spec, name: request.name, unique: policy != nil, prerequisites: prerequisites, in: &t)
    }

    /// Inserts a validated request; its state follows its prerequisites (FAILED over CANCELLED over BLOCKED).
    private mutating func insert(
        _ spec: WorkRequestSpec, name: String, unique: Bool, prerequisites: [String], in t: inout WorkTransition
    ) {
        let now = t.now
        let states = prerequisites.compactMap { id in index(of: id).map { state.requests[$0].state } }
        let initial: WorkState
        if states.contains(.failed) {
            initial = .failed
        } else if states.contains(.cancelled) {
            initial = .cancelled
        } else {
            initial = states.allSatisfy { $0 == .succeeded } ? .enqueued : .blocked
        }
        state.lastSequence += 1
        var request = WorkRequest(
            id: Self.id(sequence: state.lastSequence), sequence: state.lastSequence, name: name, unique: unique,
            spec: spec, state: initial, prerequisites: prerequisites, now: now)
        if initial.isFinished { request.finishedAt = now }
        request.record(WorkDecision(time: now, outcome: .enqueued(initial)))
        state.requests.append(request)
        t.changed.insert(request.id)
        t.actions.append(.enqueued(id: request.id, name: name, state: initial))
    }

    /// `UPDATE`: the spec changes in place, keeping id, enqueue time and period count; a running run is not
    /// interrupted and the new spec applies when it ends.
    private mutating func updateInPlace(_ id: String, with spec: WorkRequestSpec, in t: inout WorkTransition) {
        let now = t.now
        guard let index = index(of: id) else { return }
        guard state.requests[index].spec.isPeriodic == spec.isPeriodic else {
            return t.actions.append(
                .refuse(
                    "Can't update \(spec.isPeriodic ? "OneTimeWorker to Periodic" : "PeriodicWorker to OneTime") "
                        + "Worker. Update operation must preserve worker's type."))
        }
        update(index, in: &t) { request in
            if request.state == .running {
                request.pendingSpec = spec
            } else {
                request.spec = spec
                request.earliestRunAt = request.nextRunTime()
            }
            request.generation += 1
            request.record(WorkDecision(time: now, outcome: .updated))
        }
        t.actions.append(.kept(id: id, name: state.requests[index].name))
    }

    /// The ids among `requests` that no other of them depends on (the chain's leaves), in enqueue order.
    func leaves(of requests: [WorkRequest]) -> [String] {
        let ids = Set(requests.map(\.id))
        let parents = Set(requests.flatMap(\.prerequisites).filter { ids.contains($0) })
        return requests.map(\.id).filter { !parents.contains($0) }
    }

    /// Cancels the unfinished ones (their dependents too), then deletes them all.
    private mutating func cancelAndDelete(_ requests: [WorkRequest], in t: inout WorkTransition) {
        for request in requests where !request.state.isFinished {
            if let index = index(of: request.id) { cancelOne(index, in: &t) }
        }
        delete(requests.map(\.id), in: &t)
    }

    /// Deletes requests from WorkManager's database.
    private mutating func delete(_ ids: [String], in t: inout WorkTransition) {
        let gone = Set(ids)
        guard !gone.isEmpty else { return }
        state.requests.removeAll { gone.contains($0.id) }
        t.removed.append(contentsOf: ids.filter { !t.removed.contains($0) })
    }
}
