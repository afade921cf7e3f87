import Foundation
import OffstageCore
import Testing

/// `sessionSendsLaunchEvents` off: the system neither launches nor resumes the app for the session's events; they
/// wait, and the app gets them when the user next opens it.
@Suite struct LaunchEventsOffTests {
    @Test(arguments: [AppLifecyclePhase.notRunning, .suspended])
    func eventsOfASessionWithoutLaunchEventsAreHeldForTheNextOpen(phase: AppLifecyclePhase) {
        var h = AppHarness.inPhase(phase)
        #expect(h.app.state.waitingEvents(session: sessionID, sendsLaunchEvents: true) == .relaunch)
        #expect(h.app.state.waitingEvents(session: sessionID, sendsLaunchEvents: false) == .holdForOpen)
        let held = h.send(.launchEventsOff(session: sessionID), at: 10)
        #expect(h.app.phase == phase, "no background launch, no resume")
        #expect(!held.contains { if case .callDelegate = $0 { true } else { false } })
        #expect(h.app.state.heldForOpen == [sessionID])
        #expect(
            held.appLogged(.appRelaunch).map(\.reason) == [
                "no background launch for \(sessionID)'s events: its sessionSendsLaunchEvents is off; "
                    + "they wait for the user to open the app"
            ])
        // Said once: asked again while they wait, nothing happens.
        #expect(h.app.state.waitingEvents(session: sessionID, sendsLaunchEvents: false) == .none)
        #expect(h.send(.launchEventsOff(session: sessionID), at: 11).appLogged(.appRelaunch).isEmpty)
        // The user opens the app: it runs in the foreground and the session delivers directly.
        let opened = h.send(.userOpened, at: 20)
        #expect(h.app.phase == .active)
        #expect(h.app.state.heldForOpen.isEmpty)
        #expect(
            opened.appLogged(.appRelaunch).map(\.reason).contains(
                "opened: the events held for \(sessionID) (launch events off) are delivered now"))
        #expect(h.app.state.waitingEvents(session: sessionID, sendsLaunchEvents: false) == .none)
    }

    @Test func aRunningAppTakesTheEventsItself() {
        var h = AppHarness.inPhase(.background)
        #expect(h.app.state.waitingEvents(session: sessionID, sendsLaunchEvents: false) == .none)
        let refused = h.send(.launchEventsOff(session: sessionID), at: 1)
        #expect(refused.refusal?.contains("the app runs") == true)
    }

    @Test func aForceQuitAppIsNeverRelaunchedEitherWay() {
        var h = AppHarness.inPhase(.active)
        h.send(.userForceQuit, at: 1)
        #expect(h.app.state.waitingEvents(session: sessionID, sendsLaunchEvents: true) == .none)
        #expect(h.app.state.waitingEvents(session: sessionID, sendsLaunchEvents: false) == .none)
    }

    @Test func switchingLaunchEventsBackOnRelaunchesForTheHeldEvents() {
        var h = AppHarness.inPhase(.suspended)
        h.send(.launchEventsOff(session: sessionID), at: 10)
        #expect(h.app.state.waitingEvents(session: sessionID, sendsLaunchEvents: true) == .relaunch)
        let relaunched = h.send(.relaunchRequested(forSession: sessionID), at: 12)
        #expect(relaunched.has(.resumeAppInBackground(reason: "session events for \(sessionID)")))
        #expect(h.app.state.heldForOpen.isEmpty)
    }

    @Test func aStoredStateFromBeforeDecodesWithNothingHeld() throws {
        var held = AppLifecycleState()
        held.heldForOpen = [sessionID]
        var object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(held)) as? [String: Any])
        #expect(object.removeValue(forKey: "heldForOpen") != nil)
        let old = try JSONSerialization.data(withJSONObject: object)
        #expect(try JSONDecoder().decode(AppLifecycleState.self, from: old).heldForOpen.isEmpty)
    }
}
