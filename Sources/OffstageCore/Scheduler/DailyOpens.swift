import Foundation

/// A user's own pattern: the times of day they open the app, every day (`simulate --opens 08:00,12:30,21:00`).
/// Each open is drawn within ten minutes either side of its time, so the pattern is a habit, not a clock.
public struct DailyOpens: Codable, Sendable, Equatable {
    /// The times, in minutes after midnight (0…1439), in the order given.
    public private(set) var minutes: [Int]

    /// The most times one pattern may hold.
    public static let limit = 96
    /// How far either side of its time an open is drawn, in seconds.
    public static let jitter: Double = 600

    /// `HH:MM` times separated by commas (`08:00,12:30,21:00`), or nil when any is not a time of day, none is
    /// given, or there are more than `limit`.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !parts.isEmpty, parts.count <= Self.limit else { return nil }
        var minutes: [Int] = []
        for part in parts {
            guard let minute = Self.minute(of: part) else { return nil }
            minutes.append(minute)
        }
        self.minutes = minutes
    }

    /// Times in minutes after midnight; values outside a day are dropped.
    public init(minutes: [Int]) {
        self.minutes = minutes.filter { (0..<1440).contains($0) }
    }

    /// Decodes through the range check.
    public init(from decoder: any Decoder) throws {
        self.init(minutes: try decoder.singleValueContainer().decode([Int].self))
    }

    /// Encodes as the list of minutes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(minutes)
    }

    /// `08:00, 12:30, 21:00`.
    public var text: String {
        minutes.map { Self.clock($0) }.joined(separator: ", ")
    }

    /// `HH:MM` for minutes after midnight.
    public static func clock(_ minute: Int) -> String {
        let hour = minute / 60
        let rest = minute % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// Minutes after midnight of `H:MM` or `HH:MM` (00:00 to 23:59), or nil.
    static func minute(of text: String) -> Int? {
        let pieces = text.split(separator: ":", omittingEmptySubsequences: false)
        guard pieces.count == 2, (1...2).contains(pieces[0].count), pieces[1].count == 2,
            pieces.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(pieces[0]), let minute = Int(pieces[1]), hour < 24, minute < 60
        else { return nil }
        return hour * 60 + minute
    }

    /// The day's opens, in seconds after midnight (unsorted), each drawn within `jitter` of its time.
    func draw(_ random: inout SeededGenerator) -> [Double] {
        minutes.map { minute in
            let time = Double(minute * 60) + random.uniform(-Self.jitter...Self.jitter)
            return min(max(time, 0), 86_399)
        }
    }
}
