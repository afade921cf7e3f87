import Foundation
import OffstageCore
import Testing

@Suite struct UsageHistoryTests {
    static let week: Double = 604_800

    @Test func anOpenCountsInItsHourAndFadesByHalfEveryHalfLife() {
        var usage = UsageHistory()
        #expect(usage.isEmpty)
        usage.recordOpen(hour: 8, at: 0, halfLife: Self.week)
        #expect(!usage.isEmpty)
        #expect(usage.opensByHour[8] == 1)
        #expect(usage.opensByHour.reduce(0, +) == 1)
        #expect(abs(usage.decayed(to: Self.week, halfLife: Self.week)[8] - 0.5) < 1e-12)
        #expect(abs(usage.decayed(to: 2 * Self.week, halfLife: Self.week)[8] - 0.25) < 1e-12)
        // A second open a week later: the first counts half.
        usage.recordOpen(hour: 8, at: Self.week, halfLife: Self.week)
        #expect(abs(usage.opensByHour[8] - 1.5) < 1e-12)
        #expect(usage.asOf == Self.week)
    }

    @Test func opensPerDayDividesByTheDaysObservedAndNeverByLessThanOne() {
        var usage = UsageHistory()
        usage.recordOpen(hour: 7, at: 0, halfLife: 0)
        // An hour after the only open: one open in one day, not 24 a day.
        #expect(usage.opensPerDay(at: 3600, halfLife: 0)[7] == 1)
        // The same hour every day for ten days, no decay: one a day.
        for day in 1..<10 { usage.recordOpen(hour: 7, at: Double(day) * 86_400, halfLife: 0) }
        #expect(abs(usage.opensPerDay(at: 10 * 86_400, halfLife: 0)[7] - 1) < 1e-12)
        #expect(usage.opensPerDay(at: 10 * 86_400, halfLife: 0)[8] == 0)
    }

    @Test func aSteadyHabitReadsAsOneOpenADayWhateverTheHalfLife() {
        var usage = UsageHistory()
        for day in 0..<60 { usage.recordOpen(hour: 21, at: Double(day) * 86_400, halfLife: Self.week) }
        let perDay = usage.opensPerDay(at: 59 * 86_400 + 3600, halfLife: Self.week)[21]
        #expect(perDay > 0.95 && perDay < 1.1, "\(perDay)")
    }

    @Test func resetForgetsEverything() {
        var usage = UsageHistory()
        usage.recordOpen(hour: 3, at: 100, halfLife: Self.week)
        usage.reset()
        #expect(usage == UsageHistory())
        #expect(usage.opensPerDay(at: 200, halfLife: Self.week) == Array(repeating: 0, count: 24))
    }

    @Test func storedValuesAreCheckedSoNoneCanMisleadThePolicy() throws {
        let odd = UsageHistory(opensByHour: [1, -2, .nan, .infinity, 3], asOf: .nan, firstOpen: .infinity)
        #expect(odd.opensByHour.count == 24)
        #expect(Array(odd.opensByHour.prefix(5)) == [1, 0, 0, 0, 3])
        #expect(odd.asOf == 0)
        #expect(odd.firstOpen == nil)
        let long = UsageHistory(opensByHour: Array(repeating: 1, count: 30), asOf: 5, firstOpen: 1)
        #expect(long.opensByHour.count == 24)
        let json = #"{"opensByHour": [1, 2], "asOf": 10, "firstOpen": 4}"#
        let decoded = try JSONDecoder().decode(UsageHistory.self, from: Data(json.utf8))
        #expect(decoded.opensByHour.count == 24)
        #expect(decoded.opensByHour[1] == 2)
        // A record for an hour outside the day lands in the nearest hour, never out of bounds.
        var usage = UsageHistory()
        usage.recordOpen(hour: 99, at: 0, halfLife: Self.week)
        usage.recordOpen(hour: -3, at: 0, halfLife: Self.week)
        #expect(usage.opensByHour[23] == 1 && usage.opensByHour[0] == 1)
    }

    @Test(arguments: [
        ("UTC", 8), ("Asia/Kolkata", 13), ("America/New_York", 3), ("Pacific/Chatham", 21),
    ])
    func theHourIsTheLocalHour(zone: String, hour: Int) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        // 2027-01-15 08:10 UTC.
        let date = Date(timeIntervalSince1970: 1_800_000_600)
        #expect(LocalHour.of(date, in: timeZone) == hour)
        let start = LocalHour.start(of: date, in: timeZone)
        #expect(LocalHour.of(start, in: timeZone) == hour)
        #expect(date.timeIntervalSince(start) >= 0 && date.timeIntervalSince(start) < 3600)
    }
}
