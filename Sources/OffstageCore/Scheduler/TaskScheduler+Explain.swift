import Foundation

/// One pending request and why it is not running now.
public struct RequestExplanation: Sendable, Equatable {
    /// The request.
    public var request: BGTaskRequest
    /// The reason.
    public var reason: WaitReason
    /// The reason as a short human string.
    public var text: String
}

extension TaskScheduler {
    /// For every pending request, the reason it is not running at wall time `now` / steady time `steady`.
    public func explain(now: Date, steady: Double, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current)
        -> [RequestExplanation]
    {
        var view = state
        view.budget.accrue(to: steady, parameters)
        view.dataBudget.accrue(to: steady, parameters)
        return state.pending.map { pending in
            let reason =
                policy.blockingReason(for: pending, state: view, now: now, steady: steady)
                ?? .eligible(nextWakeIn: state.nextWakeAt.map { max(0, $0 - steady) })
            return RequestExplanation(request: pending.request, reason: reason, text: reason.text(timeZone: timeZone))
        }
    }
}
