import Foundation
import OffstageCore
import Testing

@Suite struct SchedulerRunningTests {
    /// An app opened and left, with a refresh request launched at the first wake (t = 900).
    static func launchedRefresh() -> SchedulerHarness {
        var h = SchedulerHarness()
        h.openApp()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        h.run(until: 900)
        return h
    }

    @Test func expirationHandlerIsCalledFiveSecondsBeforeTheDeadline() {
        var h = Self.launchedRefresh()
        h.send(.expirationHandlerSet(identifier: refreshID))
        #expect(h.run(until: 924).expirationCalls.isEmpty)
        let actions = h.run(until: 925)
        #expect(actions.expirationCalls == [refreshID])
        h.send(.taskCompleted(identifier: refreshID, success: false), at: 926)
        #expect(h.scheduler.state.history.last?.outcome == .failed)
        #expect(h.scheduler.state.penalties.isEmpty)
    }

    @Test func withoutAnExpirationHandlerTheTaskIsMarkedCompleteUnsuccessful() {
        var h = Self.launchedRefresh()
        let actions = h.run(until: 925)
        #expect(actions.contains(.stopHandler(identifier: refreshID)))
        #expect(actions.killCodes.isEmpty)
        #expect(h.scheduler.state.history.last?.outcome == .expiredWithoutHandler)
        #expect(h.scheduler.state.penalties[refreshID]?.strikes == 1)
    }

    @Test func notCompletingByTheDeadlineKillsTheAppAndPenalises() {
        var h = Self.launchedRefresh()
        h.send(.expirationHandlerSet(identifier: refreshID))
        let actions = h.run(until: 930)
        #expect(actions.killCodes == ["0x2182bad2"])
        #expect(actions.logged(.bgKilled).first?.reason.hasPrefix("0x2182bad2") == true)
        #expect(h.scheduler.state.history.last?.outcome == .killed)
        #expect(h.scheduler.state.app.phase == .notRunning)
        #expect(h.lifecycle.phase == .notRunning)
        // Penalised: deferred 6 h, and while it has a strike a launch costs double.
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.text(refreshID) == "penalised until 14:15")  // killed at 08:15:30 UTC, plus 6 h
        #expect(
            h.scheduler.policy.launchCost(
                BGTaskRequest(identifier: refreshID, kind: .appRefresh), state: h.scheduler.state) == 2)
    }

    @Test func processingStopsWhenTheDeviceIsUsed() {
        var h = SchedulerHarness()
        h.openApp()
        h.submit(BGTaskRequest(identifier: cleanupID, kind: .processing))
        #expect(h.run(until: 900).handlerCalls == [cleanupID])
        h.send(.expirationHandlerSet(identifier: cleanupID))
        let actions = h.send(.deviceChanged(SchedulerDeviceState(inUse: true)), at: 960)
        #expect(actions.expirationCalls == [cleanupID])
    }

    @Test func aTaskRunningAtACrashIsInterruptedAfterRestart() throws {
        let h = Self.launchedRefresh()
        #expect(h.scheduler.state.running.count == 1)
        let persisted = try JSONDecoder().decode(TaskSchedulerState.self, from: JSONEncoder().encode(h.scheduler.state))
        var restarted = SchedulerHarness(state: persisted)
        restarted.monotonic = 5  // a new process: the monotonic clock starts again
        restarted.wallOffset = 900 + 60 - 5
        let actions = restarted.send(.started)
        #expect(actions.logged(.bgInterrupted).map(\.subject) == [refreshID])
        #expect(restarted.scheduler.state.history.last?.outcome == .interrupted)
        #expect(restarted.scheduler.state.running.isEmpty)
        #expect(restarted.scheduler.clock.steady(monotonic: 5) == 960)
    }

    @Test func aRequestDuePassedDuringDowntimeRunsOnce() {
        var h = SchedulerHarness()
        h.openApp()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh, earliestBeginDate: schedulerEpoch + 900))
        var restarted = SchedulerHarness(state: h.scheduler.state)
        restarted.monotonic = 0
        restarted.wallOffset = 3 * 86_400  // down for three days: many 15-min periods missed
        restarted.send(.started)
        // Three days after the only open (at 08:00), refresh waits for the hours before 08:00 tomorrow: once.
        #expect(
            restarted.text(refreshID)
                == "the app is usually opened around 08:00; refresh likely shortly before")
        let actions = restarted.run(until: 86_400)
        #expect(actions.handlerCalls == [refreshID])
        #expect(restarted.scheduler.state.pendingRequest(refreshID) == nil)
    }

    @Test(arguments: [3.0 * 86_400, -3600]) func wallClockJumpsNeitherRunTwiceNorSkip(_ jump: Double) {
        var h = SchedulerHarness()
        h.openApp()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh, earliestBeginDate: schedulerEpoch + 1200))
        h.send(.timerFired, at: 300)
        h.wallOffset = jump  // the wall clock jumps; monotonic time does not
        let jumped = h.send(.timerFired, at: 301)
        #expect(jumped.logged(.clockJumped).count == 1)
        #expect(h.text(refreshID) == "earliest in 15 min")  // still the elapsed wait it asked for
        var launches = h.run(until: 1199).handlerCalls
        #expect(launches.isEmpty)
        launches += h.run(until: 3 * 3600).handlerCalls
        #expect(launches == [refreshID])
    }

    @Test func aRunningTaskDeadlineIgnoresWallClockJumps() {
        var h = Self.launchedRefresh()
        h.send(.expirationHandlerSet(identifier: refreshID))
        h.wallOffset = 86_400
        #expect(h.send(.timerFired, at: 901).killCodes.isEmpty)
        h.wallOffset = -7200
        #expect(h.run(until: 930).killCodes == ["0x2182bad2"])
    }

    @Test func stateRoundTripsThroughCodableButTheLearnedUsage() throws {
        let h = Self.launchedRefresh()
        #expect(!h.scheduler.state.usage.isEmpty)
        let data = try JSONEncoder().encode(h.scheduler.state)
        #expect(
            !String(decoding: data, as: UTF8.self).contains("opensByHour"), "the usage has its own table")
        var expected = h.scheduler.state
        expected.usage = UsageHistory()
        #expect(try JSONDecoder().decode(TaskSchedulerState.self, from: data) == expected)
    }
}
