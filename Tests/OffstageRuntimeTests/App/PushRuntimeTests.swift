import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// `offstage push` through the runtime: the command's result is the push's outcome, the event line says it, and the
/// app's process follows (launched for 30 s, then suspended).
@Suite("App: background pushes")
struct PushRuntimeTests {
    /// Sets the device's conditions, as `offstage device` does.
    static func conditions(_ scenario: AppScenario, _ conditions: DeviceConditions) throws {
        try scenario.store.enqueue(.setConditions(conditions), now: scenario.clock.now())
        try scenario.runtime.settle()
    }

    @Test("a background push launches the app for 30 s, then it is suspended")
    func deliveredThenSuspended() throws {
        let scenario = try AppScenario()
        let outcome = try scenario.app(.push(SilentPush()))
        #expect(outcome.status == .done)
        #expect(
            outcome.result?.hasPrefix("push (content-available, priority 5) delivered: the app runs")
                == true)
        #expect(
            try scenario.logged(.push, "(launched: not-running → background); 1 of about 3 this hour"))
        #expect(try scenario.appState().lifecycle.phase == .background)
        try scenario.advance(31)
        #expect(try scenario.appState().lifecycle.phase == .suspended)
        #expect(try scenario.logged(.push, "the push's 30 s of background time are over"))
    }

    @Test("after a force-quit a push is not delivered, and says so")
    func forceQuit() throws {
        let scenario = try AppScenario()
        try scenario.app(.open)
        try scenario.app(.forceQuit)
        let outcome = try scenario.app(.push(SilentPush()))
        #expect(outcome.status == .done)
        #expect(
            outcome.result
                == "push (content-available, priority 5) not delivered: the user force-quit the app")
        #expect(try scenario.logged(.push, "not delivered: the user force-quit the app"))
        #expect(try scenario.appState().lifecycle.phase == .notRunning)
    }

    @Test("Low Power Mode defers the push; it is delivered when Low Power Mode ends")
    func lowPowerMode() throws {
        let scenario = try AppScenario()
        try Self.conditions(scenario, DeviceConditions(lowPowerMode: true))
        let outcome = try scenario.app(.push(SilentPush()))
        #expect(outcome.result?.contains("deferred: Low Power Mode is on") == true)
        #expect(try scenario.appState().lifecycle.phase == .notRunning)
        try Self.conditions(scenario, DeviceConditions())
        #expect(try scenario.appState().lifecycle.phase == .background)
        #expect(try scenario.logged(.push, "delivered: the app runs in the background"))
    }

    @Test("the device's Background App Refresh switch keeps a push from waking the app")
    func refreshOff() throws {
        let scenario = try AppScenario()
        try Self.conditions(scenario, DeviceConditions(backgroundRefresh: false))
        let outcome = try scenario.app(.push(SilentPush()))
        #expect(
            outcome.result?.hasSuffix("not delivered: Background App Refresh is off on this device")
                == true)
    }

    @Test("APNs refuses priority 10 for a background push: a refusal, no event line")
    func priorityTen() throws {
        let scenario = try AppScenario()
        let outcome = try scenario.app(.push(SilentPush(contentAvailable: true, priority: 10)))
        #expect(outcome.status == .refused)
        #expect(outcome.result?.contains("APNs rejects priority 10") == true)
        #expect(try scenario.reasons(.push).isEmpty)
    }
}
