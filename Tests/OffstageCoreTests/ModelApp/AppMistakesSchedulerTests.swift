import Foundation
import OffstageCore
import Testing

/// The two BG task mistakes the seeds teach and the model app can make: rescheduling at the end of the handler,
/// and registering after launch finished.
@Suite struct AppMistakesSchedulerTests {
    static let launch = BGTaskLaunch(
        identifier: refreshID, kind: .appRefresh, work: .simulatedWork(seconds: 5, honoursExpiration: true),
        expirationAt: 25, deadline: 30, simulated: false)

    @Test func reschedulingAtTheEndSubmitsOnlyWhenTheWorkEnds() {
        let app = ModelApp(configuration: sampleConfiguration(), mistakes: AppMistakes(reschedulesAtEnd: true))
        let started = app.handlerStarted(Self.launch, now: schedulerEpoch)
        #expect(started.now == [.expirationHandlerSet(identifier: refreshID)], "nothing submitted at the start")
        #expect(
            app.workFinished(refreshID, success: true, now: schedulerEpoch + 5) == [
                .submit(
                    BGTaskRequest(identifier: refreshID, kind: .appRefresh, earliestBeginDate: schedulerEpoch + 905)),
                .taskCompleted(identifier: refreshID, success: true),
            ])
        // The expiration handler ends the task: no submit on that path.
        #expect(app.expirationCalled(refreshID).now == [.taskCompleted(identifier: refreshID, success: false)])
        // With no-reschedule as well, never.
        let both = ModelApp(
            configuration: sampleConfiguration(), mistakes: AppMistakes(skipsReschedule: true, reschedulesAtEnd: true))
        #expect(
            both.workFinished(refreshID, success: true, now: schedulerEpoch) == [
                .taskCompleted(identifier: refreshID, success: true)
            ])
    }

    @Test func aTaskThatExpiresBeforeItsEndLeavesNothingPending() {
        let app = ModelApp(configuration: sampleConfiguration(), mistakes: AppMistakes(reschedulesAtEnd: true))
        var h = SchedulerHarness()
        h.openApp()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        let launched = h.run(until: 900)
        let launch = launched.compactMap { if case .runLaunchHandler(let l) = $0 { l } else { nil } }.first
        for event in app.handlerStarted(launch ?? Self.launch, now: h.now).now { h.send(event) }
        #expect(h.scheduler.pendingTaskRequests.isEmpty, "nothing is pending while the handler works")
        let expired = h.send(.simulateExpiration(identifier: refreshID))
        #expect(expired.expirationCalls == [refreshID])
        for event in app.expirationCalled(refreshID).now { h.send(event) }
        #expect(h.scheduler.state.history.last?.outcome == .failed)
        #expect(h.scheduler.pendingTaskRequests.isEmpty, "the lesson: the next request was never submitted")
    }

    @Test func inAReplayWorkLongerThanTheAllowanceRunsOnceWhenRescheduledAtTheEnd() throws {
        func replay(_ mistakes: AppMistakes) throws -> (opens: Int, runs: Int) {
            // A user who opened the app once, at the install: only the app's own submits keep it scheduled.
            var setup = SimulationSetup.standard(days: 3, usage: .rare, seed: 4)
            setup.apps[0].configuration.handlers[0].work = .simulatedWork(seconds: 60, honoursExpiration: true)
            setup.apps[0].mistakes = mistakes
            let report = SchedulerSimulation.run(setup)
            return (report.userOpens, try #require(report.identifier(refreshID)).runs)
        }
        let atEnd = try replay(AppMistakes(reschedulesAtEnd: true))
        #expect(atEnd.opens == 1)
        #expect(atEnd.runs == 1, "expired before its end: never rescheduled")
        #expect(try replay(AppMistakes()).runs > 1, "rescheduled at the start, it runs again (and expires again)")
    }

    @Test func registeringAfterLaunchRaisesApplesException() {
        let app = ModelApp(configuration: sampleConfiguration(), mistakes: AppMistakes(registersAfterLaunch: true))
        let events = app.launchEvents()
        #expect(events.first == .appFinishedLaunching)
        #expect(events.dropFirst().allSatisfy { if case .register = $0 { true } else { false } })
        var h = SchedulerHarness()
        var actions = h.sendApp(.userOpened)
        for event in events { actions += h.send(event) }
        #expect(actions.crashTexts == [TaskScheduler.lateRegistrationException])
        #expect(
            TaskScheduler.lateRegistrationException
                == "All launch handlers must be registered before application finishes launching")
        #expect(h.lifecycle.phase == .notRunning)
    }

    @Test("the launch's crash is known before the registrations run: a what-if on a copy, nothing changed")
    func aCrashAtLaunchIsFoundOnACopy() {
        let late = ModelApp(configuration: sampleConfiguration(), mistakes: AppMistakes(registersAfterLaunch: true))
        let fine = ModelApp(configuration: sampleConfiguration())
        var h = SchedulerHarness()
        func crash(_ app: ModelApp) -> String? {
            h.system.crashAtLaunch(app.launchEvents(), now: h.now, steady: h.scheduler.state.clock.lastSteady)
        }
        #expect(crash(late) == nil, "not launching")
        h.sendApp(.userOpened)
        let before = h.system
        #expect(crash(late) == TaskScheduler.lateRegistrationException)
        #expect(crash(fine) == nil)
        #expect(h.system == before)
    }

    @Test func theMistakesHaveCommandLineNames() {
        var mistakes = AppMistakes()
        let known = mistakes.set("reschedule-at-end", true) && mistakes.set("register-after-launch", true)
        #expect(known)
        let unknown = mistakes.set("reschedule-later", true)
        #expect(!unknown)
        #expect(mistakes.reschedulesAtEnd && mistakes.registersAfterLaunch)
        #expect(mistakes.enabled == ["reschedule-at-end", "register-after-launch"])
        #expect(AppMistakes().union(mistakes) == mistakes)
    }
}
