import Foundation
import OffstageCore
import Testing

@Suite struct SchedulerSimulationTests {
    static let refresh = "com.example.refresh"

    @Test func heavierUsageRunsTheSameRequestMoreOften() throws {
        let reports = UsageProfile.allCases.map { SchedulerSimulation.run(.standard(days: 30, usage: $0, seed: 42)) }
        let perDay = try reports.map { try #require($0.identifier(Self.refresh)).runsPerDay }
        print(
            reports.map { "\($0.usage.rawValue): \($0.identifier(Self.refresh)?.runsPerDay ?? 0) runs/day" }.joined(
                separator: ", "))
        // rare < weekly < daily < heavy
        #expect(perDay[0] < perDay[1])
        #expect(perDay[1] < perDay[2])
        #expect(perDay[2] < perDay[3])
        let heavy = try #require(reports[3].identifier(Self.refresh))
        let rare = try #require(reports[0].identifier(Self.refresh))
        #expect(heavy.runsPerDay > 10)
        #expect(heavy.daysWithoutRun == 0)
        #expect(rare.daysWithoutRun > 15)
    }

    @Test func theSameSeedGivesTheSameReport() {
        let a = SchedulerSimulation.run(.standard(days: 14, usage: .daily, seed: 9))
        let b = SchedulerSimulation.run(.standard(days: 14, usage: .daily, seed: 9))
        let c = SchedulerSimulation.run(.standard(days: 14, usage: .daily, seed: 10))
        #expect(a == b)
        #expect(a != c)
    }

    @Test func processingRunsAtNightOnPower() throws {
        let report = SchedulerSimulation.run(.standard(days: 14, usage: .daily, seed: 3))
        let cleanup = try #require(report.identifier("com.example.db-cleanup"))
        #expect(cleanup.runs >= 10)
        #expect(cleanup.runsByHour.count == 24)
        for (hour, runs) in cleanup.runsByHour.enumerated() where runs > 0 {
            #expect(hour >= 23 || hour < 7, "processing ran at \(hour):00")
        }
    }

    @Test func reportEncodesAsJSONAndRendersAChart() throws {
        let report = SchedulerSimulation.run(.standard(days: 7, usage: .heavy, seed: 1))
        let decoded = try JSONDecoder().decode(SimulationReport.self, from: JSONEncoder().encode(report))
        #expect(decoded == report)
        let text = report.render()
        #expect(text.contains(Self.refresh))
        let row = try #require(report.chart().split(separator: "\n").first { $0.hasPrefix(Self.refresh) })
        #expect(row.hasSuffix(String(repeating: "█", count: 7)) || row.contains("▓"))
        let hourly = report.render(hourly: true).split(separator: "\n").map(String.init)
        let rows = try #require(hourly.firstIndex { $0.hasPrefix("hour of the day") })
        #expect(hourly[rows + 1].hasPrefix("opens"))
        #expect(hourly[rows + 2].hasPrefix(Self.refresh))
        #expect(hourly.count == rows + 3 + report.identifiers.count)
    }

    @Test func appMistakesShowInTheOutcomes() throws {
        var setup = SimulationSetup.standard(days: 7, usage: .daily, seed: 5)
        setup.apps[0].mistakes.skipsSetTaskCompleted = true
        let report = SchedulerSimulation.run(setup)
        let refresh = try #require(report.identifier(Self.refresh))
        #expect(refresh.outcomes["killed"] ?? 0 > 0)
        #expect(refresh.outcomes["completed"] == nil)
    }

    @Test func benchmarkEntryPointReplaysManyIdentifiers() {
        let clock = ContinuousClock()
        var report: SimulationReport?
        let elapsed = clock.measure { report = SchedulerSimulation.benchmark(days: 30, identifiers: 100, seed: 1) }
        print("simulate: 30 days × 100 identifiers in \(elapsed) (debug build; a figure, not an assertion)")
        #expect(report?.identifiers.count == 100)
        #expect((report?.identifiers.reduce(0) { $0 + $1.runs } ?? 0) > 0)
    }
}
