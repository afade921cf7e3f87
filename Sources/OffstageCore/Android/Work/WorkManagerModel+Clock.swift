import Foundation

/// Waits after a jump of the wall clock: no wait outlasts the jump.
extension WorkManagerModel {
    /// Seconds a request's last enqueue may lie after `now` before the clock counts as having gone back (the
    /// clock's own jitter is smaller).
    static let clockBackTolerance: Double = 1

    /// The wall clock went back past a request's last enqueue (the start of its period, its backoff or its initial
    /// delay): its wait counts from now instead, so a 15-minute period never waits out a jump of a year. A jump
    /// forward needs nothing here: work already due runs once, and its next period counts from that run.
    mutating func recomputeWaitsAfterTheClockWentBack(in t: inout WorkTransition) {
        let now = t.now
        for index in state.requests.indices {
            let request = state.requests[index]
            guard request.state == .enqueued || request.state == .blocked,
                request.lastEnqueueAt > now.addingTimeInterval(Self.clockBackTolerance)
            else { continue }
            let back = request.lastEnqueueAt.timeIntervalSince(now)
            let before = request.earliestRunAt.timeIntervalSince(now)
            update(index, in: &t) { r in
                r.lastEnqueueAt = now
                if r.state == .enqueued { r.earliestRunAt = r.nextRunTime() }
            }
            let wait =
                request.state == .enqueued
                ? "its next run is recomputed from now: in "
                    + "\(DurationText.short(state.requests[index].earliestRunAt.timeIntervalSince(now))), not in "
                    + DurationText.short(before)
                : "its wait counts from now"
            t.actions.append(
                .warn(
                    "\(request.name): the wall clock went back \(DurationText.short(back)) before its last enqueue; "
                        + wait))
        }
    }
}
