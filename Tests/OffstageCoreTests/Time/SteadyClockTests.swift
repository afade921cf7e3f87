import Foundation
import OffstageCore
import Testing

/// The model's one steady time base: continuous across restarts, never back, and the same for the BG scheduler and
/// the app's life cycle.
@Suite struct SteadyClockTests {
    static let wall = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func withinAProcessSteadyTimeFollowsTheMonotonicReading() {
        var clock = SteadyClock()
        #expect(clock.advance(now: Self.wall, monotonic: 500, restarting: true) == 0)
        #expect(clock.advance(now: Self.wall + 30, monotonic: 530, restarting: false) == 30)
        #expect(clock.steady(monotonic: 560) == 60)
        #expect(clock.takeWallJump() == 0)
    }

    @Test func aRestartContinuesFromTheLastReadingPlusTheDowntime() {
        var clock = SteadyClock()
        _ = clock.advance(now: Self.wall, monotonic: 500, restarting: true)
        _ = clock.advance(now: Self.wall + 100, monotonic: 600, restarting: false)
        // The machine rebooted: its monotonic clock starts again, 1 h of wall time later.
        #expect(clock.advance(now: Self.wall + 3700, monotonic: 3, restarting: true) == 3700)
        #expect(clock.advance(now: Self.wall + 3710, monotonic: 13, restarting: false) == 3710)
    }

    @Test func aReadingThatGoesBackHoldsSteadyTime() {
        var clock = SteadyClock()
        _ = clock.advance(now: Self.wall, monotonic: 500, restarting: true)
        _ = clock.advance(now: Self.wall + 10, monotonic: 510, restarting: false)
        #expect(clock.advance(now: Self.wall + 11, monotonic: 400, restarting: false) == 10)
        #expect(clock.advance(now: Self.wall + 12, monotonic: 401, restarting: false) == 11)
    }

    @Test func wallClockJumpsAddUpUntilTheSchedulerTakesThem() {
        var clock = SteadyClock()
        _ = clock.advance(now: Self.wall, monotonic: 0, restarting: true)
        _ = clock.advance(now: Self.wall + 10 + 3600, monotonic: 10, restarting: false)
        _ = clock.advance(now: Self.wall + 20 + 3600 - 60, monotonic: 20, restarting: false)
        #expect(clock.takeWallJump() == 3540)
        #expect(clock.takeWallJump() == 0)
    }

    @Test func aStateStoredBeforeThePendingJumpDecodes() throws {
        let old = #"{"offset":-12.5,"lastSteady":40}"#
        let clock = try JSONDecoder().decode(SteadyClock.self, from: Data(old.utf8))
        #expect(clock == SteadyClock(offset: -12.5, lastWall: nil, lastSteady: 40))
    }

    @Test func theSchedulerSeesTheLifeCyclesLimiterOnTheSameSteadyTime() throws {
        var h = SchedulerHarness()
        h.openApp()
        let persisted = try JSONDecoder().decode(
            TaskSchedulerState.self, from: JSONEncoder().encode(h.scheduler.state))
        // A new process whose monotonic clock starts at 7000, one minute of wall time later: steady time goes on.
        var restarted = SchedulerHarness(state: persisted)
        restarted.monotonic = 7000
        restarted.wallOffset = 60 - 7000 + h.monotonic
        restarted.send(.started)
        restarted.sendApp(.processRestarted)
        restarted.sendApp(.relaunchRequested(forSession: ModelAppSystemTests.session))
        let steady = restarted.scheduler.clock.steady(monotonic: restarted.monotonic)
        #expect(steady < 7000, "steady time continued from the last process, not from the new reading")
        let limiter = restarted.lifecycle.state.limiter
        #expect(limiter.delay == 60 && limiter.delayEndsAt == steady + 60)
        #expect(restarted.scheduler.state.app.relaunchAllowedAt == limiter.delayEndsAt)
        restarted.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        restarted.sendApp(.systemTerminated(reason: "memory pressure"), at: restarted.monotonic + 10)
        // The scheduler reads the limiter's delay on the same steady time: 60 s less the 10 s since.
        #expect(restarted.reason(refreshID) == .relaunchLimiter(50))
    }
}
