import Foundation
import OffstageCore
import Testing

/// The dashboard demo's report: an app refresh the scheduler called "eligible — waiting for the next scheduler
/// wake" had not launched after ~14 virtual minutes. Replayed on fixed dates with the one model app, the demo's
/// policy (jittered 15-min wakes) and its seed: the request is eligible from the moment the relaunch limiter lets
/// go, stays eligible with the wake counting down, and launches at the first policy wake — after the story had
/// ended (its ×60 step covered 12 virtual minutes). Nothing was lost; the story stopped too early.
@Suite struct EligibleRequestWakeTests {
    @Test func anEligibleRefreshLaunchesAtTheFirstSchedulerWake() {
        var policy = SchedulerPolicyConfiguration()
        policy.wakeJitter = 0.2
        var h = SchedulerHarness(
            policy: policy, lifecyclePolicy: AppLifecyclePolicy(completionHandlerDeadline: 100_000))
        // The story: open, submit, go home, a memory-pressure kill, a session relaunch, a simulated launch.
        h.openApp(leave: false)
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        let wake = h.scheduler.state.nextWakeAt ?? -1
        #expect(wake >= 720 && wake <= 1080, "the first wake is one jittered interval after the submit")
        h.sendApp(.userPressedHome, at: 8)
        h.sendApp(.systemTerminated(reason: "memory pressure"), at: 20)
        h.sendApp(.relaunchRequested(forSession: "com.example.bg"), at: 50)
        h.finishLaunch()
        h.send(.simulateLaunch(identifier: cleanupID), at: 65)
        h.send(.simulateExpiration(identifier: cleanupID), at: 71)
        #expect(h.run(until: 120).handlerCalls.isEmpty)
        // Eligible from here on, with the wake counting down (the dashboard shows the same reason).
        guard case .eligible(let left?)? = h.reason(refreshID) else {
            Issue.record("not eligible: \(h.text(refreshID) ?? "no request")")
            return
        }
        #expect(abs(left - (wake - 120)) < 0.001)
        #expect(h.text(refreshID) == "eligible — waiting for the next scheduler wake")
        // The story's old end (~816 s) comes before the wake: nothing launched yet, and the wake still stands.
        #expect(h.run(until: min(816, wake - 1)).handlerCalls.isEmpty)
        #expect(h.scheduler.state.nextWakeAt == wake)
        // The wake launches it, in the background process that is already there.
        let launched = h.run(until: wake)
        #expect(launched.handlerCalls == [refreshID])
        #expect(h.scheduler.state.running.map(\.identifier) == [refreshID])
    }
}
