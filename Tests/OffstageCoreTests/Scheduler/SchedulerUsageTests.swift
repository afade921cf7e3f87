import Foundation
import OffstageCore
import Testing

/// App refresh shortly before likely use: the scheduler learns when the app is opened, by hour of the day.
@Suite struct SchedulerUsageTests {
    static let day: Double = 86_400
    static let held = "the app is usually opened around 08:00; refresh likely shortly before"

    /// A harness whose user opened the app at 08:00 (the harness's epoch hour) on each of `days` days, and stands
    /// at `hour` o'clock of the last day.
    static func habit(days: Int, at hour: Double) -> SchedulerHarness {
        var h = SchedulerHarness()
        for day in 0..<days {
            h.send(.timerFired, at: Double(day) * Self.day)
            h.openApp()
        }
        h.send(.timerFired, at: Double(days - 1) * Self.day + (hour - 8) * 3600)
        return h
    }

    @Test func whileLearningOnlyTheBudgetsHoldRefresh() {
        var h = SchedulerHarness()
        h.openApp()
        h.send(.timerFired, at: 4 * 3600)  // 12:00, four hours after the only open
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.text(refreshID) == "eligible — waiting for the next scheduler wake")
        #expect(h.run(until: 5 * 3600).handlerCalls == [refreshID])
    }

    @Test func afterLearningRefreshWaitsForTheHoursBeforeUsualUse() {
        var h = Self.habit(days: 3, at: 12)
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.text(refreshID) == Self.held)
        // Nothing before 06:00 the next day: 08:00 is two hours ahead only from then.
        #expect(h.run(until: 3 * Self.day - 2 * 3600 - 1).handlerCalls.isEmpty)
        #expect(h.scheduler.state.decisions.last?.reason?.text() == Self.held)
        #expect(h.run(until: 3 * Self.day).handlerCalls == [refreshID])
    }

    @Test func theReasonNamesTheUsualHourInTheUsersTimeZone() throws {
        let kolkata = try #require(TimeZone(identifier: "Asia/Kolkata"))
        var h = SchedulerHarness()
        h.scheduler = TaskScheduler(
            configuration: sampleConfiguration(), policy: fixedPolicy(), seed: 7, timeZone: kolkata)
        for day in 0..<3 {
            h.send(.timerFired, at: Double(day) * Self.day)
            h.openApp()  // 08:00 UTC is 13:30 in Kolkata
        }
        #expect(h.scheduler.state.usage.opensByHour[13] > 2.5)
        h.send(.timerFired, at: 2 * Self.day + 6 * 3600)  // 19:30 there
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        let reason = try #require(h.reason(refreshID))
        #expect(
            reason.text(timeZone: kolkata) == "the app is usually opened around 13:00; refresh likely shortly before")
    }

    @Test func anAppNotOpenedForWeeksHasNoUsualHour() {
        var h = SchedulerHarness()
        h.openApp()
        h.send(.timerFired, at: 40 * Self.day)
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.text(refreshID) == "no use expected: the app has no usual time of day yet")
        #expect(h.run(until: 42 * Self.day).handlerCalls.isEmpty)
    }

    @Test func processingIsNotHeldForUse() {
        var h = Self.habit(days: 3, at: 12)
        h.submit(BGTaskRequest(identifier: cleanupID, kind: .processing))
        #expect(h.text(cleanupID) == "eligible — waiting for the next scheduler wake")
        #expect(h.run(until: 2 * Self.day + 5 * 3600).handlerCalls == [cleanupID])
    }

    @Test func aForceQuitForgetsWhatWasLearnedAndLearningStartsAgain() throws {
        var h = Self.habit(days: 3, at: 12)
        let quit = h.sendApp(.userForceQuit)
        let changes = try #require(quit.committed)
        #expect(changes.usage == UsageHistory())
        #expect(h.scheduler.state.usage.isEmpty)
        #expect(
            quit.logLines.contains { $0.reason.contains("what was learned about when the app is used is forgotten") })
        h.openApp()
        #expect(h.scheduler.state.usage.firstOpen == h.scheduler.clock.steady(monotonic: h.monotonic))
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.text(refreshID) == "eligible — waiting for the next scheduler wake")
    }

    @Test func onlyATransitionThatChangesTheUsageCarriesIt() throws {
        var h = SchedulerHarness()
        let opened = h.send(.userOpenedApp)
        let usage = try #require(opened.committed?.usage)
        #expect(usage.opensByHour[8] == 1)
        let submitted = h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(submitted.committed != nil)
        #expect(submitted.committed?.usage == nil)
    }
}
