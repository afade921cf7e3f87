import Foundation
import OffstageCore
import Testing

@Suite struct HourOfDayFiguresTests {
    @Test func countsFoldEveryDayIntoTwentyFourHours() {
        let counts = HourOfDayFigures.counts([0, 3599, 3600, 86_400 + 7200, 5 * 86_400 + 23 * 3600 + 59, -1, .nan])
        #expect(counts.count == 24)
        #expect(counts[0] == 2 && counts[1] == 1 && counts[2] == 1 && counts[23] == 1)
        #expect(counts.reduce(0, +) == 5, "negative and NaN times are not counted")
    }

    @Test func aRunIsBeforeUseWithinThreeHoursOfTheHourOfTheNextOpen() {
        let opens: [Double] = [12.5 * 3600]  // 12:30
        #expect(HourOfDayFigures.shareBeforeUse(runs: [9 * 3600], opens: opens) == 1, "09:00 is 3 h before 12:00")
        #expect(HourOfDayFigures.shareBeforeUse(runs: [12.2 * 3600], opens: opens) == 1, "12:12, before 12:30")
        #expect(HourOfDayFigures.shareBeforeUse(runs: [8.9 * 3600], opens: opens) == 0, "08:54 is too early")
        #expect(HourOfDayFigures.shareBeforeUse(runs: [13 * 3600], opens: opens) == 0, "after the last open")
        #expect(HourOfDayFigures.shareBeforeUse(runs: [12.5 * 3600], opens: opens) == 0, "at the open is not before")
        #expect(HourOfDayFigures.shareBeforeUse(runs: [], opens: opens) == nil)
        let two = HourOfDayFigures.shareBeforeUse(runs: [5 * 3600, 9 * 3600], opens: [7.5 * 3600, 20 * 3600])
        #expect(two == 0.5)
    }

    @Test func sharesOfHours() {
        var counts = Array(repeating: 0, count: 24)
        counts[2] = 1
        counts[23] = 1
        counts[12] = 2
        #expect(HourOfDayFigures.share(counts, in: 1..<5) == 0.25)
        #expect(HourOfDayFigures.share(counts, in: [23..<24, 0..<7]) == 0.5)
        #expect(HourOfDayFigures.share(Array(repeating: 0, count: 24), in: 0..<24) == nil)
    }

    @Test func theChartScalesEachRowToItsBusiestHour() {
        var opens = Array(repeating: 0, count: 24)
        opens[8] = 10
        opens[9] = 1
        let chart = HourOfDayChart.render(rows: [("opens", opens), ("none", Array(repeating: 0, count: 24))])
        let lines = chart.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("hour of the day") && lines[0].contains("00") && lines[0].contains("18"))
        #expect(lines[1].filter { $0 == "█" }.count == 1)
        #expect(lines[1].filter { $0 == "▁" }.count == 1, "a sliver is still drawn")
        #expect(lines[1].filter { $0 == "·" }.count == 22)
        #expect(lines[2].filter { $0 == "·" }.count == 24)
    }
}
