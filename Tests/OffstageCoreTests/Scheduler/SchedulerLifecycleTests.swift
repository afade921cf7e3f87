import Foundation
import OffstageCore
import Testing

@Suite struct SchedulerLifecycleTests {
    @Test func anAppCrashWhileATaskRunsInterruptsIt() {
        var h = SchedulerRunningTests.launchedRefresh()
        let actions = h.sendApp(.systemTerminated(reason: "memory pressure"), at: 910)
        #expect(actions.logged(.bgInterrupted).map(\.subject) == [refreshID])
        #expect(h.scheduler.state.history.last?.outcome == .interrupted)
        #expect(h.scheduler.state.app.phase == .notRunning)
        #expect(h.lifecycle.phase == .notRunning)
    }

    @Test func aSwipedAwayAppGetsNoBackgroundTimeUntilOpened() {
        var h = SchedulerHarness()
        h.openApp()
        h.sendApp(.userForceQuit)
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.text(refreshID) == "app swiped away by the user")
        #expect(h.run(until: 1800).handlerCalls.isEmpty)
        h.openApp()
        #expect(h.run(until: 3600).handlerCalls == [refreshID])
    }

    @Test func tasksWaitWhileTheAppIsInTheForeground() {
        var h = SchedulerHarness()
        h.openApp(leave: false)
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.text(refreshID) == "app in the foreground")
        h.sendApp(.userPressedHome)
        #expect(h.run(until: 1800).handlerCalls == [refreshID])
    }

    @Test func theDecisionLogIsBoundedAndGoesOutInCommits() {
        var policy = fixedPolicy()
        policy.decisionLogLimit = 5
        var h = SchedulerHarness(policy: policy)
        h.openApp()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh, earliestBeginDate: schedulerEpoch + 86_400))
        let actions = h.run(until: 900 * 10)
        #expect(h.scheduler.state.decisions.count == 5)
        let committed = actions.flatMap { action -> [SchedulerDecision] in
            if case .commit(let changes) = action { return changes.decisions }
            return []
        }
        #expect(committed.count == 10)
        #expect(committed.last?.text().hasPrefix("\(refreshID): earliest in") == true)
    }

    @Test func theRescheduledRequestReplacesAndRunsAgain() {
        var h = SchedulerRunningTests.launchedRefresh()
        // The model app reschedules at the start of its handler: the identifier is pending while it runs.
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh, earliestBeginDate: h.now + 900))
        #expect(h.text(refreshID) == "earliest in 15 min")
        h.send(.taskCompleted(identifier: refreshID, success: true), at: 905)
        #expect(h.scheduler.state.history.last?.outcome == .completed)
        let next = h.run(until: 2700)
        #expect(next.handlerCalls == [refreshID])
    }

    @Test func modelAppAnswersLaunchesAsConfigured() {
        let config = sampleConfiguration()
        let app = ModelApp(configuration: config, mistakes: AppMistakes(registersLate: true))
        #expect(app.launchEvents() == [.appFinishedLaunching])
        let good = ModelApp(configuration: config)
        #expect(good.launchEvents().count == 3)
        let launch = BGTaskLaunch(
            identifier: refreshID, kind: .appRefresh, work: .simulatedWork(seconds: 5, honoursExpiration: true),
            expirationAt: 25, deadline: 30, simulated: false)
        let response = good.handlerStarted(launch, now: schedulerEpoch)
        #expect(
            response.now.first
                == .submit(
                    BGTaskRequest(identifier: refreshID, kind: .appRefresh, earliestBeginDate: schedulerEpoch + 900)))
        #expect(response.workEndsAfter == 5)
        #expect(
            good.workFinished(refreshID, success: true, now: schedulerEpoch + 5) == [
                .taskCompleted(identifier: refreshID, success: true)
            ])
    }
}
