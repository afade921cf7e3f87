import Foundation

extension WorkManagerModel {
    /// `cancelWorkById` / `cancelUniqueWork` / `cancelAllWorkByTag` / `cancelAllWork`: unfinished matches become
    /// CANCELLED (a running worker is stopped, `CANCELLED_BY_APP`), and so do their dependents.
    mutating func cancel(_ selector: WorkSelector, in t: inout WorkTransition) {
        let matches = state.requests.indices.filter { index in
            let request = state.requests[index]
            switch selector {
            case .id(let id): return request.id == id
            case .name(let name): return request.name == name
            case .tag(let tag): return request.spec.tags.contains(tag)
            case .all: return true
            }
        }
        if matches.isEmpty {
            let what: String
            switch selector {
            case .id(let id): what = "id \(id)"
            case .name(let name): what = "named \(name)"
            case .tag(let tag): what = "tagged \(tag)"
            case .all: what = "at all"
            }
            return t.actions.append(.refuse("no work \(what)"))
        }
        let ids = matches.map { state.requests[$0].id }
        for id in ids {
            guard let index = index(of: id), !state.requests[index].state.isFinished else { continue }
            cancelOne(index, in: &t)
        }
    }

    /// Cancels one unfinished request and cascades CANCELLED to its dependents.
    mutating func cancelOne(_ index: Int, in t: inout WorkTransition) {
        let now = t.now
        let id = state.requests[index].id
        if state.requests[index].state == .running {
            endRun(index, reason: .cancelledByApp, in: &t)
        }
        update(index, in: &t) { request in
            request.state = .cancelled
            request.finishedAt = now
            request.record(WorkDecision(time: now, outcome: .cancelled))
        }
        cascade(from: id, to: .cancelled, in: &t)
    }

    /// Marks every unfinished dependent of `id` (transitively) `final` (FAILED or CANCELLED).
    mutating func cascade(from id: String, to final: WorkState, in t: inout WorkTransition) {
        let now = t.now
        var queue = [id]
        while let parent = queue.popLast() {
            for index in state.requests.indices {
                let request = state.requests[index]
                guard request.prerequisites.contains(parent), !request.state.isFinished else { continue }
                if request.state == .running { endRun(index, reason: .cancelledByApp, in: &t) }
                update(index, in: &t) { request in
                    request.state = final
                    request.finishedAt = now
                    request.record(WorkDecision(time: now, outcome: .cascaded(final)))
                }
                queue.append(request.id)
            }
        }
    }

    /// After `id` succeeded: BLOCKED dependents whose prerequisites all succeeded become ENQUEUED now.
    mutating func unblock(after id: String, in t: inout WorkTransition) {
        let now = t.now
        for index in state.requests.indices {
            let request = state.requests[index]
            guard request.state == .blocked, request.prerequisites.contains(id) else { continue }
            let done = request.prerequisites.allSatisfy { prerequisite in
                guard let at = self.index(of: prerequisite) else { return true }
                return state.requests[at].state == .succeeded
            }
            guard done else { continue }
            update(index, in: &t) { request in
                request.state = .enqueued
                request.lastEnqueueAt = now
                request.earliestRunAt = request.nextRunTime()
                request.record(WorkDecision(time: now, outcome: .unblocked))
            }
        }
    }

    /// Names of the unfinished prerequisites of request `index`, in order.
    func blockingNames(_ index: Int) -> [String] {
        var names: [String] = []
        for id in state.requests[index].prerequisites {
            guard let at = self.index(of: id), !state.requests[at].state.isFinished else { continue }
            let name = state.requests[at].name
            if !names.contains(name) { names.append(name) }
        }
        return names
    }
}
