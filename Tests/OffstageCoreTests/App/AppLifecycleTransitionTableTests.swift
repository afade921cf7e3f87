import Foundation
import OffstageCore
import Testing

/// One row of the transition table: an event and the outcome in each phase.
struct AppTransitionRow: Sendable, CustomTestStringConvertible {
    /// The event.
    let event: AppLifecycleEvent
    /// Outcomes for notRunning, inactive, active, background, suspended:
    /// `N` not running, `I` inactive, `A` active, `B` background, `S` suspended, `R` refused.
    let outcomes: String

    var testDescription: String { "\(event)" }

    static let phases: [AppLifecyclePhase] = [.notRunning, .inactive, .active, .background, .suspended]
}

/// Every (phase × event) pair: the next phase, or a refusal that changes nothing.
let appTransitionTable: [AppTransitionRow] = [
    //                                                                  N I A B S
    AppTransitionRow(event: .userOpened, outcomes: "A A R A A"),
    AppTransitionRow(event: .userPressedHome, outcomes: "R B B R R"),
    AppTransitionRow(event: .userLockedDevice, outcomes: "R B B R R"),
    AppTransitionRow(event: .interruptionBegan, outcomes: "R R I R R"),
    AppTransitionRow(event: .interruptionEnded, outcomes: "R A R R R"),
    AppTransitionRow(event: .userForceQuit, outcomes: "R N N N N"),
    AppTransitionRow(event: .systemTerminated(reason: "memory pressure"), outcomes: "R R R N N"),
    AppTransitionRow(event: .processRestarted, outcomes: "N N N N N"),
    AppTransitionRow(event: .relaunchRequested(forSession: sessionID), outcomes: "B R R R B"),
    AppTransitionRow(event: .beginBackgroundTask(name: "t", hasExpirationHandler: true), outcomes: "R I A B R"),
    AppTransitionRow(event: .endBackgroundTask(id: BackgroundTaskID(rawValue: 99)), outcomes: "R R R R R"),
    AppTransitionRow(event: .sessionEventsFinished(token: CompletionHandlerToken(rawValue: 99)), outcomes: "R R R R R"),
    AppTransitionRow(
        event: .completionHandlerCalled(token: CompletionHandlerToken(rawValue: 99)), outcomes: "R R R R R"),
    AppTransitionRow(event: .timerFired, outcomes: "N I A B S"),
]

@Suite struct AppLifecycleTransitionTableTests {
    @Test(arguments: appTransitionTable)
    func transition(_ row: AppTransitionRow) throws {
        let codes = row.outcomes.split(separator: " ").map(String.init)
        try #require(codes.count == AppTransitionRow.phases.count)
        for (phase, code) in zip(AppTransitionRow.phases, codes) {
            var h = AppHarness.inPhase(phase)
            let before = h.app
            let actions = h.send(row.event, at: h.steady + 1)
            if code == "R" {
                #expect(actions.refusal != nil, "\(phase) should refuse")
                #expect(h.app == before, "\(phase): a refusal changed the state")
            } else {
                #expect(actions.refusal == nil, "\(phase) refused: \(actions.refusal ?? "")")
                #expect(h.app.phase == Self.phase(code), "from \(phase)")
            }
        }
    }

    @Test func everyEventIsInTheTable() {
        // One row per case of AppLifecycleEvent (14); a new case must get a row.
        #expect(appTransitionTable.count == 14)
    }

    @Test func theTableCoversEveryPhase() {
        #expect(Set(AppTransitionRow.phases) == Set(AppLifecyclePhase.allCases))
    }

    @Test func openingLaunchesThroughInactiveWithTheDelegateCalls() {
        var h = AppHarness()
        let actions = h.send(.userOpened)
        #expect(
            Array(actions.dropFirst())
                == [
                    .launchAppInForeground, .callDelegate(.didFinishLaunching(inBackground: false)),
                    .callDelegate(.didBecomeActive),
                ])
        #expect(actions.appLog.map(\.reason) == ["opened by the user: not-running → inactive → active"])
    }

    @Test func goingHomeResignsActiveAndEntersTheBackground() {
        var h = AppHarness.inPhase(.active)
        let actions = h.send(.userPressedHome, at: 10)
        #expect(
            Array(actions.dropFirst())
                == [.callDelegate(.willResignActive), .callDelegate(.didEnterBackground), .wake(atSteady: 15)])
        #expect(actions.appLogged(.appLifecycle).first?.reason.hasPrefix("home screen: active → inactive") == true)
        #expect(h.app.state.backgroundSince == 10)
    }

    @Test func lockingTheDeviceIsLoggedAsSuch() {
        var h = AppHarness.inPhase(.active)
        let actions = h.send(.userLockedDevice)
        #expect(actions.appLog.first?.reason.hasPrefix("device locked: active → inactive → background") == true)
    }

    @Test func lockingDuringAnInterruptionSkipsWillResignActive() {
        var h = AppHarness.inPhase(.inactive)
        let actions = h.send(.userLockedDevice, at: 1)
        #expect(Array(actions.dropFirst()) == [.callDelegate(.didEnterBackground), .wake(atSteady: 6)])
        #expect(actions.appLog.first?.reason.hasPrefix("device locked: inactive → background") == true)
    }

    private static func phase(_ code: String) -> AppLifecyclePhase? {
        switch code {
        case "N": .notRunning
        case "I": .inactive
        case "A": .active
        case "B": .background
        case "S": .suspended
        default: nil
        }
    }
}
