import Foundation
import OffstageCore
import Testing

@Suite struct AppBackgroundTaskTests {
    @Test(arguments: [
        (AppLifecyclePhase.notRunning, 0.0), (.inactive, Double.greatestFiniteMagnitude),
        (.active, Double.greatestFiniteMagnitude), (.background, 29.0), (.suspended, 0.0),
    ])
    func backgroundTimeRemainingInEachPhase(phase: AppLifecyclePhase, expected: Double) {
        let h = AppHarness.inPhase(phase)
        #expect(h.app.backgroundTimeRemaining(steady: h.steady + 1) == expected)
    }

    @Test func backgroundTimeCountsDownFromTheLimit() {
        var h = AppHarness.inPhase(.active)
        h.send(.userPressedHome, at: 100)
        _ = h.begin(at: 101)
        #expect(h.app.backgroundTimeRemaining(steady: 100) == 30)
        #expect(h.app.backgroundTimeRemaining(steady: 110) == 20)
        #expect(h.app.backgroundTimeRemaining(steady: 129.5) == 0.5)
    }

    @Test("a task's first line says how much background time it began with, as its last says what was left")
    func aTaskBeginsWithItsTimeInWords() {
        var h = AppHarness.inPhase(.active)
        let foreground = h.send(.beginBackgroundTask(name: "save", hasExpirationHandler: true), at: 1)
        #expect(foreground.appLogged(.appBackgroundTask).map(\.reason) == ["began in the foreground"])
        h.send(.userPressedHome, at: 100)
        let background = h.send(.beginBackgroundTask(name: "sync", hasExpirationHandler: false), at: 101)
        #expect(
            background.appLogged(.appBackgroundTask).map(\.reason) == [
                "began with 29 s of background time left; no expiration handler"
            ])
    }

    @Test func withoutATaskTheAppIsSuspendedWhenTheGraceEnds() {
        var h = AppHarness.inPhase(.active)
        let home = h.send(.userPressedHome)
        #expect(home.wakeAt == 5)
        h.send(.timerFired, at: 4.9)
        #expect(h.app.phase == .background)
        let actions = h.send(.timerFired, at: 5)
        #expect(actions.has(.suspendApp))
        #expect(h.app.phase == .suspended)
        #expect(actions.wakeAt == nil)
    }

    @Test func aTaskKeepsTheAppRunningAndEndingItSuspends() {
        var h = AppHarness.inPhase(.background)
        let id = h.begin(at: 1)
        #expect(id == BackgroundTaskID(rawValue: 1))
        #expect(h.app.nextWakeUp(after: 1) == 29)  // no grace wake while a task is open
        h.run(until: 20)
        #expect(h.app.phase == .background)
        let actions = h.send(.endBackgroundTask(id: id), at: 20)
        #expect(actions.has(.suspendApp))
        #expect(h.app.phase == .suspended)
        #expect(actions.killCodes.isEmpty)
    }

    @Test func endingATaskWithinTheGraceWaitsForTheGrace() {
        var h = AppHarness.inPhase(.background)
        let id = h.begin(at: 1)
        let actions = h.send(.endBackgroundTask(id: id), at: 2)
        #expect(h.app.phase == .background)
        #expect(actions.wakeAt == 5)
        h.run(until: 5)
        #expect(h.app.phase == .suspended)
    }

    @Test func aTaskBegunInTheForegroundStartsCountingAtHome() {
        var h = AppHarness.inPhase(.active)
        let id = h.begin(at: 0)
        #expect(h.app.backgroundTimeRemaining(steady: 50) == .greatestFiniteMagnitude)
        h.send(.userPressedHome, at: 100)
        #expect(h.app.nextWakeUp(after: 100) == 129)
        h.run(until: 120)
        #expect(h.app.phase == .background)
        h.send(.endBackgroundTask(id: id), at: 120)
        #expect(h.app.phase == .suspended)
    }

    @Test func theExpirationHandlerIsCalledLeadSecondsBeforeTheEnd() {
        var h = AppHarness.inPhase(.background)
        let id = h.begin(at: 1)
        #expect(h.app.nextWakeUp(after: 5) == 29)
        let early = h.send(.timerFired, at: 28.9)
        #expect(early.expirations.isEmpty)
        let actions = h.send(.timerFired, at: 29)
        #expect(actions.expirations == [id])
        #expect(actions.appLogged(.appBackgroundTask).map(\.reason) == ["expiration handler called"])
        #expect(actions.wakeAt == 30)
        let ended = h.send(.endBackgroundTask(id: id), at: 29.5)
        #expect(ended.has(.suspendApp))
        #expect(h.run(until: 100).killCodes.isEmpty)
    }

    @Test func theLeadAndLimitAreConfigurable() {
        let policy = AppLifecyclePolicy(backgroundTaskLimit: 180, expirationLead: 5)
        var h = AppHarness.inPhase(.background, policy: policy)
        let id = h.begin(at: 1)
        #expect(h.app.backgroundTimeRemaining(steady: 0) == 180)
        let actions = h.run(until: 175)
        #expect(actions.expirations == [id])
        #expect(h.app.phase == .background)
    }

    @Test func aTaskNotEndedByTheLimitGetsTheAppKilled() throws {
        var h = AppHarness.inPhase(.background)
        let id = h.begin("sync", at: 1)
        let actions = h.run(until: 60)
        #expect(actions.expirations == [id])
        #expect(actions.killCodes == ["0x2182bad2"])
        let line = try #require(actions.appLogged(.appKilled).first)
        #expect(line.reason.contains("0x2182bad2"))
        #expect(line.reason.contains("background task 1 (sync)"))
        #expect(line.time == appEpoch + 30)
        #expect(h.app.phase == .notRunning)
        #expect(h.app.state.tasks.isEmpty)
        #expect(h.app.state.lastTermination == .watchdog(code: "0x2182bad2"))
        #expect(h.app.wasForceQuit == false)
        #expect(h.app.canRelaunch(steady: 60).allowed)
    }

    @Test func aTaskWithoutAnExpirationHandlerIsLoggedThenKilled() {
        var h = AppHarness.inPhase(.background)
        _ = h.begin(handler: false, at: 1)
        let atLead = h.send(.timerFired, at: 29)
        #expect(atLead.expirations.isEmpty)
        #expect(atLead.appLog.map(\.reason) == ["expiring with no expiration handler to call"])
        #expect(h.send(.timerFired, at: 30).killCodes == ["0x2182bad2"])
    }

    @Test func severalTasksMustAllBeEnded() {
        var h = AppHarness.inPhase(.background)
        let first = h.begin("a", at: 1)
        let second = h.begin("b", at: 2)
        #expect(second == BackgroundTaskID(rawValue: 2))
        h.send(.endBackgroundTask(id: first), at: 10)
        #expect(h.app.phase == .background)
        let actions = h.send(.timerFired, at: 29)
        #expect(actions.expirations == [second])
        h.send(.endBackgroundTask(id: second), at: 29.2)
        #expect(h.app.phase == .suspended)
    }

    @Test func severalTasksLeftOpenAreAllNamedInTheKill() throws {
        var h = AppHarness.inPhase(.background)
        let ids = [h.begin("a", at: 1), h.begin("b", handler: false, at: 2)]
        let actions = h.run(until: 30)
        #expect(actions.expirations == [ids[0]])
        let line = try #require(actions.appLogged(.appKilled).first)
        #expect(line.reason.contains("background task 1 (a), background task 2 (b)"))
    }

    @Test func aTaskBegunWithinTheLeadExpiresAtOnce() {
        var h = AppHarness.inPhase(.background)
        _ = h.begin("first", at: 1)
        let actions = h.send(.beginBackgroundTask(name: "late", hasExpirationHandler: true), at: 29.5)
        #expect(actions.granted == BackgroundTaskID(rawValue: 2))
        #expect(actions.expirations == [BackgroundTaskID(rawValue: 1), BackgroundTaskID(rawValue: 2)])
    }

    @Test func endingAnUnknownTaskIsRefusedWithUIKitsMessage() {
        var h = AppHarness.inPhase(.background)
        let id = h.begin(at: 1)
        h.send(.endBackgroundTask(id: id), at: 2)
        let again = h.send(.endBackgroundTask(id: id), at: 3)
        #expect(
            again.refusal?.hasPrefix("Can't end BackgroundTask: no background task exists with identifier 1") == true)
    }

    @Test func returningToTheForegroundStopsTheClockAndTheNextStayStartsAfresh() {
        var h = AppHarness.inPhase(.background)
        let id = h.begin(at: 1)
        h.run(until: 29)
        h.send(.userOpened, at: 29.5)
        #expect(h.app.backgroundTimeRemaining(steady: 100) == .greatestFiniteMagnitude)
        #expect(h.run(until: 100).killCodes.isEmpty)
        h.send(.userPressedHome, at: 100)
        let actions = h.run(until: 129)
        #expect(actions.expirations == [id])
        #expect(h.app.phase == .background)
    }

    @Test func taskIdentifiersAreNeverReused() {
        var h = AppHarness.inPhase(.active)
        let first = h.begin()
        h.send(.endBackgroundTask(id: first))
        #expect(h.begin() == BackgroundTaskID(rawValue: 2))
    }

    @Test func beginningWithNoBackgroundTimeLeftReturnsInvalid() {
        var h = AppHarness(policy: AppLifecyclePolicy(completionHandlerDeadline: 60))
        h.send(.relaunchRequested(forSession: sessionID))  // the handler holds the app past its 30 s
        h.run(until: 40)
        #expect(h.app.phase == .background)
        #expect(h.app.backgroundTimeRemaining(steady: 40) == 0)
        let actions = h.send(.beginBackgroundTask(name: "late", hasExpirationHandler: true), at: 40)
        #expect(actions.granted == .invalid)
        #expect(h.app.state.tasks.isEmpty)
        #expect(actions.appLog.first?.reason.contains("returned invalid") == true)
    }
}
