import Foundation
import OffstageCore
import Testing

@Suite struct AndroidSimulationTests {
    static let refresh = "com.example.refresh"
    static let feed = "com.example.feed"

    /// Share of a report's waiting time spent on these categories.
    static func share(_ waits: [String: Double], _ categories: [String]) -> Double {
        let total = waits.values.reduce(0, +)
        guard total > 0 else { return 0 }
        return categories.map { waits[$0] ?? 0 }.reduce(0, +) / total
    }

    /// Runs between 07:00 and 23:00 (awake, off the charger), per day.
    static func daytimeRunsPerDay(_ report: WorkRunReport) -> Double {
        let day = report.runsByHour[7..<23].reduce(0, +)
        return Double(day) / Double(max(1, report.runsByDay.count))
    }

    struct Row: Sendable, CustomStringConvertible {
        let usage: UsageProfile
        let minRunsPerDay: Double
        let maxMedianDelay: Double
        let minUsedBucketShare: Double
        let maxUsedBucketShare: Double
        let minDozeAndBucketShare: Double
        var description: String { usage.rawValue }
    }

    /// A heavy user's 15-min work runs near its interval (active / working set, no Doze while in use); a rare
    /// user's is held by the bucket's windows and Doze, so it runs by day far less and mostly on the charger.
    static let rows = [
        Row(
            usage: .heavy, minRunsPerDay: 60, maxMedianDelay: 900, minUsedBucketShare: 0.95, maxUsedBucketShare: 1,
            minDozeAndBucketShare: 0.9),
        Row(
            usage: .rare, minRunsPerDay: 10, maxMedianDelay: 900, minUsedBucketShare: 0, maxUsedBucketShare: 0.1,
            minDozeAndBucketShare: 0.9),
    ]

    @Test(arguments: rows)
    func periodicWorkFollowsTheBucketAndDoze(row: Row) throws {
        let report = AndroidSimulation.run(.standard(days: 30, usage: row.usage, seed: 42))
        let refresh = try #require(report.work(Self.refresh))
        #expect(refresh.runsPerDay >= row.minRunsPerDay)
        #expect(refresh.runsPerDay <= 96.1, "a 15-min period runs at most 96 times a day")
        #expect(try #require(refresh.medianDelay) <= row.maxMedianDelay)
        let total = report.bucketTime.values.reduce(0, +)
        #expect(abs(total - 30 * 86_400) < 1, "every second is in one bucket")
        let used = ((report.bucketTime["active"] ?? 0) + (report.bucketTime["working set"] ?? 0)) / total
        #expect(used >= row.minUsedBucketShare && used <= row.maxUsedBucketShare, "active + working set \(used)")
        #expect(report.dozingTime > 0, "the device dozes between uses")
        #expect(report.dozingWhileOpen == 0, "no Doze while the app is used")
        let held = Self.share(refresh.waitTime, ["Doze", "bucket window closed", "restricted bucket"])
        #expect(held >= row.minDozeAndBucketShare, "Doze and bucket share \(held)")
    }

    @Test func aRareUserRunsFarLessByDayAndDozesMore() throws {
        let heavy = AndroidSimulation.run(.standard(days: 30, usage: .heavy, seed: 42))
        let rare = AndroidSimulation.run(.standard(days: 30, usage: .rare, seed: 42))
        let heavyDay = Self.daytimeRunsPerDay(try #require(heavy.work(Self.refresh)))
        let rareDay = Self.daytimeRunsPerDay(try #require(rare.work(Self.refresh)))
        #expect(heavyDay > 40)
        #expect(rareDay * 5 < heavyDay, "rare \(rareDay) vs heavy \(heavyDay) daytime runs a day")
        #expect(rare.dozingTime > 3 * heavy.dozingTime)
        #expect((rare.bucketTime["rare"] ?? 0) + (rare.bucketTime["restricted"] ?? 0) > 15 * 86_400)
    }

    @Test func unmeteredWorkWaitsForWiFi() throws {
        let report = AndroidSimulation.run(.standard(days: 14, usage: .heavy, seed: 7))
        let feed = try #require(report.work(Self.feed))
        #expect(feed.runs > 0)
        // On Wi-Fi only at home: 19:00–08:30.
        #expect(feed.runsByHour.count == 24)
        for (hour, runs) in feed.runsByHour.enumerated() where runs > 0 {
            #expect(hour >= 19 || hour <= 8, "unmetered work ran at \(hour):00")
        }
        #expect((feed.waitTime["needs a network (unmetered)"] ?? 0) > 0)
    }

    @Test func theSameSeedGivesTheSameReport() {
        let a = AndroidSimulation.run(.standard(days: 14, usage: .daily, seed: 9))
        let b = AndroidSimulation.run(.standard(days: 14, usage: .daily, seed: 9))
        let c = AndroidSimulation.run(.standard(days: 14, usage: .daily, seed: 10))
        #expect(a == b)
        #expect(a != c)
    }

    @Test(arguments: UsageProfile.allCases)
    func bothPlatformsSeeTheSameUser(usage: UsageProfile) {
        let both = PlatformSimulation.run(
            platform: .both, ios: .standard(days: 10, usage: usage, seed: 4),
            android: .standard(days: 10, usage: usage, seed: 4))
        #expect(both.ios?.userOpens == both.android?.userOpens)
        #expect(both.ios?.userOpens ?? 0 > 0)
    }

    @Test func reportEncodesAsJSON() throws {
        let report = AndroidSimulation.run(.standard(days: 3, usage: .weekly, seed: 2))
        let decoded = try JSONDecoder().decode(AndroidSimulationReport.self, from: JSONEncoder().encode(report))
        #expect(decoded == report)
    }
}
