import Foundation
import OffstageCore
import Testing

@Suite struct AppTerminationTests {
    @Test(arguments: [AppLifecyclePhase.inactive, .active, .background, .suspended])
    func forceQuitCancelsTransfersAndIsRemembered(from phase: AppLifecyclePhase) throws {
        var h = AppHarness.inPhase(phase)
        let actions = h.send(.userForceQuit, at: h.steady + 1)
        #expect(actions.has(.cancelTransfers(reason: .userForceQuit)))
        #expect(h.app.phase == .notRunning)
        #expect(h.app.wasForceQuit)
        #expect(h.app.state.lastTermination == .userForceQuit)
        let line = try #require(actions.appLogged(.appTerminated).first)
        #expect(line.reason.contains("-999, reason 0: user force-quit"))
    }

    @Test(arguments: [AppLifecyclePhase.background, .suspended])
    func aSystemTerminationKeepsTransfersAndAllowsARelaunch(from phase: AppLifecyclePhase) {
        var h = AppHarness.inPhase(phase)
        let actions = h.send(.systemTerminated(reason: "memory pressure"), at: h.steady + 1)
        #expect(!actions.contains { if case .cancelTransfers = $0 { true } else { false } })
        #expect(h.app.phase == .notRunning)
        #expect(h.app.wasForceQuit == false)
        #expect(h.app.state.lastTermination == .system(reason: "memory pressure"))
        #expect(actions.appLog.first?.reason.contains("transfers go on") == true)
        let relaunch = h.send(.relaunchRequested(forSession: sessionID), at: h.steady + 1)
        #expect(relaunch.has(.launchAppInBackground(reason: "session events for \(sessionID)")))
    }

    @Test func aForceQuitAppIsNotRelaunchedUntilTheUserOpensIt() throws {
        var h = AppHarness.inPhase(.suspended)
        h.send(.userForceQuit, at: 10)
        let refused = try #require(h.send(.relaunchRequested(forSession: sessionID), at: 1000).refusal)
        #expect(refused.contains("force-quit by the user"))
        #expect(h.app.canRelaunch(steady: 100_000).allowed == false)
        #expect(h.app.state.pendingRelaunches.isEmpty)
        let opened = h.send(.userOpened, at: 2000)
        #expect(
            opened.appLogged(.appRelaunch).map(\.reason).contains {
                $0.hasPrefix("opened after a force-quit")
            })
        #expect(h.app.wasForceQuit == false)
        h.send(.userPressedHome, at: 2001)
        h.run(until: 2006)
        #expect(h.send(.relaunchRequested(forSession: sessionID), at: 2010).tokens.count == 1)
    }

    @Test func forceQuitDropsOpenTasksAndHandlersWithoutAKill() {
        var h = AppHarness()
        h.send(.relaunchRequested(forSession: sessionID))
        _ = h.begin(at: 1)
        h.send(.userForceQuit, at: 2)
        #expect(h.app.state.tasks.isEmpty && h.app.state.handlers.isEmpty)
        #expect(h.run(until: 100).isEmpty)
    }

    @Test("a restart with the app not running terminates nothing: one life-cycle line, no app-terminated")
    func aRestartWithTheAppNotRunning() {
        var h = AppHarness()
        let actions = h.send(.processRestarted, at: 10)
        #expect(actions.appLogged(.appTerminated).isEmpty)
        #expect(
            actions.appLogged(.appLifecycle).map(\.reason) == [
                "device rebooted (process restarted): the app was not running; transfers resume"
            ])
    }

    @Test(arguments: RebootPolicy.allCases)
    func aRebootFollowsThePolicy(policy: RebootPolicy) {
        var h = AppHarness.inPhase(.suspended, policy: AppLifecyclePolicy(rebootPolicy: policy))
        let actions = h.send(.processRestarted, at: 100)
        #expect(h.app.phase == .notRunning)
        #expect(h.app.state.lastTermination == .reboot)
        #expect(actions.appLogged(.appTerminated).count == 1)
        let opened = h.send(.userOpened, at: 200)
        switch policy {
        case .resumeTransfers:
            #expect(actions.has(.resumeTransfers))
            #expect(!opened.has(.resumeTransfers))
        case .cancelTransfers:
            #expect(actions.has(.cancelTransfers(reason: .insufficientSystemResources)))
            #expect(actions.appLog.first?.reason.contains("-999, reason 2") == true)
            #expect(!opened.has(.resumeTransfers))
        case .waitForAppLaunch:
            #expect(!actions.has(.resumeTransfers))
            #expect(opened.has(.resumeTransfers))
            #expect(h.app.state.transfersHeldForLaunch == false)
        }
    }

    @Test func theDefaultRebootPolicyResumesTransfers() {
        #expect(AppLifecyclePolicy().rebootPolicy == .resumeTransfers)
    }

    @Test func aRebootDropsTasksWithoutAKillAndKeepsTheForceQuitMark() {
        var h = AppHarness.inPhase(.background)
        _ = h.begin(at: 1)
        h.send(.processRestarted, at: 2)
        #expect(h.run(until: 100).killCodes.isEmpty)
        var quit = AppHarness.inPhase(.active)
        quit.send(.userForceQuit, at: 1)
        quit.send(.processRestarted, at: 2)
        #expect(quit.app.wasForceQuit)
        #expect(quit.app.state.lastTermination == .userForceQuit)
        #expect(quit.send(.relaunchRequested(forSession: sessionID), at: 3).refusal != nil)
    }

    @Test func aRebootDropsDelayedRelaunchesButKeepsTheLimiter() {
        var h = AppHarness()
        let token = h.send(.relaunchRequested(forSession: sessionID)).tokens[0]
        h.send(.completionHandlerCalled(token: token), at: 1)
        h.run(until: 10)
        h.send(.relaunchRequested(forSession: sessionID), at: 10)
        h.send(.processRestarted, at: 20)
        #expect(h.app.state.pendingRelaunches.isEmpty)
        #expect(h.app.state.limiter.delay == 60)
        #expect(h.app.canRelaunch(steady: 20).reason == "relaunch rate limiter: 40 s left")
    }

    @Test func theStateRoundTripsThroughJSON() throws {
        var h = AppHarness(policy: AppLifecyclePolicy(rebootPolicy: .waitForAppLaunch))
        h.send(.relaunchRequested(forSession: sessionID))
        _ = h.begin("export", handler: false, at: 1)
        h.send(.sessionEventsFinished(token: CompletionHandlerToken(rawValue: 1)), at: 2)
        h.send(.relaunchRequested(forSession: "other"), at: 3)
        var state = h.app.state
        state.pendingRelaunches = ["other"]
        state.forceQuit = true
        state.transfersHeldForLaunch = true
        state.lastTermination = .watchdog(code: "0x2182bad3")
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(AppLifecycleState.self, from: data) == state)
        for termination in [AppTermination.userForceQuit, .system(reason: "jetsam"), .reboot] {
            state.lastTermination = termination
            #expect(try JSONDecoder().decode(AppLifecycleState.self, from: JSONEncoder().encode(state)) == state)
        }
        let restored = AppLifecycle(policy: h.app.policy, state: state)
        #expect(restored.state == state)
    }

    @Test func thePolicyRoundTripsThroughJSON() throws {
        let policy = AppLifecyclePolicy(
            backgroundTaskLimit: 180, didEnterBackgroundGrace: 4, expirationLead: 2, completionHandlerDeadline: 20,
            rebootPolicy: .cancelTransfers, relaunchInitialDelay: 30, relaunchMaxDelay: 600)
        let data = try JSONEncoder().encode(policy)
        #expect(try JSONDecoder().decode(AppLifecyclePolicy.self, from: data) == policy)
        let json = try #require(String(data: data, encoding: .utf8))
        #expect(json.contains("\"rebootPolicy\":\"cancel\""))
    }

    @Test func aPartialPolicyTakesTheDefaultsForMissingKeys() throws {
        let json = Data(#"{"backgroundTaskLimit": 180, "rebootPolicy": "wait-for-launch"}"#.utf8)
        let policy = try JSONDecoder().decode(AppLifecyclePolicy.self, from: json)
        #expect(
            policy == AppLifecyclePolicy(backgroundTaskLimit: 180, rebootPolicy: .waitForAppLaunch))
        #expect(try JSONDecoder().decode(AppLifecyclePolicy.self, from: Data("{}".utf8)) == AppLifecyclePolicy())
    }
}
