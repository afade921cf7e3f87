import Foundation
import OffstageCore
import Testing

/// Background (silent) pushes: a launch or resume for about 30 s when allowed, the hourly budget, Low Power Mode,
/// Background App Refresh, a force-quit, and what APNs refuses.
@Suite struct SilentPushTests {
    static let background = SilentPush()

    /// The push lines of `actions`.
    static func pushLines(_ actions: [AppLifecycleAction]) -> [String] {
        actions.appLogged(.push).map(\.reason)
    }

    @Test func aBackgroundPushLaunchesTheAppForThirtySecondsThenItIsSuspended() {
        var h = AppHarness()
        let delivered = h.send(.pushReceived(Self.background), at: 100)
        #expect(delivered.has(.launchAppInBackground(reason: "a background push")))
        #expect(delivered.has(.callDelegate(.didFinishLaunching(inBackground: true))))
        #expect(h.app.phase == .background)
        #expect(
            Self.pushLines(delivered) == [
                "push (content-available, priority 5) delivered: the app runs in the background for up to 30 s "
                    + "(didReceiveRemoteNotification) (launched: not-running → background); 1 of about 3 this hour"
            ])
        // Past the grace it still runs: the push holds it for its 30 s.
        h.run(until: 20 + 100)
        #expect(h.app.phase == .background)
        let over = h.run(until: 131)
        #expect(h.app.phase == .suspended)
        #expect(Self.pushLines(over) == ["the push's 30 s of background time are over"])
    }

    @Test func aSuspendedAppIsResumed() {
        var h = AppHarness.inPhase(.suspended)
        let delivered = h.send(.pushReceived(Self.background), at: 50)
        #expect(delivered.has(.resumeAppInBackground(reason: "a background push")))
        #expect(Self.pushLines(delivered).first?.contains("(resumed: suspended → background)") == true)
    }

    @Test func theFourthPushInAnHourWaitsForTheBudgetAndIsDeliveredWhenTheOldestLeavesTheHour() {
        var h = AppHarness()
        for at in [0.0, 600, 1200] { h.send(.pushReceived(Self.background), at: at) }
        #expect(h.app.state.pushDeliveries == [0, 600, 1200])
        let throttled = h.send(.pushReceived(Self.background), at: 1800)
        #expect(
            Self.pushLines(throttled).last
                == "push (content-available, priority 5) deferred: throttled: 3 background pushes in the last hour "
                + "(the budget is about 3 an hour); delivered in 30 min")
        #expect(h.app.state.deferredPush != nil)
        // A newer push replaces the one held.
        let newer = h.send(.pushReceived(Self.background), at: 1900)
        #expect(
            Self.pushLines(newer).first?.hasSuffix("it replaces the push already held (coalesced)")
                == true)
        #expect(h.app.nextWakeUp(after: 1900) != nil)
        let later = h.run(until: 3600)
        #expect(h.app.state.deferredPush == nil)
        #expect(
            Self.pushLines(later).contains {
                $0.hasPrefix("the held push (content-available, priority 5) delivered")
            })
        #expect(h.app.state.pushDeliveries == [600, 1200, 3600])
    }

    @Test func afterAForceQuitAPushIsNotDelivered() {
        var h = AppHarness.inPhase(.active)
        h.send(.userForceQuit, at: 1)
        let dropped = h.send(.pushReceived(Self.background), at: 2)
        #expect(h.app.phase == .notRunning)
        #expect(
            Self.pushLines(dropped) == [
                "push (content-available, priority 5) not delivered: the user force-quit the app"
            ])
        #expect(h.app.state.pushDeliveries.isEmpty)
    }

    @Test func lowPowerModeDefersThePushUntilItEnds() {
        var h = AppHarness()
        h.send(.pushGateChanged(PushGate(lowPowerMode: true)), at: 0)
        let deferred = h.send(.pushReceived(Self.background), at: 10)
        #expect(h.app.phase == .notRunning)
        #expect(
            Self.pushLines(deferred) == [
                "push (content-available, priority 5) deferred: Low Power Mode is on; delivered when it ends"
            ])
        #expect(h.app.nextWakeUp(after: 10) == nil, "nothing is due until Low Power Mode ends")
        let ended = h.send(.pushGateChanged(PushGate(lowPowerMode: false)), at: 40)
        #expect(ended.has(.launchAppInBackground(reason: "a background push")))
        #expect(h.app.state.deferredPush == nil)
    }

    @Test("Low Power Mode ends with the budget spent: the held push waits on, says so and when, then goes")
    func lowPowerModeEndsWithTheBudgetSpent() {
        // push-vs-refresh's sequence: three pushes, a fourth held by the budget, Low Power Mode, a fifth held by it.
        var h = AppHarness.inPhase(.suspended)
        for at in [100.0, 140, 141] { h.send(.pushReceived(Self.background), at: at) }
        h.send(.pushReceived(Self.background), at: 142)
        h.send(.pushGateChanged(PushGate(lowPowerMode: true)), at: 150)
        h.send(.pushReceived(Self.background), at: 151)
        #expect(h.app.state.pushDeliveries == [100, 140, 141])
        let ended = h.send(.pushGateChanged(PushGate(lowPowerMode: false)), at: 200)
        #expect(!ended.has(.resumeAppInBackground(reason: "a background push")))
        #expect(
            Self.pushLines(ended).filter { $0.contains("held") } == [
                "the held push (content-available, priority 5) is still deferred: throttled: 3 background pushes in "
                    + "the last hour (the budget is about 3 an hour); delivered in 59 min"
            ])
        #expect(!Self.pushLines(ended).contains { $0.contains("delivered:") })
        #expect(h.app.state.pushDeliveries == [100, 140, 141])
        #expect(h.app.nextWakeUp(after: 200) == 3700)
        // Said once: the next look at it while the budget holds it says nothing new.
        #expect(Self.pushLines(h.run(until: 1000)).isEmpty)
        let delivered = h.run(until: 3700)
        #expect(
            Self.pushLines(delivered).contains {
                $0.hasPrefix("the held push (content-available, priority 5) delivered")
                    && $0.hasSuffix("3 of about 3 this hour")
            })
        #expect(h.app.state.pushDeliveries == [140, 141, 3700])
        #expect(h.app.state.deferredPush == nil)
    }

    @Test(arguments: [
        (PushGate(deviceRefresh: false), "Background App Refresh is off on this device"),
        (PushGate(appRefresh: false), "Background App Refresh is off for this app"),
    ])
    func backgroundAppRefreshOffKeepsThePushFromWakingTheApp(gate: PushGate, why: String) {
        var h = AppHarness.inPhase(.suspended)
        h.send(.pushGateChanged(gate), at: 6)
        let dropped = h.send(.pushReceived(Self.background), at: 7)
        #expect(h.app.phase == .suspended)
        #expect(
            Self.pushLines(dropped) == ["push (content-available, priority 5) not delivered: \(why)"])
    }

    @Test func inTheForegroundThePushGoesStraightToTheAppAndCostsNoBudget() {
        var h = AppHarness.inPhase(.active)
        let delivered = h.send(.pushReceived(Self.background), at: 3)
        #expect(h.app.phase == .active)
        #expect(
            Self.pushLines(delivered).first?.contains("delivered to the app in the foreground") == true)
        #expect(h.app.state.pushDeliveries.isEmpty)
    }

    @Test func anAlertPushDoesNotWakeTheAppAndPriorityTenBackgroundPushesAreRefused() {
        var h = AppHarness.inPhase(.suspended)
        let alert = h.send(.pushReceived(SilentPush(contentAvailable: false, priority: 10)), at: 6)
        #expect(h.app.phase == .suspended)
        #expect(
            Self.pushLines(alert) == [
                "push (alert, priority 10) shown to the user as an alert: no content-available, so the app is not woken"
            ])
        let refused = h.send(.pushReceived(SilentPush(contentAvailable: true, priority: 10)), at: 7)
        #expect(refused.refusal?.contains("APNs rejects priority 10 for a background") == true)
        #expect(
            h.send(.pushReceived(SilentPush(priority: 7)), at: 8).refusal?.contains("5 or 10") == true)
        #expect(h.app.phase == .suspended)
    }

    @Test func aStoredStateFromBeforePushesDecodes() throws {
        let data = try JSONEncoder().encode(AppLifecycleState())
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for key in ["pushDeliveries", "pushHoldUntil", "deferredPush", "pushGate"] { object[key] = nil }
        let old = try JSONSerialization.data(withJSONObject: object)
        let decoded = try JSONDecoder().decode(AppLifecycleState.self, from: old)
        #expect(
            decoded.pushGate == PushGate() && decoded.pushDeliveries.isEmpty
                && decoded.deferredPush == nil)
    }
}
