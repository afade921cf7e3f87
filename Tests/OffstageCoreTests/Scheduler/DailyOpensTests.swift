import Foundation
import OffstageCore
import Testing

@Suite struct DailyOpensTests {
    @Test func timesOfDayParse() throws {
        let opens = try #require(DailyOpens(parsing: "08:00,12:30, 21:00,7:05"))
        #expect(opens.minutes == [480, 750, 1260, 425])
        #expect(opens.text == "08:00, 12:30, 21:00, 07:05")
        #expect(DailyOpens(parsing: "00:00")?.minutes == [0])
        #expect(DailyOpens(parsing: "23:59")?.minutes == [1439])
    }

    @Test(arguments: [
        "", ",", "8", "24:00", "12:60", "12:5", "-1:00", "1:00:00", "08:00,", "noon", "０８:００", "8h30", "+8:00",
        "99999999999999999999:00",
    ])
    func anythingElseIsRefused(text: String) {
        #expect(DailyOpens(parsing: text) == nil)
    }

    @Test func tooManyTimesAreRefused() {
        let times = (0...DailyOpens.limit).map { DailyOpens.clock($0 * 10) }.joined(separator: ",")
        #expect(DailyOpens(parsing: times) == nil)
    }

    @Test func aReplayOpensTheAppNearTheUsersTimesEveryDay() throws {
        var setup = SimulationSetup.standard(days: 10, usage: .daily, seed: 3)
        setup.opens = DailyOpens(parsing: "08:00,21:00")
        let report = SchedulerSimulation.run(setup)
        #expect(report.opens == setup.opens)
        // Two a day, plus the install open at 09:00 on the first morning.
        #expect(report.userOpens == 21)
        #expect(report.opensByHour.reduce(0, +) == report.userOpens)
        let around = report.opensByHour[7] + report.opensByHour[8] + report.opensByHour[20] + report.opensByHour[21]
        #expect(around == 20, "each open within ten minutes of its time: \(report.opensByHour)")
        #expect(report.render().hasPrefix("10 days, opens at 08:00, 21:00, seed 3: the user opened the app 21 times"))
        let refresh = try #require(report.identifier("com.example.refresh"))
        #expect(refresh.runsByHour.reduce(0, +) == refresh.runs)
    }
}
