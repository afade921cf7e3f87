import Foundation

/// Adds up, per task, how long it waited for each reason category while it was due (piecewise constant between
/// the replay's steps: every change that matters is a step).
struct WaitTally: Sendable, Equatable {
    /// Seconds per task and category.
    var seconds: [String: [String: Double]] = [:]
    /// Each waiting task's category since `since`.
    var current: [String: String] = [:]
    /// When `current` was read.
    var since: Double = 0

    /// Credits the time from `since` to `time` to the current categories.
    mutating func advance(to time: Double) {
        let span = time - since
        if span > 0 {
            for (task, category) in current { seconds[task, default: [:]][category, default: 0] += span }
        }
        since = max(since, time)
    }
}

extension WaitReason {
    /// The reason without its countdown, for a tally of waiting time (nil: not a wait for something outside the
    /// request — its earliest date is still ahead, or it runs).
    public var waitCategory: String? {
        switch self {
        case .earliestIn, .alreadyRunning: nil
        case .budgetSpent: "energy budget spent"
        case .dataBudgetSpent: "data budget spent"
        case .awaitingLikelyUse: "waiting for likely use"
        case .prefersExternalPower: "waiting for external power"
        case .relaunchLimiter: "relaunch limiter"
        case .penalisedUntil: "penalised"
        case .batteryCriticallyLow: "battery critically low"
        case .eligible: "waiting for the next scheduler wake"
        default: text()
        }
    }
}
