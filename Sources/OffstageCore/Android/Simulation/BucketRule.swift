import Foundation

/// How the replay turns the user's opens into a standby bucket (Android's own heuristic is not published; this
/// follows the bucket descriptions of platform-semantics.md §6.7, with thresholds of our choosing):
///
/// - active: the app is in the foreground, or was opened less than `activeFor` ago (1 h);
/// - working set: opened at least `workingSetOpens` times (3) in the past 24 h — "used often";
/// - frequent: opened within the past `frequentWithin` (2 days) — "used regularly, not necessarily every day";
/// - rare: opened longer ago than that;
/// - restricted: not opened for the policy's `restrictAfterUnused` (8 days), as the system model does itself.
public struct BucketRule: Codable, Sendable, Equatable {
    /// Seconds after an open the app stays active.
    public var activeFor: Double
    /// Opens in the past 24 h that make the working set.
    public var workingSetOpens: Int
    /// Seconds after the last open the app stays frequent (then rare).
    public var frequentWithin: Double

    /// The rule; the defaults are the ones documented above.
    public init(activeFor: Double = 3600, workingSetOpens: Int = 3, frequentWithin: Double = 2 * 86_400) {
        self.activeFor = activeFor
        self.workingSetOpens = workingSetOpens
        self.frequentWithin = frequentWithin
    }

    /// The bucket at `time` for opens at `opens` (seconds, ascending, none after `time`); nil: never opened.
    public func bucket(at time: Double, opens: [Double], inForeground: Bool, restrictAfter: Double?)
        -> StandbyBucket?
    {
        guard let last = opens.last else { return nil }
        let since = time - last
        if inForeground || since < activeFor { return .active }
        let recent = opens.reversed().prefix { time - $0 < 86_400 }.count
        if recent >= workingSetOpens { return .workingSet }
        if since < frequentWithin { return .frequent }
        if let restrictAfter, since >= restrictAfter { return .restricted }
        return .rare
    }

    /// The instants after an open at `open` where the rule's answer can change by itself.
    public func changes(after open: Double, restrictAfter: Double?) -> [Double] {
        [open + activeFor, open + 86_400, open + frequentWithin] + (restrictAfter.map { [open + $0] } ?? [])
    }
}
