import Foundation

/// How a simulated user uses the app and the phone; each profile is replayed with seeded randomness.
public enum UsageProfile: String, Codable, Sendable, CaseIterable {
    /// Opens the app on about one day in ten.
    case rare
    /// Opens the app on about one or two days a week.
    case weekly
    /// Opens the app a few times nearly every day.
    case daily
    /// Opens the app 15–30 times every day.
    case heavy

    /// Probability that the app is opened at all on a given day.
    public var activeDayProbability: Double {
        switch self {
        case .rare: 0.1
        case .weekly: 0.2
        case .daily: 0.95
        case .heavy: 1
        }
    }

    /// Opens on an active day (inclusive range).
    public var opensPerActiveDay: ClosedRange<Int> {
        switch self {
        case .rare: 1...1
        case .weekly: 1...2
        case .daily: 2...4
        case .heavy: 15...30
        }
    }

    /// Length of one session in the app, in seconds.
    public var sessionLength: ClosedRange<Double> {
        switch self {
        case .rare, .weekly: 60...300
        case .daily: 120...600
        case .heavy: 60...900
        }
    }

    /// Probability that the phone is put on the charger at night.
    public var chargesAtNightProbability: Double {
        switch self {
        case .rare, .weekly: 0.8
        case .daily, .heavy: 0.95
        }
    }
}

/// The daily rhythm shared by all profiles: awake 07:00–23:00, at home on Wi-Fi 19:00–08:30, charging at night.
public enum DailyRhythm {
    /// Seconds after midnight the user wakes and unplugs the phone.
    public static let wake: Double = 7 * 3600
    /// Seconds after midnight the user leaves home (cellular from then).
    public static let leaveHome: Double = 8.5 * 3600
    /// Seconds after midnight the user is back home on Wi-Fi.
    public static let backHome: Double = 19 * 3600
    /// Seconds after midnight the user goes to bed and plugs the phone in.
    public static let bed: Double = 23 * 3600
    /// Battery percentage lost per hour on battery.
    public static let drainPerHour: Double = 4.5
}
