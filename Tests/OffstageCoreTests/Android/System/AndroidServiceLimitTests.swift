import Foundation
import OffstageCore
import Testing

/// Services in the background: from API 26 a plain background service is stopped about a minute after the app leaves
/// the foreground, and an idle app may not start one; from API 31 a foreground service may not be started from the
/// background.
@Suite struct AndroidServiceLimitTests {
    /// The lines of `actions`' commit for `subject`.
    static func lines(_ actions: [AndroidSystemAction], _ subject: String) -> [String] {
        actions.flatMap { action -> [LogEntry] in
            if case .commit(let changes) = action { return changes.log }
            return []
        }.filter { $0.subject == subject }.map(\.reason)
    }

    @Test func aBackgroundServiceIsStoppedAMinuteAfterTheAppLeavesTheForeground() {
        var h = AndroidHarness()
        h.send(.appOpened, at: 0)
        let started = h.send(.backgroundServiceStarted(name: "sync"), at: 10)
        #expect(
            Self.lines(started, "service sync") == [
                "started (a background service, no notification); the system stops it 1 min after the app leaves "
                    + "the foreground (API 26+)"
            ])
        // In the foreground it runs on.
        h.send(.timerFired, at: 600)
        #expect(h.model.state.backgroundServices.map(\.name) == ["sync"])
        h.send(.appLeft, at: 1000)
        #expect(h.model.nextDeadline(now: AndroidHarness.at(1000)) == AndroidHarness.at(1060))
        h.send(.timerFired, at: 1059)
        #expect(
            h.model.state.backgroundServices.map(\.name) == ["sync"], "within the minute it still runs")
        let stopped = h.send(.timerFired, at: 1060)
        #expect(h.model.state.backgroundServices.isEmpty)
        #expect(
            Self.lines(stopped, "service sync") == [
                "stopped by the system: the app has been in the background for 1 min (background service limits, "
                    + "API 34 ≥ 26)"
            ])
    }

    @Test func anIdleAppMayNotStartABackgroundServiceAndTheExceptionIsInTheEvents() {
        var h = AndroidHarness()
        h.send(.appOpened, at: 0)
        h.send(.appLeft, at: 10)
        #expect(
            h.send(.backgroundServiceStarted(name: "early"), at: 30).refusal == nil, "within the minute")
        let refused = h.send(.backgroundServiceStarted(name: "late"), at: 100)
        #expect(
            refused.refusal?.hasPrefix("IllegalStateException: Not allowed to start service late") == true
        )
        #expect(Self.lines(refused, "service late").count == 1, "the refusal keeps its event line")
        #expect(!h.model.state.backgroundServices.contains { $0.name == "late" })
    }

    @Test func beforeAPI26ABackgroundServiceRunsForever() {
        var h = AndroidHarness(policy: AndroidPolicy(apiLevel: 25))
        h.send(.appOpened, at: 0)
        h.send(.backgroundServiceStarted(name: "sync"), at: 1)
        h.send(.appLeft, at: 2)
        h.send(.timerFired, at: 86_400)
        #expect(h.model.state.backgroundServices.map(\.name) == ["sync"])
    }

    @Test func aForegroundServiceKeepsTheAppFromBeingIdle() {
        var h = AndroidHarness()
        h.send(.appOpened, at: 0)
        h.send(.backgroundServiceStarted(name: "sync"), at: 1)
        h.send(.foregroundServiceStarted(name: "player", notification: nil, fromWorker: false), at: 2)
        h.send(.appLeft, at: 3)
        h.send(.timerFired, at: 3600)
        #expect(h.model.state.backgroundServices.map(\.name) == ["sync"])
    }

    @Test func fromAPI31AForegroundServiceStartedFromTheBackgroundIsRefused() {
        var h = AndroidHarness()
        h.send(.appOpened, at: 0)
        h.send(.appLeft, at: 1)
        let refused = h.send(
            .foregroundServiceStarted(name: "player", notification: nil, fromWorker: false), at: 2)
        #expect(refused.refusal?.hasPrefix("ForegroundServiceStartNotAllowedException") == true)
        #expect(
            Self.lines(refused, "player").first?.contains("the app is in the background (API 34") == true)
        #expect(h.model.state.foregroundServices.isEmpty)
        // Visible, the app may start it.
        h.send(.appOpened, at: 3)
        let started = h.send(
            .foregroundServiceStarted(name: "player", notification: nil, fromWorker: false), at: 4)
        #expect(started.refusal == nil)
        // Before API 31, the background start is allowed.
        var old = AndroidHarness(policy: AndroidPolicy(apiLevel: 30))
        #expect(
            old.send(.foregroundServiceStarted(name: "p", notification: nil, fromWorker: false), at: 1)
                .refusal == nil)
    }

    @Test("from API 31 a worker's setForegroundAsync from the background is refused too, as the environment says")
    func fromAPI31AWorkersSetForegroundFromTheBackgroundIsRefused() {
        var h = AndroidHarness()
        h.send(.workerStarted(name: "upload"), at: 0)
        let refusal = h.model.workEnvironment(now: AndroidHarness.at(1)).foregroundServiceRefusal
        #expect(refusal?.hasPrefix("ForegroundServiceStartNotAllowedException: setForegroundAsync()") == true)
        #expect(refusal?.contains("the app is in the background (API 34") == true)
        let refused = h.send(.foregroundServiceStarted(name: "upload", notification: nil, fromWorker: true), at: 1)
        #expect(refused.refusal == refusal)
        #expect(h.model.state.foregroundServices.isEmpty)
        // Visible, the app's worker may start it; before API 31 it may from the background.
        h.send(.appOpened, at: 2)
        #expect(h.model.workEnvironment(now: AndroidHarness.at(2)).foregroundServiceRefusal == nil)
        #expect(
            h.send(.foregroundServiceStarted(name: "upload", notification: nil, fromWorker: true), at: 3).refusal
                == nil)
        var old = AndroidHarness(policy: AndroidPolicy(apiLevel: 30))
        old.send(.workerStarted(name: "upload"), at: 0)
        #expect(old.model.workEnvironment(now: AndroidHarness.at(1)).foregroundServiceRefusal == nil)
    }

    @Test func theProcessEndingEndsItsServicesAndStoppingByTheAppIsSaid() {
        var h = AndroidHarness()
        h.send(.appOpened, at: 0)
        h.send(.backgroundServiceStarted(name: "a"), at: 1)
        h.send(.backgroundServiceStarted(name: "b"), at: 2)
        #expect(
            Self.lines(h.send(.backgroundServiceStopped(name: "a"), at: 3), "service a") == [
                "stopped by the app"
            ])
        #expect(
            h.send(.backgroundServiceStopped(name: "a"), at: 4).refusal == "no background service named a"
        )
        let stopped = h.send(.forceStopped, at: 5)
        #expect(Self.lines(stopped, "service b") == ["ended with the process (force stop)"])
        #expect(
            h.send(.backgroundServiceStarted(name: "c"), at: 6).refusal?.contains("force-stopped") == true
        )
    }
}
