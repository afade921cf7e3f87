import Foundation

/// What the scheduler has learned about when the user opens the app: opens per hour of the local day, each one
/// fading with age (a half-life), so this week's habits count more than last month's. WWDC20 10063 ranks app usage
/// as "apps used most, at this time of day"; this is that factor, for one app.
///
/// Times are steady seconds (see `SteadyClock`). The history lives in the store's own table (`learned_usage`),
/// not in the scheduler's JSON row, and a force-quit clears it.
public struct UsageHistory: Codable, Sendable, Equatable {
    /// Opens in each hour of the local day (24 cells, 0 = 00:00–00:59), each decayed to `asOf`.
    public private(set) var opensByHour: [Double]
    /// The steady time the cells are decayed to.
    public private(set) var asOf: Double
    /// The steady time of the first open learned (nil: nothing learned since the install or the last force-quit).
    public private(set) var firstOpen: Double?

    /// Nothing learned.
    public init() {
        opensByHour = Array(repeating: 0, count: 24)
        asOf = 0
        firstOpen = nil
    }

    /// A history as stored; cells that are not finite and non-negative count as 0, and a list of the wrong length
    /// is cut or padded to 24, so no stored value can make the policy misbehave.
    public init(opensByHour: [Double], asOf: Double, firstOpen: Double?) {
        let cells = opensByHour.prefix(24).map { $0.isFinite && $0 > 0 ? $0 : 0 }
        self.opensByHour = cells + Array(repeating: 0, count: 24 - cells.count)
        self.asOf = asOf.isFinite ? asOf : 0
        self.firstOpen = firstOpen.flatMap { $0.isFinite ? $0 : nil }
    }

    /// Decodes through the validating initialiser.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            opensByHour: try c.decode(.opensByHour, default: []), asOf: try c.decode(.asOf, default: 0),
            firstOpen: try c.decodeIfPresent(Double.self, forKey: .firstOpen))
    }

    /// Whether any open has been learned.
    public var isEmpty: Bool { firstOpen == nil }

    /// The cells decayed from `asOf` to `steady` (a `steady` before `asOf` decays nothing).
    public func decayed(to steady: Double, halfLife: Double) -> [Double] {
        let factor = Self.decay(over: steady - asOf, halfLife: halfLife)
        return factor == 1 ? opensByHour : opensByHour.map { $0 * factor }
    }

    /// The learned opens per day in each hour at `steady`: the decayed opens over the decayed number of days
    /// observed since the first open (at least one day, so one open is not read as many a day).
    public func opensPerDay(at steady: Double, halfLife: Double) -> [Double] {
        guard let firstOpen else { return Array(repeating: 0, count: 24) }
        let days = Self.decayedDays(over: max(0, steady - firstOpen), halfLife: halfLife)
        return decayed(to: steady, halfLife: halfLife).map { $0 / max(1, days) }
    }

    /// Seconds since the first open learned (0 when nothing is).
    public func learnedFor(at steady: Double) -> Double {
        firstOpen.map { max(0, steady - $0) } ?? 0
    }

    /// The user opened the app in hour `hour` (0…23) of the local day at steady time `steady`.
    public mutating func recordOpen(hour: Int, at steady: Double, halfLife: Double) {
        guard steady.isFinite else { return }
        if steady > asOf {
            opensByHour = decayed(to: steady, halfLife: halfLife)
            asOf = steady
        }
        opensByHour[min(max(hour, 0), 23)] += 1
        if firstOpen == nil { firstOpen = steady }
    }

    /// Forgets everything (the user force-quit the app).
    public mutating func reset() {
        self = UsageHistory()
    }

    /// `0.5^(seconds / halfLife)`, 1 for no time or no half-life.
    static func decay(over seconds: Double, halfLife: Double) -> Double {
        guard seconds > 0, halfLife > 0 else { return 1 }
        return pow(0.5, seconds / halfLife)
    }

    /// The days of `seconds`, each weighted by its decay: ∫ 0.5^(t / halfLife) dt over them, in days.
    static func decayedDays(over seconds: Double, halfLife: Double) -> Double {
        guard halfLife > 0 else { return seconds / 86_400 }
        return halfLife / log(2) * (1 - decay(over: seconds, halfLife: halfLife)) / 86_400
    }
}

/// Hours of the local day, computed from a date and a time zone without a calendar (cheap enough for replays).
public enum LocalHour {
    /// The hour of the day (0…23) of `date` in `timeZone`.
    public static func of(_ date: Date, in timeZone: TimeZone) -> Int {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        let hours = (local / 3600).rounded(.down)
        let hour = Clamped.int(hours.truncatingRemainder(dividingBy: 24))
        return hour < 0 ? hour + 24 : hour
    }

    /// The start of the local hour `date` falls in (zones half an hour off UTC included).
    public static func start(of date: Date, in timeZone: TimeZone) -> Date {
        let offset = Double(timeZone.secondsFromGMT(for: date))
        let local = date.timeIntervalSince1970 + offset
        return Date(timeIntervalSince1970: (local / 3600).rounded(.down) * 3600 - offset)
    }
}
