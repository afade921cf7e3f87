import Foundation

/// App refresh shortly before likely use: the policy's reading of the learned `UsageHistory`.
extension SchedulerPolicy {
    /// Whole hours the scheduler looks ahead, after the current one (at least one).
    var lookaheadHours: Int {
        max(1, Clamped.int((configuration.usageLookahead / 3600).rounded(.up)))
    }

    /// Learned opens expected in the `lookaheadHours` hours after the hour of `now`, from `perDay` (24 cells).
    func expectedUse(after hour: Int, perDay: [Double]) -> Double {
        (1...lookaheadHours).reduce(0) { $0 + perDay[(hour + $1) % 24] }
    }

    /// Why an app refresh waits for use, or nil when the app is likely to be used soon after the current hour (or
    /// nothing has been learned for `usageLearningPeriod` yet: only the budgets hold it then).
    public func usageHold(_ usage: UsageHistory, now: Date, steady: Double) -> WaitReason? {
        let c = configuration
        guard !usage.isEmpty, usage.learnedFor(at: steady) >= c.usageLearningPeriod else { return nil }
        let perDay = usage.opensPerDay(at: steady, halfLife: c.usageHalfLife)
        let hour = LocalHour.of(now, in: timeZone)
        let threshold = likelyUseThreshold(perDay)
        if expectedUse(after: hour, perDay: perDay) >= threshold { return nil }
        guard let usual = nextUsualHour(after: hour, perDay: perDay, threshold: threshold) else {
            return .noUseExpected
        }
        let start = LocalHour.start(of: now, in: timeZone)
        return .awaitingLikelyUse(usualOpen: start + Double(usual) * 3600)
    }

    /// Hours from the hour of now to the usual hour of use refresh next runs before, or nil when no hour of the
    /// day has enough use: the first later hour from which use is expected, and within its lookahead the hour
    /// with the most opens.
    func nextUsualHour(after hour: Int, perDay: [Double], threshold: Double) -> Int? {
        for ahead in 1...24 {
            let from = (hour + ahead) % 24
            guard expectedUse(after: from, perDay: perDay) >= threshold else { continue }
            let best =
                (1...lookaheadHours).max { perDay[(from + $0) % 24] < perDay[(from + $1) % 24] } ?? 1
            return ahead + best
        }
        return nil
    }

    /// The expected use a lookahead needs for refresh to run: `likelyUseThreshold`, or `likelyUseShareOfPeak` of
    /// the day's busiest lookahead when that is more (the hours the app is used most, not every hour it is used).
    func likelyUseThreshold(_ perDay: [Double]) -> Double {
        let peak = (0..<24).reduce(0) { max($0, expectedUse(after: $1, perDay: perDay)) }
        return max(configuration.likelyUseThreshold, configuration.likelyUseShareOfPeak * peak)
    }

    /// Whether a launch of `request` on the device now spends the cellular data budget: app refresh fetches,
    /// processing only when it asked for a network.
    public func usesCellularData(_ request: BGTaskRequest, device: SchedulerDeviceState) -> Bool {
        device.conditions.network == .cellular
            && (request.kind == .appRefresh || request.requiresNetworkConnectivity)
    }
}
