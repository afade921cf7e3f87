import Foundation

/// The system's cellular data budget as this app's launches see it: launches that use the network while the
/// device is on cellular spend credits, which come back at a steady rate through the day (WWDC20 10063's sixth
/// factor: energy and data budgets, "spread through the day"). On Wi-Fi it costs nothing.
///
/// Times are steady seconds (see `SteadyClock`).
public struct DataBudget: Codable, Sendable, Equatable {
    /// Credits available now.
    public var credits: Double
    /// Steady time up to which regeneration has been added.
    public var accruedAt: Double

    /// A full budget at steady time `now`.
    public init(credits: Double, at now: Double = 0) {
        self.credits = credits.isFinite ? max(0, credits) : 0
        accruedAt = now
    }

    /// Adds the credits regenerated since the last accrual, up to `dataCapacity`.
    public mutating func accrue(to now: Double, _ policy: SchedulerPolicyConfiguration) {
        guard now > accruedAt else {
            accruedAt = min(accruedAt, now)
            return
        }
        let gained =
            policy.dataRefillInterval > 0 ? (now - accruedAt) / policy.dataRefillInterval : .infinity
        credits = min(policy.dataCapacity, credits + gained)
        accruedAt = now
    }

    /// Whether `cost` credits are available.
    public func canAfford(_ cost: Double) -> Bool {
        credits + 1e-9 >= cost
    }

    /// Spends `cost` credits.
    public mutating func spend(_ cost: Double) {
        credits = max(0, credits - cost)
    }

    /// Seconds until `cost` credits are available, or nil when the capacity is below the cost (never).
    public func timeUntilAffordable(_ cost: Double, _ policy: SchedulerPolicyConfiguration) -> Double? {
        if canAfford(cost) { return 0 }
        guard policy.dataCapacity + 1e-9 >= cost else { return nil }
        return (cost - credits) * policy.dataRefillInterval
    }
}
