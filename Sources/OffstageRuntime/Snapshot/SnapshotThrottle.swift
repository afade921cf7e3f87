import Foundation
import OffstageCore

/// When to publish a snapshot: at most once per `interval` on a steady clock, and only when it differs from the
/// last one published in something a view shows (countdowns count in whole seconds, speeds in whole bytes/s).
/// A change that is only progress (bytes, speeds, ETAs, the clock and countdowns moving on) waits for
/// `progressInterval` instead: a view extrapolates the clock itself, and bars need not move more often.
struct SnapshotThrottle {
    /// The shortest time between two publications, seconds.
    var interval: Double
    /// The shortest time between two publications when only progress changed, seconds (at least `interval`).
    var progressInterval: Double
    /// The last publication's comparison key.
    private(set) var lastKey: Snapshot?
    /// The last publication's key with progress taken out too.
    private(set) var lastShape: Snapshot?
    /// The steady time of the last publication.
    private(set) var lastAt: Double?
    /// How many snapshots were published.
    private(set) var published = 0

    /// What `admit` decided.
    enum Admission: Equatable {
        /// Publish it (recorded as the last publication).
        case publish
        /// Nothing a view shows changed.
        case unchanged
        /// Only progress changed: look again at this steady time.
        case progressDue(Double)
    }

    /// A throttle allowing one publication per `interval` seconds, and one per `progressInterval` seconds (nil:
    /// `interval`) when only progress changed.
    init(interval: Double, progressInterval: Double? = nil) {
        self.interval = interval
        self.progressInterval = max(interval, progressInterval ?? interval)
    }

    /// Seconds until the next snapshot is worth building (0: now): `interval` after the last publication when
    /// `changed` says something beyond progress may have changed, else `progressInterval` after it.
    func wait(at steady: Double, changed: Bool = true) -> Double {
        guard let lastAt else { return 0 }
        return max(0, (changed ? interval : progressInterval) - (steady - lastAt))
    }

    /// Whether `snapshot` should go out at steady time `steady`; records it when so. `force` skips the change
    /// test, `ignoringInterval` the intervals (the last snapshot of a stopping loop).
    mutating func admit(_ snapshot: Snapshot, at steady: Double, force: Bool = false, ignoringInterval: Bool = false)
        -> Admission
    {
        guard ignoringInterval || wait(at: steady) <= 0 else { return .progressDue(steady + wait(at: steady)) }
        let key = Self.key(snapshot)
        guard force || key != lastKey else { return .unchanged }
        let shape = Self.shape(key)
        if !force, !ignoringInterval, shape == lastShape, let lastAt, steady - lastAt < progressInterval {
            return .progressDue(lastAt + progressInterval)
        }
        lastKey = key
        lastShape = shape
        lastAt = steady
        published += 1
        return .publish
    }

    /// The snapshot with what changes without a view showing it taken out: the sequence, the clock below a
    /// second, fractions of countdowns and of speeds.
    static func key(_ snapshot: Snapshot) -> Snapshot {
        var key = mappingCountdowns(snapshot) { $0.rounded(.up) }
        key.sequence = 0
        key.clock.now = Date(timeIntervalSince1970: snapshot.clock.now.timeIntervalSince1970.rounded(.down))
        key.app.budget.credits = (key.app.budget.credits * 100).rounded() / 100
        for index in key.transfers.indices {
            key.transfers[index].speed = key.transfers[index].speed.map { $0.rounded() }
        }
        return key
    }

    /// A key with progress taken out as well: the clock, the countdowns that `key` rounds, the budget's credits,
    /// and each transfer's bytes and speed. Two snapshots with the same shape differ only in how far things
    /// have got.
    static func shape(_ key: Snapshot) -> Snapshot {
        var shape = mappingCountdowns(key) { _ in 0 }
        shape.clock.now = Date(timeIntervalSince1970: 0)
        shape.app.budget.credits = 0
        for index in shape.transfers.indices {
            shape.transfers[index].bytes = 0
            shape.transfers[index].speed = shape.transfers[index].speed.map { _ in 0 }
        }
        return shape
    }

    /// The snapshot with every countdown it carries (background time, the relaunch delay, completion handlers,
    /// running tasks, requests' reasons, transfers' ETAs) passed through `transform`.
    private static func mappingCountdowns(_ snapshot: Snapshot, _ transform: (Double) -> Double) -> Snapshot {
        var mapped = snapshot
        mapped.app.backgroundTimeRemaining = mapped.app.backgroundTimeRemaining.map(transform)
        mapped.app.relaunchAvailableIn = transform(mapped.app.relaunchAvailableIn)
        for index in mapped.app.completionHandlers.indices {
            mapped.app.completionHandlers[index].secondsLeft = transform(
                mapped.app.completionHandlers[index].secondsLeft)
        }
        for index in mapped.runningTasks.indices {
            mapped.runningTasks[index].expiresIn = transform(mapped.runningTasks[index].expiresIn)
            mapped.runningTasks[index].deadlineIn = transform(mapped.runningTasks[index].deadlineIn)
        }
        for index in mapped.requests.indices {
            mapped.requests[index].reason = mapped.requests[index].reason.mappingSeconds(transform)
        }
        for index in mapped.transfers.indices {
            mapped.transfers[index].eta = mapped.transfers[index].eta.map(transform)
        }
        return mapped
    }
}

extension WaitReason {
    /// The same reason with each countdown it carries passed through `transform`.
    fileprivate func mappingSeconds(_ transform: (Double) -> Double) -> WaitReason {
        switch self {
        case .earliestIn(let s): .earliestIn(transform(s))
        case .budgetSpent(let s): .budgetSpent(nextCreditIn: s.map(transform))
        case .prefersExternalPower(let s): .prefersExternalPower(runsOnBatteryIn: transform(s))
        case .relaunchLimiter(let s): .relaunchLimiter(transform(s))
        case .eligible(let s): .eligible(nextWakeIn: s.map(transform))
        default: self
        }
    }
}
