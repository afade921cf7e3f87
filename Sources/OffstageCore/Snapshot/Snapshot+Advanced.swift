import Foundation

extension Snapshot {
    /// The same snapshot `seconds` of virtual time later, as a view extrapolates between two publications: the
    /// clock moves, and every countdown it carries (allowances, background time, limiter, handlers) shrinks.
    ///
    /// Bytes do not move: only the engine knows them. Frozen clocks pass 0.
    public func advanced(by seconds: Double) -> Snapshot {
        guard seconds.isFinite, seconds > 0 else { return self }
        var next = self
        next.clock.now = clock.now.addingTimeInterval(seconds)
        next.runningTasks = runningTasks.map {
            var task = $0
            task.expiresIn -= seconds
            task.deadlineIn -= seconds
            return task
        }
        next.app.backgroundTimeRemaining = app.backgroundTimeRemaining.map { max(0, $0 - seconds) }
        next.app.relaunchAvailableIn = max(0, app.relaunchAvailableIn - seconds)
        next.app.completionHandlers = app.completionHandlers.map {
            var handler = $0
            handler.secondsLeft = max(0, handler.secondsLeft - seconds)
            return handler
        }
        next.transfers = transfers.map {
            var transfer = $0
            transfer.eta = transfer.eta.map { max(0, $0 - seconds) }
            return transfer
        }
        return next
    }

    /// The snapshot without what changes by itself as time passes, for "did anything change?" comparisons.
    public var ignoringTime: Snapshot {
        var copy = self
        copy.sequence = 0
        copy.clock.now = Date(timeIntervalSince1970: 0)
        return copy
    }
}
