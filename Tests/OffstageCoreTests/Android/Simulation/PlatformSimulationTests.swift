import Foundation
import OffstageCore
import Testing

@Suite struct PlatformSimulationTests {
    @Test(arguments: [UsageProfile.rare, .heavy])
    func iosOutputIsUnchanged(usage: UsageProfile) throws {
        let setup = SimulationSetup.standard(days: 10, usage: usage, seed: 42)
        let text = try PlatformSimulation.report(
            platform: .ios, ios: setup, android: .standard(days: 10, usage: usage, seed: 42), hourly: false, json: false
        )
        #expect(text == SchedulerSimulation.run(setup).render())
        let json = try PlatformSimulation.report(
            platform: .ios, ios: setup, android: .standard(days: 10, usage: usage, seed: 42), hourly: false, json: true)
        #expect(!json.contains("waitTime"))
    }

    @Test func theWaitTallyChangesNothingElse() throws {
        let setup = SimulationSetup.standard(days: 14, usage: .daily, seed: 3)
        var tallied = SchedulerSimulation.run(setup, tallyingWaits: true)
        let plain = SchedulerSimulation.run(setup)
        for index in tallied.identifiers.indices {
            let waits = try #require(tallied.identifiers[index].waitTime)
            #expect(waits.values.reduce(0, +) <= 14 * 86_400 + 1)
            #expect(waits.values.allSatisfy { $0 > 0 })
            tallied.identifiers[index].waitTime = nil
        }
        #expect(tallied == plain)
        #expect(plain.identifiers.allSatisfy { $0.waitTime == nil })
    }

    @Test func aRareUsersIOSRefreshWaitsForUseAndTheBudget() throws {
        let report = SchedulerSimulation.run(.standard(days: 30, usage: .rare, seed: 42), tallyingWaits: true)
        let waits = try #require(report.identifier("com.example.refresh")?.waitTime)
        let total = waits.values.reduce(0, +)
        let usage =
            (waits["waiting for likely use"] ?? 0) + (waits[WaitReason.noUseExpected.text()] ?? 0)
        #expect(usage / total > 0.5, "\(waits)")
        #expect((usage + (waits["energy budget spent"] ?? 0)) / total > 0.9, "\(waits)")
    }

    @Test func bothRendersEveryTaskOfEachPlatformWithItsReasons() throws {
        let ios = SimulationSetup.standard(days: 7, usage: .heavy, seed: 1)
        let android = AndroidSimulationSetup.standard(days: 7, usage: .heavy, seed: 1)
        let text = try PlatformSimulation.report(
            platform: .both, ios: ios, android: android, hourly: false, json: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for handler in ios.apps[0].configuration.handlers {
            #expect(lines.filter { $0.hasPrefix("iOS") && $0.contains(handler.identifier) }.count == 3)
        }
        for work in android.works {
            #expect(lines.filter { $0.hasPrefix("Android") && $0.contains(work.name) }.count == 3)
        }
        #expect(text.contains("the same user and device on iOS and Android"))
        #expect(text.contains("Android device: the app was active"))
        let hourly = try PlatformSimulation.report(
            platform: .both, ios: ios, android: android, hourly: true, json: false)
        let chartRow = try #require(hourly.split(separator: "\n").last { $0.hasPrefix("Android com.example.refresh") })
        #expect(
            chartRow.filter { "·▁▂▃▄▅▆▇█".contains($0) }.count == 24, "one cell per hour of the day")
        #expect(chartRow.contains("█"))
        let opensRow = try #require(hourly.split(separator: "\n").last { $0.hasPrefix("opens ") })
        #expect(opensRow.filter { $0 == "·" }.count >= 6, "no opens at night: \(opensRow)")
    }

    @Test func jsonForBothHoldsBothReports() throws {
        let json = try PlatformSimulation.report(
            platform: .both, ios: .standard(days: 3, usage: .daily, seed: 1),
            android: .standard(days: 3, usage: .daily, seed: 1), hourly: false, json: true)
        let decoded = try JSONDecoder().decode(PlatformSimulationReport.self, from: Data(json.utf8))
        #expect(decoded.platform == .both)
        #expect(decoded.ios?.identifiers.first?.waitTime != nil)
        #expect(decoded.android?.works.count == 2)
        let android = try PlatformSimulation.report(
            platform: .android, ios: .standard(days: 3, usage: .daily, seed: 1),
            android: .standard(days: 3, usage: .daily, seed: 1), hourly: false, json: true)
        #expect(try JSONDecoder().decode(AndroidSimulationReport.self, from: Data(android.utf8)).works.count == 2)
    }
}
