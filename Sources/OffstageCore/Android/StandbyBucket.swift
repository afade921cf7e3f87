/// An App Standby Bucket (Android 9+): how recently and how often the user uses the app, which sets its job quota.
///
/// The limits apply only while the device is on battery power (platform-semantics.md §6.7).
public enum StandbyBucket: String, Codable, Sendable, CaseIterable {
    /// In use now or very recently: no job restrictions.
    case active
    /// Used often: jobs get a 10-minute window every 2 hours.
    case workingSet = "working-set"
    /// Used regularly: jobs get a 10-minute window every 8 hours.
    case frequent
    /// Rarely used: jobs get a 10-minute window every 24 hours, and no network outside it.
    case rare
    /// Restricted: jobs once a day, no network.
    case restricted

    /// The name as Android's documentation writes it ("working set").
    public var title: String { self == .workingSet ? "working set" : rawValue }
}
