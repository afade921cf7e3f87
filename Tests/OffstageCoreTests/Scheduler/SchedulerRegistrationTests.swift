import Foundation
import OffstageCore
import Testing

@Suite struct SchedulerRegistrationTests {
    @Test func registrationDuringLaunchIsAccepted() {
        var h = SchedulerHarness()
        h.sendApp(.userOpened)
        #expect(
            h.send(.register(identifier: refreshID)).replies == [.registered(identifier: refreshID, accepted: true)])
        #expect(
            h.send(.register(identifier: "com.example.unknown")).replies
                == [.registered(identifier: "com.example.unknown", accepted: false)])
        h.send(.appFinishedLaunching)
        #expect(h.scheduler.state.registered == [refreshID])
        #expect(h.scheduler.state.app.phase == .active)
        #expect(!h.scheduler.state.launching)
    }

    @Test func lateRegistrationCrashesTheAppWithApplesText() {
        var h = SchedulerHarness()
        h.openApp(registering: [])
        let actions = h.send(.register(identifier: refreshID))
        let text = "All launch handlers must be registered before application finishes launching"
        #expect(actions.crashTexts == [text])
        #expect(actions.logged(.appCrashed).first?.reason.contains(text) == true)
        #expect(h.scheduler.state.app.phase == .notRunning)
        #expect(h.lifecycle.phase == .notRunning)
    }

    @Test func duplicateRegistrationCrashes() {
        var h = SchedulerHarness()
        h.sendApp(.userOpened)
        h.send(.register(identifier: refreshID))
        let actions = h.send(.register(identifier: refreshID))
        #expect(
            actions.crashTexts == ["Launch handler for task with identifier \(refreshID) has already been registered"])
        #expect(h.scheduler.state.app.phase == .notRunning)
        #expect(h.lifecycle.phase == .notRunning)
    }

    @Test func backgroundLaunchWithoutHandlerCrashesThenWaitsForAHandler() {
        var h = SchedulerHarness()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        let launch = h.run(until: 900, answer: false)
        #expect(launch.appLaunches == [refreshID])
        let actions = h.send(.appFinishedLaunching)  // registered nothing
        #expect(actions.crashTexts == ["No launch handler registered for task with identifier \(refreshID)"])
        #expect(h.scheduler.state.history.last?.outcome == .interrupted)
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(h.text(refreshID) == "no handler registered at launch")
    }

    @Test func simulateLaunchRunsNowWhateverThePolicySays() {
        var h = SchedulerHarness()
        h.openApp()
        h.send(.deviceChanged(SchedulerDeviceState(conditions: DeviceConditions(lowPowerMode: true))))
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh, earliestBeginDate: schedulerEpoch + 86_400))
        let actions = h.send(.simulateLaunch(identifier: refreshID))
        #expect(actions.handlerCalls == [refreshID])
        #expect(h.scheduler.state.running.first?.simulated == true)
    }

    @Test func simulateLaunchWithNothingPendingIsRefusedWithApplesMessage() {
        var h = SchedulerHarness()
        let actions = h.send(.simulateLaunch(identifier: refreshID))
        #expect(actions.refused == ["No task request with identifier \(refreshID) has been scheduled"])
    }

    @Test func simulateLaunchWithoutARegisteredHandlerCrashes() {
        var h = SchedulerHarness()
        h.openApp(registering: [cleanupID])
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        let actions = h.send(.simulateLaunch(identifier: refreshID))
        #expect(actions.crashTexts == ["No launch handler registered for task with identifier \(refreshID)"])
    }

    @Test func simulateExpirationOfATaskNotRunningIsRefused() {
        var h = SchedulerHarness()
        let actions = h.send(.simulateExpiration(identifier: refreshID))
        #expect(actions.refused.first?.hasPrefix("no task with identifier \(refreshID) is running") == true)
    }

    @Test func simulateExpirationCallsTheHandlerNow() {
        var h = SchedulerHarness()
        h.openApp()
        h.submit(BGTaskRequest(identifier: cleanupID, kind: .processing))
        h.send(.simulateLaunch(identifier: cleanupID))
        h.send(.expirationHandlerSet(identifier: cleanupID))
        #expect(h.send(.simulateExpiration(identifier: cleanupID), at: 10).expirationCalls == [cleanupID])
        h.send(.taskCompleted(identifier: cleanupID, success: false), at: 11)
        #expect(h.scheduler.state.history.last?.outcome == .failed)
        #expect(h.scheduler.state.history.last?.expirationCalled == true)
    }
}
