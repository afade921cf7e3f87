import Foundation

/// Why an enqueued or blocked work request is not running now, typed; `text(now:)` says it in words.
///
/// Dates are absolute (virtual wall clock), so a view renders the countdown against its own `now`.
public enum WorkWaitReason: Codable, Sendable, Equatable, Hashable {
    /// Its initial delay runs until this date.
    case initialDelay(until: Date)
    /// It backs off after `Result.retry()` or a stop: attempt `attempt` may run at this date.
    case backoff(until: Date, attempt: Int)
    /// Periodic work: its next period (flex window) opens at this date.
    case nextPeriod(at: Date)
    /// Its network constraint is not met (the type it needs).
    case network(WorkNetworkType)
    /// It requires charging and the device is on battery.
    case charging
    /// It requires the battery not to be low, and it is.
    case batteryNotLow
    /// It requires the device to be idle, and it is in use.
    case deviceIdle
    /// It requires storage not to be low, and it is.
    case storageNotLow
    /// It waits for these prerequisites (by name) to succeed.
    case blocked(by: [String])
    /// The system holds the app's jobs back, until this date if known.
    case deferred(AndroidDeferral, opensAt: Date?)
    /// Expedited work with its quota spent; quota returns at this date (it runs as regular work meanwhile, if allowed).
    case expeditedQuotaSpent(until: Date?)
    /// The app's process is gone and this work needs it to start again (WorkManager restarts it on the next job).
    case processStarting
    /// Nothing holds it: it starts at the next job-scheduler pass.
    case eligible

    /// The reason in words, e.g. `backoff: attempt 3 in 2 min`; countdowns are measured from `now`.
    public func text(now: Date) -> String {
        func left(_ date: Date) -> String { DurationText.short(date.timeIntervalSince(now)) }
        switch self {
        case .initialDelay(let until): return "initial delay, runs in \(left(until))"
        case .backoff(let until, let attempt): return "backoff: attempt \(attempt) in \(left(until))"
        case .nextPeriod(let at): return "next period in \(left(at))"
        case .network(let type): return "needs a network (\(type.rawValue))"
        case .charging: return "needs charging"
        case .batteryNotLow: return "battery low"
        case .deviceIdle: return "device in use"
        case .storageNotLow: return "storage low"
        case .blocked(let names):
            return names.isEmpty ? "blocked by its chain" : "blocked by " + names.joined(separator: ", ")
        case .deferred(let deferral, let opensAt):
            let base: String
            switch deferral {
            case .doze: base = "Doze"
            case .bucketWindow: base = "bucket window closed"
            case .restrictedBucket: base = "restricted bucket"
            case .batterySaver: base = "battery saver"
            case .backgroundRestricted: return "background activity restricted by the user"
            case .forceStopped: return "app force-stopped: waits for the user to open it"
            case .networkDisabled: base = "network disabled by bucket"
            }
            return opensAt.map { "\(base), opens in \(left($0))" } ?? base
        case .expeditedQuotaSpent(let until):
            return until.map { "expedited quota spent, back in \(left($0))" } ?? "expedited quota spent"
        case .processStarting: return "process starting"
        case .eligible: return "eligible — waiting for the job scheduler"
        }
    }
}
