import Foundation

extension WorkWaitReason {
    /// The reason without its countdown, for a tally of waiting time (nil: the request's own time — its initial
    /// delay or next period — is still ahead, so it is not yet due).
    public var waitCategory: String? {
        let epoch = Date(timeIntervalSince1970: 0)
        switch self {
        case .initialDelay, .nextPeriod: return nil
        case .backoff: return "backoff"
        case .deferred(let deferral, _): return WorkWaitReason.deferred(deferral, opensAt: nil).text(now: epoch)
        case .expeditedQuotaSpent: return "expedited quota spent"
        case .eligible: return "waiting for the job scheduler"
        default: return text(now: epoch)
        }
    }
}
