import Foundation
import OffstageCore
import Testing

/// The one model app: the BG scheduler and the life cycle share one process, one limiter, one set of ends.
@Suite("One model app")
struct ModelAppSystemTests {
    static let session = "com.example.offstage.background"

    /// A harness whose completion handlers never time out on their own (so only the BG watchdog kills).
    static func harness() -> SchedulerHarness {
        SchedulerHarness(lifecyclePolicy: AppLifecyclePolicy(completionHandlerDeadline: 100_000))
    }

    @Test func aSchedulerWatchdogKillEndsTheAppsSessionHandlersToo() {
        var h = Self.harness()
        h.openApp()
        h.sendApp(.systemTerminated(reason: "memory pressure"), at: 5)
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        // A session relaunch launches the app in the background: it holds a completion handler.
        h.sendApp(.relaunchRequested(forSession: Self.session), at: 10)
        #expect(h.lifecycle.phase == .background)
        #expect(h.scheduler.state.launching, "the scheduler heard of the new process")
        h.finishLaunch()
        #expect(h.lifecycle.state.handlers.map(\.session) == [Self.session])
        // The BG task runs in that same process (the wake is 900 s after the submit) and never completes.
        let launched = h.run(until: 910)
        #expect(launched.handlerCalls == [refreshID])
        #expect(h.lifecycle.state.bgTasks == [refreshID])
        h.send(.expirationHandlerSet(identifier: refreshID))
        let killed = h.run(until: 1000)
        #expect(killed.killCodes == ["0x2182bad2"])
        #expect(h.scheduler.state.history.last?.outcome == .killed)
        #expect(h.lifecycle.phase == .notRunning)
        #expect(h.lifecycle.state.lastTermination == .watchdog(code: "0x2182bad2"))
        #expect(h.lifecycle.state.handlers.isEmpty, "the stored completion handler died with the process")
        #expect(h.lifecycle.state.bgTasks.isEmpty)
        #expect(h.scheduler.state.app.phase == .notRunning)
    }

    @Test func anAppKillEndsARunningBGHandler() {
        var h = Self.harness()
        h.openApp()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.run(until: 900).handlerCalls == [refreshID])
        #expect(h.lifecycle.phase == .background)
        let actions = h.sendApp(.userForceQuit, at: 905)
        #expect(actions.logged(.bgInterrupted).map(\.subject) == [refreshID])
        #expect(h.scheduler.state.running.isEmpty)
        #expect(h.scheduler.state.history.last?.outcome == .interrupted)
        #expect(h.lifecycle.state.bgTasks.isEmpty)
        #expect(h.scheduler.state.app == SchedulerAppView(phase: .notRunning, forceQuit: true, relaunchAllowedAt: 960))
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.text(refreshID) == "app swiped away by the user")
    }

    @Test func oneLimiterServesBothKindsOfLaunch() {
        var h = Self.harness()
        h.openApp()
        h.sendApp(.systemTerminated(reason: "memory pressure"), at: 5)
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        // A session relaunch at 850 starts the limiter's first delay (60 s, to 910) …
        h.sendApp(.relaunchRequested(forSession: Self.session), at: 850)
        h.finishLaunch()
        let token = try? #require(h.lifecycle.state.handlers.first?.token)
        if let token { h.sendApp(.completionHandlerCalled(token: token), at: 851) }
        #expect(h.lifecycle.state.limiter.delay == 60)
        // … which holds the BG task's launch at the wake (905, 900 s after the submit), and lets it go at 910.
        let held = h.run(until: 908)
        #expect(held.handlerCalls.isEmpty)
        #expect(h.scheduler.state.decisions.last?.reason == .relaunchLimiter(5))
        let launched = h.run(until: 915)
        #expect(launched.handlerCalls == [refreshID])
        #expect(h.lifecycle.state.limiter.delay == 120, "the BG launch doubled the same limiter")
        // The next session relaunch waits for the delay the BG launch set.
        h.send(.taskCompleted(identifier: refreshID, success: true), at: 920)
        h.sendApp(.systemTerminated(reason: "memory pressure"), at: 930)
        h.sendApp(.relaunchRequested(forSession: Self.session), at: 940)
        #expect(h.lifecycle.phase == .notRunning)
        #expect(h.lifecycle.state.pendingRelaunches == [Self.session])
        let wake = h.lifecycle.nextWakeUp(after: 940) ?? 0
        #expect(abs(wake - (910 + 120)) < 0.01, "the relaunch waits for the delay the BG launch set")
    }

    @Test func statesStoredByTheSplitModelStillDecode() throws {
        var old = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(TaskSchedulerState())) as? [String: Any])
        old["app"] = nil
        old["launching"] = nil
        old["phase"] = "foreground"
        old["swipedAway"] = true
        old["limiter"] = ["initialDelay": 60, "maxDelay": 3600, "delay": 120, "delayEndsAt": 500]
        let scheduler = try JSONDecoder().decode(
            TaskSchedulerState.self, from: JSONSerialization.data(withJSONObject: old))
        #expect(scheduler.app == SchedulerAppView())
        #expect(!scheduler.launching)
        var oldApp = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(AppLifecycleState())) as? [String: Any])
        oldApp["bgTasks"] = nil
        oldApp["forceQuit"] = true
        let app = try JSONDecoder().decode(
            AppLifecycleState.self, from: JSONSerialization.data(withJSONObject: oldApp))
        #expect(app.bgTasks.isEmpty && app.forceQuit)
    }
}
