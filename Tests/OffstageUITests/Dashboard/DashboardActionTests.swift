import Foundation
import OffstageCore
import OffstageUI
import Testing

@Suite struct DashboardReducerActionTests {
    /// Selects transfer `id` and presses `key`; returns the effects and the message.
    private func press(_ key: Character, onTransfer id: Int64?) -> ([DashboardEffect], String?) {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        state.selectedTransfer = id
        if id == nil { state.filters[.transfers] = "nothing matches this" }
        let effects = ReducerFixture.press([.character(key)], &state, snapshot)
        return (effects, state.message)
    }

    @Test(arguments: [
        (Int64(1), [DashboardEffect.send(.pause(id: 1))], "pause sent to the engine: task 1"),
        (2, [.send(.resume(id: 2))], "resume sent to the engine: task 2"),
        (3, [], "task 3 is completed: nothing to pause"),
        (4, [.send(.pause(id: 4))], "pause sent to the engine: task 4"),
        (5, [.send(.resume(id: 5))], "resume sent to the engine: task 5"),
    ])
    func pausePausesOrResumesOrSaysWhyNot(_ id: Int64, _ effects: [DashboardEffect], _ message: String) {
        let (sent, said) = press("p", onTransfer: id)
        #expect(sent == effects)
        #expect(said == message)
    }

    @Test func withNoEngineRunningTheCommandIsOnlySaidToBeRequested() {
        var snapshot = ReducerFixture.snapshot()
        snapshot.engine = EngineSnapshot(role: .notRunning, home: "/tmp/home")
        var state = ReducerFixture.state(for: snapshot)
        #expect(ReducerFixture.press([.character("p")], &state, snapshot) == [.send(.pause(id: 1))])
        #expect(state.message == "pause requested (no engine runs): task 1")
        ReducerFixture.press([.character("c"), .character("y")], &state, snapshot)
        #expect(state.message == "cancel requested (no engine runs): task 1")
    }

    @Test func pauseAndCancelWithoutASelectionSaySo() {
        #expect(press("p", onTransfer: nil) == ([], "no transfer selected"))
        #expect(press("c", onTransfer: nil) == ([], "no transfer selected"))
    }

    @Test func cancelAsksThenNSendsNothingAndYSendsTheCancel() {
        let snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        var effects = ReducerFixture.press([.down, .character("c")], &state, snapshot)
        #expect(
            state.overlay
                == .confirm(.init(question: "Cancel task 2 \"feed.json\"? y/n", effect: .send(.cancel(id: 2)))))
        effects += ReducerFixture.press([.character("q"), .character("j")], &state, snapshot)
        #expect(state.message == "answer y or n (Esc: n)", "other keys, q too, wait for the answer")
        effects += ReducerFixture.press([.character("n")], &state, snapshot)
        #expect(effects.isEmpty)
        #expect(state.overlay == nil)
        #expect(state.selectedTransfer == 2)
        effects += ReducerFixture.press([.character("c"), .character("y")], &state, snapshot)
        #expect(effects == [.send(.cancel(id: 2))])
        #expect(state.message == "cancel sent to the engine: task 2")
    }

    @Test func cancelRefusesFinishedTasksAndEscapesTheName() {
        #expect(press("c", onTransfer: 3) == ([], "task 3 is completed: nothing to cancel"))
        var finishing = ReducerFixture.transfers
        finishing[0].state = .finishing
        finishing[1].name = "evil\u{1B}[2J\u{202E}.txt"
        let snapshot = ReducerFixture.snapshot(transfers: finishing)
        var state = ReducerFixture.state(for: snapshot)
        ReducerFixture.press([.character("c")], &state, snapshot)
        #expect(state.message == "task 1 is finishing: its body is complete and it can no longer be cancelled")
        ReducerFixture.press([.down, .character("c")], &state, snapshot)
        #expect(
            state.overlay
                == .confirm(
                    .init(question: "Cancel task 2 \"evil\\x1B[2J\\u{202E}.txt\"? y/n", effect: .send(.cancel(id: 2)))))
    }

    @Test func launchTakesTheSelectedPendingRequestOrTheFirst() {
        var snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        state.selectedRequest = "com.example.maintenance"
        #expect(
            ReducerFixture.press([.character("l")], &state, snapshot) == [
                .send(.launchTask(identifier: "com.example.maintenance"))
            ])
        #expect(state.message == "simulated launch sent to the engine: com.example.maintenance")
        state.selectedRequest = "com.example.sync"
        #expect(
            ReducerFixture.press([.character("l")], &state, snapshot)
                == [.send(.launchTask(identifier: "com.example.refresh"))],
            "a running task selected: the first pending request")
        snapshot.runningTasks.append(
            RunningTaskSnapshot(
                identifier: "com.example.refresh", kind: .appRefresh, launchedAt: ReducerFixture.now, expiresIn: 20,
                deadlineIn: 30))
        #expect(
            ReducerFixture.press([.character("l")], &state, snapshot)
                == [.send(.launchTask(identifier: "com.example.maintenance"))],
            "the first pending request whose task is not running")
        state.selectedRequest = "com.example.refresh"
        #expect(ReducerFixture.press([.character("l")], &state, snapshot).isEmpty)
        #expect(state.message == "com.example.refresh is already running: x expires it")
        snapshot.requests.removeLast()
        state.selectedRequest = "com.example.sync"
        #expect(ReducerFixture.press([.character("l")], &state, snapshot).isEmpty)
        #expect(state.message == "every pending request's task is already running: x expires one")
        snapshot.requests = []
        snapshot.runningTasks = []
        state = ReducerFixture.state(for: snapshot)
        #expect(ReducerFixture.press([.character("l")], &state, snapshot).isEmpty)
        #expect(state.message == "no BG task request to launch: press s to schedule one")
    }

    @Test func expireTakesTheSelectedRunningTaskOrTheOnlyOne() {
        var snapshot = ReducerFixture.snapshot(running: [])
        var state = ReducerFixture.state(for: snapshot)
        #expect(ReducerFixture.press([.character("x")], &state, snapshot).isEmpty)
        #expect(state.message == "no BG task is running: launch one with l first")

        let other = RunningTaskSnapshot(
            identifier: "com.example.other", kind: .appRefresh, launchedAt: ReducerFixture.now, expiresIn: 5,
            deadlineIn: 10)
        snapshot.runningTasks = [ReducerFixture.running, other]
        state = ReducerFixture.state(for: snapshot)
        #expect(ReducerFixture.press([.character("x")], &state, snapshot).isEmpty)
        #expect(state.message == "2 BG tasks are running: select one in the Scheduled pane")
        state.selectedRequest = "com.example.other"
        #expect(
            ReducerFixture.press([.character("x")], &state, snapshot) == [
                .send(.expireTask(identifier: "com.example.other"))
            ])

        snapshot.runningTasks[1].expirationCalled = true
        #expect(ReducerFixture.press([.character("x")], &state, snapshot).isEmpty)
        #expect(state.message == "the expiration handler of com.example.other was already called")
    }

    @Test(arguments: [
        ("o", AppSnapshot(phase: .active), [DashboardEffect](), "the app is already in the foreground"),
        ("o", AppSnapshot(phase: .inactive), [], "the app is already in the foreground"),
        (
            "o", AppSnapshot(phase: .notRunning), [.send(.app(.open))],
            "open sent to the engine: the app comes to the foreground"
        ),
        ("h", AppSnapshot(phase: .suspended), [], "the app is not in the foreground"),
        (
            "h", AppSnapshot(phase: .inactive), [.send(.app(.home))],
            "home sent to the engine: the app goes to the background"
        ),
        ("t", AppSnapshot(phase: .notRunning), [], "the app is not running"),
        (
            "t", AppSnapshot(phase: .active), [],
            "the app is in the foreground: the system terminates only a background app (h sends it home)"
        ),
        (
            "t", AppSnapshot(phase: .suspended), [.send(.app(.kill(reason: "memory pressure")))],
            "system termination (memory pressure) sent to the engine"
        ),
        ("K", AppSnapshot(phase: .notRunning), [], "the app is not running"),
        ("r", AppSnapshot(phase: .background, waitingDeliveries: 1), [], "the app is already running (background)"),
        (
            "r", AppSnapshot(phase: .notRunning, forceQuit: true, waitingDeliveries: 1), [],
            "the user force-quit the app: the system does not relaunch it until it is opened (o)"
        ),
        ("r", AppSnapshot(phase: .notRunning), [], "no session events wait for the app: o opens it instead"),
        (
            "r", AppSnapshot(phase: .notRunning, waitingDeliveries: 1), [.send(.app(.relaunch))],
            "background relaunch sent to the engine"
        ),
        (
            "r", AppSnapshot(phase: .suspended, relaunchAvailableIn: 90, waitingDeliveries: 1),
            [.send(.app(.relaunch))], "background relaunch sent to the engine: the rate limiter holds it for 2 min"
        ),
    ])
    func appKeysSendOrSayWhyNot(_ key: Character, _ app: AppSnapshot, _ effects: [DashboardEffect], _ message: String) {
        let snapshot = ReducerFixture.snapshot(app: app)
        var state = ReducerFixture.state(for: snapshot)
        #expect(ReducerFixture.press([.character(key)], &state, snapshot) == effects)
        #expect(state.message == message)
    }

    @Test func forceQuitAsksFirst() {
        let snapshot = ReducerFixture.snapshot(app: AppSnapshot(phase: .active))
        var state = ReducerFixture.state(for: snapshot)
        #expect(ReducerFixture.press([.character("K")], &state, snapshot).isEmpty)
        #expect(
            state.overlay
                == .confirm(
                    .init(
                        question: "Force-quit the app, as a swipe in the app switcher does? y/n",
                        effect: .send(.app(.forceQuit)))))
        #expect(ReducerFixture.press([.character("y")], &state, snapshot) == [.send(.app(.forceQuit))])
    }

    @Test func warpCyclesBackToRealTimeInFourPresses() {
        var snapshot = ReducerFixture.snapshot()
        var state = ReducerFixture.state(for: snapshot)
        let effects = ReducerFixture.pressApplyingClock(Array(repeating: .character("w"), count: 4), &state, &snapshot)
        #expect(
            effects == [
                .setClockRate(.warped(10)), .setClockRate(.warped(60)), .setClockRate(.warped(600)),
                .setClockRate(.real),
            ])
        #expect(state.message == "clock ×1")
    }

    @Test func anOddWarpGoesToTheNextStepUp() {
        let snapshot = ReducerFixture.snapshot(rate: .warped(30))
        var state = ReducerFixture.state(for: snapshot)
        #expect(ReducerFixture.press([.character("w")], &state, snapshot) == [.setClockRate(.warped(60))])
    }

    @Test func unfreezingReturnsToTheRateBeforeAndWarpWaitsForIt() {
        var snapshot = ReducerFixture.snapshot(rate: .warped(60))
        var state = ReducerFixture.state(for: snapshot)
        var effects = ReducerFixture.pressApplyingClock([.character("f")], &state, &snapshot)
        #expect(effects == [.setClockRate(.frozen)])
        #expect(state.message == "clock frozen: n jumps to the next deadline")
        effects = ReducerFixture.pressApplyingClock([.character("w")], &state, &snapshot)
        #expect(effects.isEmpty)
        #expect(state.message == "the clock is frozen: f unfreezes it")
        effects = ReducerFixture.pressApplyingClock([.character("f")], &state, &snapshot)
        #expect(effects == [.setClockRate(.warped(60))])
        #expect(state.rateBeforeFreeze == nil)
        #expect(state.message == "clock unfrozen: ×60")
    }

    @Test func aClockFrozenElsewhereUnfreezesToRealTime() {
        let snapshot = ReducerFixture.snapshot(rate: .frozen)
        var state = ReducerFixture.state(for: snapshot)
        #expect(ReducerFixture.press([.character("f")], &state, snapshot) == [.setClockRate(.real)])
    }

    @Test func jumpNeedsADeadline() {
        let none = ReducerFixture.snapshot(nextDeadline: nil)
        var state = ReducerFixture.state(for: none)
        #expect(ReducerFixture.press([.character("n")], &state, none).isEmpty)
        #expect(state.message == "no deadline ahead")
        let ahead = ReducerFixture.snapshot()
        #expect(ReducerFixture.press([.character("n")], &state, ahead) == [.jumpToNextDeadline])
        #expect(state.message == "jumping 1 min ahead to the next deadline")
    }

    @Test func batteryIsClampedAndNetworkRepeatsSayWhy() {
        let low = ReducerFixture.snapshot(device: DeviceSnapshot(conditions: DeviceConditions(batteryLevel: 5)))
        var state = ReducerFixture.state(for: low)
        var effects = ReducerFixture.press([.character("d"), .character("b")], &state, low)
        #expect(effects == [.send(.setConditions(DeviceConditions(batteryLevel: 0)))])
        let empty = ReducerFixture.snapshot(device: DeviceSnapshot(conditions: DeviceConditions(batteryLevel: 0)))
        effects = ReducerFixture.press([.character("b")], &state, empty)
        #expect(effects.isEmpty)
        #expect(state.message == "the battery is already empty (0%)")
        effects = ReducerFixture.press([.character("B")], &state, low)
        #expect(effects == [.send(.setConditions(DeviceConditions(batteryLevel: 15)))])
        effects = ReducerFixture.press([.character("w")], &state, low)
        #expect(effects.isEmpty)
        #expect(state.message == "the device is already on Wi-Fi")
        effects = ReducerFixture.press([.character("z")], &state, low)
        #expect(state.message == "z does nothing in the device menu: w c o p b B l r i a, Esc closes")
        #expect(state.overlay == .device)
    }

    @Test func inUseTogglesFromTheSnapshot() {
        let busy = ReducerFixture.snapshot(device: DeviceSnapshot(inUse: true))
        var state = ReducerFixture.state(for: busy)
        #expect(
            ReducerFixture.press([.character("d"), .character("i")], &state, busy) == [.send(.setDeviceInUse(false))])
        #expect(state.message == "device idle sent to the engine")
    }
}
