import Foundation
import OffstageCore
import Testing

/// The model against public observations of when iOS runs BG tasks (`simulate --calibrate`).
@Suite struct SchedulerCalibrationTests {
    @Test func everyObservationIsWithinWhatTheModelGives() {
        let results = SchedulerCalibration.run()
        #expect(results.count >= 6)
        #expect(Set(results.map(\.calibrationCase.source)).count >= 6, "at least six distinct sources")
        for result in results {
            #expect(
                result.within,
                "\(result.calibrationCase.observation): \(result.calibrationCase.sentence(result.value))")
        }
        let text = SchedulerCalibration.render(results)
        #expect(text.hasSuffix("All \(results.count) within."))
        #expect(text.contains("https://github.com/owntracks/ios/issues/839"))
    }

    @Test func theIssuesThreeFiguresHold() throws {
        func report(_ usage: UsageProfile, seed: UInt64) -> IdentifierReport? {
            SchedulerSimulation.run(.standard(days: 30, usage: usage, seed: seed)).identifier("com.example.refresh")
        }
        for seed: UInt64 in [1, 42] {
            let heavy = try #require(report(.heavy, seed: seed))
            #expect(heavy.runsPerDay <= 24, "heavy user, seed \(seed): \(heavy.runsPerDay) a day")
            let daily = try #require(report(.daily, seed: seed))
            let before = try #require(daily.runsBeforeUse)
            #expect(before >= 0.5, "daily user, seed \(seed): \(before) before use")
            let night = try #require(HourOfDayFigures.share(daily.runsByHour, in: 1..<5))
            #expect(night < 0.1, "daily user, seed \(seed): \(night) between 01:00 and 05:00")
        }
    }

    @Test func aFigureOutsideItsBoundsIsSaidSo() {
        var strict = SchedulerCalibration.cases[0]
        strict.bounds = 2...3
        let results = SchedulerCalibration.run([strict])
        #expect(!results[0].within)
        #expect(SchedulerCalibration.render(results).contains("OUTSIDE"))
        #expect(SchedulerCalibration.render(results).hasSuffix("1 of 1 outside."))
        #expect(SchedulerCalibration.json(results).first?.within == false)
    }

    @Test func boundsAndFiguresReadAsWords() {
        var item = SchedulerCalibration.cases[0]
        #expect(item.boundsText == "at most 10%")
        item.bounds = 0.5...1
        #expect(item.boundsText == "at least 50%")
        item.unit = .perDay
        item.bounds = 2...8
        #expect(item.boundsText == "2 to 8")
        #expect(item.sentence(5.25).hasPrefix("5.3 "))
        item.unit = .hours
        item.bounds = 0...172_800
        #expect(item.boundsText == "at most 48 h")
        #expect(item.sentence(nil).hasPrefix("no figure"))
    }
}
