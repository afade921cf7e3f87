import Foundation

/// `submit`, `cancel` and `cancelAllTaskRequests`, with Apple's errors.
extension TaskScheduler {
    /// The error `submit` would throw for this request, or nil when it would be accepted.
    public func submitError(for request: BGTaskRequest) -> BGTaskSchedulerError? {
        if !state.device.conditions.backgroundRefresh || !state.backgroundRefreshForApp { return .unavailable }
        if !configuration.permittedIdentifiers.contains(request.identifier)
            || !configuration.backgroundModes.contains(request.kind.requiredBackgroundMode)
        {
            return .notPermitted
        }
        let others = state.pending.filter { $0.request.kind == request.kind && $0.identifier != request.identifier }
        if others.count >= parameters.pendingLimit(request.kind) { return .tooManyPendingTaskRequests }
        return nil
    }

    /// `submit(_:)`: replaces any pending request of the identifier.
    mutating func submit(_ request: BGTaskRequest, in t: inout SchedulerTransition) {
        var request = request
        // A date no command line sends (a crafted inbox row): at most 10 years ahead, and NaN-free.
        if let earliest = request.earliestBeginDate {
            let limit = TransferSpec.maximumDelay
            let ahead = Clamped.within(earliest.timeIntervalSince(t.now), -limit...limit)
            request.earliestBeginDate = t.now + ahead
        }
        if let error = submitError(for: request) {
            t.log(
                .bgRejected, request.identifier,
                "submit failed: BGTaskScheduler.Error.\(error.name)" + explanation(of: error, request))
            t.actions.append(.reply(.submitFailed(identifier: request.identifier, error: error)))
            return
        }
        let replaced = state.pending.contains { $0.identifier == request.identifier }
        state.pending.removeAll { $0.identifier == request.identifier }
        state.pending.append(PendingTaskRequest(request: request, submittedAt: t.now, submittedSteady: t.steady))
        var detail = request.kind == .appRefresh ? "app refresh" : "processing"
        if let earliest = request.earliestBeginDate, earliest > t.now {
            detail += ", earliest in \(DurationText.short(earliest.timeIntervalSince(t.now)))"
        }
        if request.requiresNetworkConnectivity { detail += ", needs a network" }
        if request.requiresExternalPower { detail += ", needs external power" }
        if replaced { detail += " (replaces the pending request)" }
        t.log(.bgSubmitted, request.identifier, detail)
        t.actions.append(.reply(.submitted(identifier: request.identifier)))
    }

    /// Why an error was returned, for the log.
    private func explanation(of error: BGTaskSchedulerError, _ request: BGTaskRequest) -> String {
        switch error {
        case .unavailable:
            return state.device.conditions.backgroundRefresh
                ? " (Background App Refresh is off for this app)" : " (Background App Refresh is off on this device)"
        case .notPermitted:
            if !configuration.permittedIdentifiers.contains(request.identifier) {
                return " (not in BGTaskSchedulerPermittedIdentifiers)"
            }
            return " (UIBackgroundModes lacks \(request.kind.requiredBackgroundMode.rawValue))"
        case .tooManyPendingTaskRequests:
            return " (\(parameters.pendingLimit(request.kind)) \(request.kind.rawValue) already pending)"
        }
    }

    /// `cancel(taskRequestWithIdentifier:)`.
    mutating func cancel(_ identifier: String, in t: inout SchedulerTransition) {
        guard state.pendingRequest(identifier) != nil else {
            t.actions.append(.refuse("no pending request with identifier \(identifier)"))
            return
        }
        state.pending.removeAll { $0.identifier == identifier }
        t.log(.bgCancelled, identifier)
    }

    /// `cancelAllTaskRequests()`.
    mutating func cancelAll(in t: inout SchedulerTransition) {
        for pending in state.pending { t.log(.bgCancelled, pending.identifier, "cancelAllTaskRequests") }
        state.pending = []
    }
}
