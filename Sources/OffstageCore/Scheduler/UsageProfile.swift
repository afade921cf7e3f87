import Foundation

/// How a simulated user uses the app and the phone; each profile is replayed with seeded randomness.
///
/// People open an app at habitual times: the profiles draw each day's opens from times of day (`slots`), so the
/// scheduler has something to learn (`UsageHistory`).
public enum UsageProfile: String, Codable, Sendable, CaseIterable {
    /// Opens the app on about one day in ten, once, at any time of the day.
    case rare
    /// Opens the app on one or two days a week, in the evening.
    case weekly
    /// Opens the app nearly every day: in the morning, at midday and in the evening.
    case daily
    /// Opens the app 15–30 times every day, throughout its waking hours.
    case heavy

    /// The times of day this user may open the app; each day every slot is drawn in order.
    public var slots: [UsageSlot] {
        switch self {
        case .rare: [UsageSlot(chance: 0.1, from: 9, to: 21)]
        case .weekly: [UsageSlot(chance: 0.2, from: 18, to: 22, opens: 1...2)]
        case .daily:
            [
                UsageSlot(chance: 0.9, from: 7, to: 9), UsageSlot(chance: 0.75, from: 12, to: 13.5),
                UsageSlot(chance: 0.85, from: 19.5, to: 22.5), UsageSlot(chance: 0.3, from: 9, to: 19),
            ]
        case .heavy: [UsageSlot(chance: 1, from: 7, to: 23, opens: 15...30)]
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

/// A time of day a user may open the app: on a day, with probability `chance`, `opens` opens at uniformly drawn
/// times between the hours `from` and `to`.
public struct UsageSlot: Sendable, Equatable {
    /// Probability that the slot is used on a given day.
    public var chance: Double
    /// Start, in hours after midnight.
    public var from: Double
    /// End, in hours after midnight.
    public var to: Double
    /// How many opens the slot holds when used (inclusive).
    public var opens: ClosedRange<Int>

    /// A slot.
    public init(chance: Double, from: Double, to: Double, opens: ClosedRange<Int> = 1...1) {
        self.chance = chance
        self.from = from
        self.to = to
        self.opens = opens
    }

    /// The day's opens from this slot, in seconds after midnight (unsorted).
    func draw(_ random: inout SeededGenerator) -> [Double] {
        guard random.chance(chance) else { return [] }
        let count =
            opens.lowerBound == opens.upperBound
            ? opens.lowerBound
            : Clamped.int(random.uniform(Double(opens.lowerBound)...(Double(opens.upperBound) + 0.999)))
        return (0..<count).map { _ in random.uniform((from * 3600)...(to * 3600)) }
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
