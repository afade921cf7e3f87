import Foundation

/// The per-app background (energy) budget: credits earned when the user opens the app and regenerated over time,
/// faster the more often and the more regularly the app is used; each app-refresh launch spends credits.
///
/// Times are steady seconds (see `SteadyClock`).
public struct BackgroundBudget: Codable, Sendable, Equatable {
    /// Credits available now (fractions accumulate between launches).
    public var credits: Double
    /// Steady time up to which regeneration has been added.
    public var accruedAt: Double
    /// Steady times of the user's opens within the usage window, oldest first.
    public var opens: [Double]

    /// A budget with `credits` at steady time `now`.
    public init(credits: Double, at now: Double = 0) {
        self.credits = credits
        accruedAt = now
        opens = []
    }

    /// Average opens per day over the usage window.
    public func opensPerDay(at now: Double, _ policy: SchedulerPolicyConfiguration) -> Double {
        let recent = opens.reduce(0) { $0 + (now - $1 < policy.usageWindow ? 1 : 0) }
        return Double(recent) / max(policy.usageWindow / 86_400, 1)
    }

    /// Fraction of the days in the usage window with at least one open (0…1): how regularly the app is used.
    public func regularity(at now: Double, _ policy: SchedulerPolicyConfiguration) -> Double {
        var days = 0
        var lastDay = -1
        for open in opens.reversed() {  // newest first: day indices only grow
            guard now - open < policy.usageWindow else { break }
            let day = Clamped.int((now - open) / 86_400)
            if day != lastDay {
                days += 1
                lastDay = day
            }
        }
        return Double(days) / max((policy.usageWindow / 86_400).rounded(.up), 1)
    }

    /// Whether the user opened the app within the usage window.
    public func usedRecently(at now: Double, _ policy: SchedulerPolicyConfiguration) -> Bool {
        opens.last.map { now - $0 < policy.usageWindow } ?? false
    }

    /// The most credits the budget holds: grows with daily opens.
    public func capacity(at now: Double, _ policy: SchedulerPolicyConfiguration) -> Double {
        min(policy.maxCapacity, policy.baseCapacity + opensPerDay(at: now, policy) * policy.capacityPerDailyOpen)
    }

    /// Seconds to regenerate one credit, or nil when the app is not used at all (credits then come only from opens).
    ///
    /// `refillInterval / (regularity × min(opens per day, maxCountedOpensPerDay))`: 6 h for an app opened once
    /// every day, an hour for one opened 6+ times every day, days for one opened once a week.
    public func refillInterval(at now: Double, _ policy: SchedulerPolicyConfiguration) -> Double? {
        let activity = regularity(at: now, policy) * min(opensPerDay(at: now, policy), policy.maxCountedOpensPerDay)
        return activity > 0 ? policy.refillInterval / activity : nil
    }

    /// Adds the credits regenerated since the last accrual.
    public mutating func accrue(to now: Double, _ policy: SchedulerPolicyConfiguration) {
        guard now > accruedAt else {
            accruedAt = min(accruedAt, now)
            return
        }
        if let interval = refillInterval(at: now, policy) {
            let cap = capacity(at: now, policy)
            if credits < cap { credits = min(cap, credits + (now - accruedAt) / interval) }
        }
        accruedAt = now
    }

    /// The user opened the app: record it and earn `creditsPerOpen` (up to the capacity).
    public mutating func recordOpen(at now: Double, _ policy: SchedulerPolicyConfiguration) {
        accrue(to: now, policy)
        opens.removeAll { now - $0 >= policy.usageWindow }
        opens.append(now)
        if opens.count > 1000 { opens.removeFirst(opens.count - 1000) }
        let cap = capacity(at: now, policy)
        if credits < cap { credits = min(cap, credits + policy.creditsPerOpen) }
    }

    /// Whether `cost` credits are available.
    public func canAfford(_ cost: Double) -> Bool {
        credits + 1e-9 >= cost
    }

    /// Spends `cost` credits.
    public mutating func spend(_ cost: Double) {
        credits = max(0, credits - cost)
    }

    /// Seconds until `cost` credits are available, or nil when only an open will bring them.
    public func timeUntilAffordable(_ cost: Double, at now: Double, _ policy: SchedulerPolicyConfiguration) -> Double? {
        if canAfford(cost) { return 0 }
        guard let interval = refillInterval(at: now, policy), capacity(at: now, policy) + 1e-9 >= cost else {
            return nil
        }
        return (cost - credits) * interval
    }
}
