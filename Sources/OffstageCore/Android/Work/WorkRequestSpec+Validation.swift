import Foundation

extension WorkRequestSpec {
    /// `MIN_PERIODIC_INTERVAL_MILLIS`: 15 min.
    public static let minimumInterval: Double = 15 * 60
    /// `MIN_PERIODIC_FLEX_MILLIS`: 5 min.
    public static let minimumFlex: Double = 5 * 60
    /// The longest duration accepted anywhere (delay, interval, simulated run): about 31 years. Longer ones are
    /// refused as WorkManager refuses an initial delay that would overflow its millisecond clock.
    public static let longestDuration: Double = 1e9

    /// The spec as WorkManager would build it, and the warnings it logs for what it coerced.
    ///
    /// Coerced with a warning (WorkManager logs and carries on): an interval under 15 min (to 15 min), a flex
    /// under 5 min (to 5 min) or over the interval (to the interval), a backoff delay outside 10 s … 5 h.
    /// Refused (WorkManager throws): expedited periodic work, expedited work with a delay or with constraints
    /// other than network and storage; and, for numbers WorkManager's `long`s cannot even hold, NaN, infinite,
    /// negative or absurdly long durations.
    public func validated() throws(WorkRequestError) -> (spec: WorkRequestSpec, warnings: [String]) {
        var spec = self
        var warnings: [String] = []
        spec.initialDelay = try Self.duration(initialDelay, "initial delay")
        if case .simulated(let seconds, let result) = worker {
            spec.worker = .simulated(seconds: try Self.duration(seconds, "simulated run time"), result: result)
        }
        if let schedule = kind.schedule {
            spec.kind = .periodic(try Self.coerced(schedule, warnings: &warnings))
        }
        spec.backoff.delay = try Self.coercedBackoff(backoff.delay, warnings: &warnings)
        if expedited != nil {
            if isPeriodic { throw WorkRequestError("PeriodicWorkRequests cannot be expedited") }
            if constraints.hasNonExpeditableConstraint {
                throw WorkRequestError("Expedited jobs only support network and storage constraints")
            }
            if spec.initialDelay > 0 { throw WorkRequestError("Expedited jobs cannot be delayed") }
        }
        return (spec, warnings)
    }

    /// A duration as entered: finite, not negative, not absurdly long.
    static func duration(_ seconds: Double, _ what: String) throws(WorkRequestError) -> Double {
        guard seconds.isFinite else { throw WorkRequestError("The \(what) is not a finite duration") }
        guard seconds >= 0 else { throw WorkRequestError("The \(what) cannot be negative") }
        guard seconds <= longestDuration else {
            throw WorkRequestError("The given \(what) is too large and will cause an overflow!")
        }
        return seconds
    }

    /// The interval and flex as `PeriodicWorkRequest.Builder` / `WorkSpec.setPeriodic` coerce them.
    static func coerced(_ schedule: PeriodicSchedule, warnings: inout [String]) throws(WorkRequestError)
        -> PeriodicSchedule
    {
        var interval = try duration(schedule.interval, "interval")
        var flex = try duration(schedule.flex, "flex interval")
        if interval < minimumInterval {
            warnings.append(
                "Interval duration lesser than minimum allowed value; Changed to 900000 ms (15 min)")
            interval = minimumInterval
        }
        if flex < minimumFlex {
            warnings.append("Flex duration lesser than minimum allowed value; Changed to 300000 ms (5 min)")
            flex = minimumFlex
        }
        if flex > interval {
            warnings.append(
                "Flex duration greater than interval duration; Changed to \(Clamped.int64(interval * 1000)) ms")
            flex = interval
        }
        return PeriodicSchedule(interval: interval, flex: flex)
    }

    /// A backoff delay clamped to 10 s … 5 h as `WorkSpec.setBackoffDelayDuration` does.
    static func coercedBackoff(_ delay: Double, warnings: inout [String]) throws(WorkRequestError) -> Double {
        guard !delay.isNaN else { throw WorkRequestError("The backoff delay is not a number") }
        guard delay >= 0 else { throw WorkRequestError("The backoff delay cannot be negative") }
        if delay > BackoffCriteria.maximumDelay {
            warnings.append("Backoff delay duration exceeds maximum value; Changed to 18000000 ms (5 h)")
            return BackoffCriteria.maximumDelay
        }
        if delay < BackoffCriteria.minimumDelay {
            warnings.append("Backoff delay duration less than minimum value; Changed to 10000 ms (10 s)")
            return BackoffCriteria.minimumDelay
        }
        return delay
    }
}
