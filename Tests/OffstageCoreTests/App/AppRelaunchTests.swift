import Foundation
import OffstageCore
import Testing

@Suite struct AppRelaunchTests {
    /// A harness whose app was used once and is suspended at steady 5 (the limiter is clear).
    static func suspended() -> AppHarness { AppHarness.inPhase(.suspended) }

    @Test func aRelaunchFromNotRunningLaunchesEntersTheBackgroundAndHandsOverAHandler() {
        var h = AppHarness()
        let actions = h.send(.relaunchRequested(forSession: sessionID), at: 10)
        let token = CompletionHandlerToken(rawValue: 1)
        #expect(
            Array(actions.dropFirst())
                == [
                    .launchAppInBackground(reason: "session events for \(sessionID)"),
                    .callDelegate(.didFinishLaunching(inBackground: true)), .callDelegate(.didEnterBackground),
                    .callDelegate(.handleEventsForBackgroundURLSession(session: sessionID, token: token)),
                    .wake(atSteady: 40),
                ])
        #expect(h.app.phase == .background)
        #expect(h.app.state.limiter.delay == 60)
        #expect(actions.appLogged(.appRelaunch).first?.reason.contains("next relaunch delay 1 min") == true)
    }

    @Test func aSuspendedAppIsResumedNotLaunched() {
        var h = Self.suspended()
        let actions = h.send(.relaunchRequested(forSession: sessionID), at: 10)
        #expect(actions.has(.resumeAppInBackground(reason: "session events for \(sessionID)")))
        #expect(!actions.has(.callDelegate(.didEnterBackground)))
        #expect(actions.tokens == [CompletionHandlerToken(rawValue: 1)])
    }

    @Test func aHandlerCalledInTimeLetsTheAppBeSuspended() {
        var h = Self.suspended()
        let token = h.send(.relaunchRequested(forSession: sessionID), at: 10).tokens[0]
        h.send(.sessionEventsFinished(token: token), at: 12)
        let called = h.send(.completionHandlerCalled(token: token), at: 13)
        #expect(called.appLogged(.appCompletionHandler).map(\.reason) == ["handler 1 called with 27 s to spare"])
        #expect(h.app.phase == .background)  // the didEnterBackground grace is not over
        h.run(until: 15)
        #expect(h.app.phase == .suspended)
        #expect(h.run(until: 100).killCodes.isEmpty)
    }

    @Test func theHandlerHoldsTheAppRunningPastTheGrace() {
        var h = Self.suspended()
        let token = h.send(.relaunchRequested(forSession: sessionID), at: 10).tokens[0]
        h.run(until: 25)
        #expect(h.app.phase == .background)
        let actions = h.send(.completionHandlerCalled(token: token), at: 25)
        #expect(actions.has(.suspendApp))
    }

    @Test func aHandlerNotCalledInTimeGetsTheAppKilled() throws {
        var h = Self.suspended()
        h.send(.relaunchRequested(forSession: sessionID), at: 10)
        #expect(h.send(.timerFired, at: 39.9).killCodes.isEmpty)
        let actions = h.send(.timerFired, at: 40)
        #expect(actions.killCodes == ["0x2182bad3"])
        let line = try #require(actions.appLogged(.appKilled).first)
        #expect(line.reason.contains("0x2182bad3"))
        #expect(line.reason.contains(sessionID))
        #expect(h.app.phase == .notRunning)
        #expect(h.app.state.lastTermination == .watchdog(code: "0x2182bad3"))
        #expect(h.send(.completionHandlerCalled(token: CompletionHandlerToken(rawValue: 1)), at: 41).refusal != nil)
    }

    @Test func theDeadlineIsConfigurable() {
        var h = AppHarness(policy: AppLifecyclePolicy(completionHandlerDeadline: 10))
        h.send(.relaunchRequested(forSession: sessionID))
        #expect(h.run(until: 10).killCodes == ["0x2182bad3"])
    }

    @Test func callingBeforeTheEventsFinishIsAcceptedButLogged() {
        var h = AppHarness()
        let token = h.send(.relaunchRequested(forSession: sessionID)).tokens[0]
        let actions = h.send(.completionHandlerCalled(token: token), at: 1)
        #expect(actions.appLog.first?.reason.hasSuffix("(before urlSessionDidFinishEvents)") == true)
        #expect(h.send(.completionHandlerCalled(token: token), at: 2).refusal != nil)
        #expect(h.send(.sessionEventsFinished(token: token), at: 2).refusal != nil)
    }

    @Test func aHandlerLapsesWithoutAKillWhenTheUserOpensTheApp() {
        var h = AppHarness()
        let token = h.send(.relaunchRequested(forSession: sessionID)).tokens[0]
        h.send(.userOpened, at: 5)
        let actions = h.run(until: 60)
        #expect(actions.killCodes.isEmpty)
        #expect(actions.appLog.map(\.reason) == ["handler 1 lapsed in the foreground"])
        #expect(h.send(.completionHandlerCalled(token: token)).refusal != nil)
    }

    @Test func theLimiterDelaysRelaunches60Then120Then240() {
        var h = AppHarness()
        var launches: [Double] = []
        var delays: [Double] = []
        var request = 0.0
        for _ in 0..<4 {
            let delayEnd = h.app.state.limiter.delayEndsAt
            h.send(.relaunchRequested(forSession: sessionID), at: request)
            h.run(until: max(request, delayEnd))
            #expect(h.app.phase == .background)
            launches.append(h.app.state.backgroundSince ?? -1)
            delays.append(h.app.state.limiter.delay)
            let token = h.app.state.handlers.first?.token ?? CompletionHandlerToken(rawValue: 0)
            h.send(.completionHandlerCalled(token: token), at: h.steady + 1)
            h.run(until: h.steady + 5)
            #expect(h.app.phase == .suspended)
            request = h.steady + 4
        }
        #expect(delays == [60, 120, 240, 480])
        #expect(launches == [0, 60, 180, 420])
    }

    @Test func aDelayedRelaunchIsLoggedAndWakesWhenTheDelayEnds() {
        var h = AppHarness()
        let token = h.send(.relaunchRequested(forSession: sessionID)).tokens[0]
        h.send(.completionHandlerCalled(token: token), at: 1)
        h.run(until: 10)
        let (allowed, reason) = h.app.canRelaunch(steady: 10)
        #expect(!allowed)
        #expect(reason == "relaunch rate limiter: 50 s left")
        let actions = h.send(.relaunchRequested(forSession: sessionID), at: 10)
        #expect(actions.refusal == nil)
        #expect(actions.appLog.map(\.reason) == ["relaunch for \(sessionID) delayed 50 s by the relaunch rate limiter"])
        #expect(actions.wakeAt == 60)
        h.send(.relaunchRequested(forSession: "other"), at: 20)
        let resumed = h.run(until: 60)
        #expect(resumed.tokens.count == 2)  // both sessions in one relaunch
        #expect(h.app.state.pendingRelaunches.isEmpty)
    }

    @Test func openingTheAppResetsTheLimiterAndDropsDelayedRelaunches() {
        var h = AppHarness()
        let token = h.send(.relaunchRequested(forSession: sessionID)).tokens[0]
        h.send(.completionHandlerCalled(token: token), at: 1)
        h.run(until: 10)
        h.send(.relaunchRequested(forSession: sessionID), at: 10)
        h.send(.userOpened, at: 20)
        #expect(h.app.state.limiter.delay == 0)
        #expect(h.app.state.pendingRelaunches.isEmpty)
        h.send(.userPressedHome, at: 21)
        h.run(until: 26)
        let actions = h.send(.relaunchRequested(forSession: sessionID), at: 27)
        #expect(actions.has(.resumeAppInBackground(reason: "session events for \(sessionID)")))
        #expect(h.app.state.limiter.delay == 60)
    }

    @Test(arguments: [AppLifecyclePhase.active, .inactive, .background])
    func aRunningAppIsNotRelaunched(phase: AppLifecyclePhase) throws {
        var h = AppHarness.inPhase(phase)
        let reason = try #require(h.send(.relaunchRequested(forSession: sessionID), at: 1).refusal)
        #expect(reason.contains("delivers events directly"))
        #expect(h.app.canRelaunch(steady: 1).allowed == false)
    }

    @Test func canRelaunchSaysWhy() {
        #expect(AppHarness().app.canRelaunch(steady: 0) == (true, "app not running: can be launched"))
        #expect(Self.suspended().app.canRelaunch(steady: 5) == (true, "app suspended: can be resumed"))
    }
}
