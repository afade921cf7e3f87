import Foundation
import OffstageCore

/// When to publish a snapshot: at most once per `interval` on a steady clock, and only when it differs from the
/// last one published in something a view shows (countdowns count in whole seconds, speeds in whole bytes/s).
struct SnapshotThrottle {
    /// The shortest time between two publications, seconds.
    var interval: Double
    /// The last publication's comparison key.
    private(set) var lastKey: Snapshot?
    /// The steady time of the last publication.
    private(set) var lastAt: Double?
    /// How many snapshots were published.
    private(set) var published = 0

    /// A throttle allowing one publication per `interval` seconds.
    init(interval: Double) {
        self.interval = interval
    }

    /// Seconds until the next publication may go out (0: now).
    func wait(at steady: Double) -> Double {
        guard let lastAt else { return 0 }
        return max(0, interval - (steady - lastAt))
    }

    /// Whether `snapshot` should go out at steady time `steady`; records it when so. `force` skips the change
    /// test, `ignoringInterval` the interval (the last snapshot of a stopping loop).
    mutating func admit(_ snapshot: Snapshot, at steady: Double, force: Bool = false, ignoringInterval: Bool = false)
        -> Bool
    {
        guard ignoringInterval || wait(at: steady) <= 0 else { return false }
        let key = Self.key(snapshot)
        guard force || key != lastKey else { return false }
        lastKey = key
        lastAt = steady
        published += 1
        return true
    }

    /// The snapshot with what changes without a view showing it taken out: the sequence, the clock below a
    /// second, fractions of countdowns and of speeds.
    static func key(_ snapshot: Snapshot) -> Snapshot {
        var key = snapshot
        key.sequence = 0
        key.clock.now = Date(timeIntervalSince1970: snapshot.clock.now.timeIntervalSince1970.rounded(.down))
        key.app.backgroundTimeRemaining = key.app.backgroundTimeRemaining.map(whole)
        key.app.relaunchAvailableIn = whole(key.app.relaunchAvailableIn)
        key.app.budget.credits = (key.app.budget.credits * 100).rounded() / 100
        for index in key.app.completionHandlers.indices {
            key.app.completionHandlers[index].secondsLeft = whole(key.app.completionHandlers[index].secondsLeft)
        }
        for index in key.runningTasks.indices {
            key.runningTasks[index].expiresIn = whole(key.runningTasks[index].expiresIn)
            key.runningTasks[index].deadlineIn = whole(key.runningTasks[index].deadlineIn)
        }
        for index in key.requests.indices {
            key.requests[index].reason = wholeSeconds(key.requests[index].reason)
        }
        for index in key.transfers.indices {
            key.transfers[index].speed = key.transfers[index].speed.map { $0.rounded() }
            key.transfers[index].eta = key.transfers[index].eta.map(whole)
        }
        return key
    }

    private static func whole(_ seconds: Double) -> Double { seconds.rounded(.up) }

    private static func wholeSeconds(_ reason: WaitReason) -> WaitReason {
        switch reason {
        case .earliestIn(let s): .earliestIn(whole(s))
        case .budgetSpent(let s): .budgetSpent(nextCreditIn: s.map(whole))
        case .prefersExternalPower(let s): .prefersExternalPower(runsOnBatteryIn: whole(s))
        case .relaunchLimiter(let s): .relaunchLimiter(whole(s))
        case .eligible(let s): .eligible(nextWakeIn: s.map(whole))
        default: reason
        }
    }
}
