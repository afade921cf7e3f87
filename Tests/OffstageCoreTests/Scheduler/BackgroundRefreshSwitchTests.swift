import Foundation
import OffstageCore
import Testing

/// Background App Refresh has two switches: the device's (Settings → General) and the app's own.
@Suite struct BackgroundRefreshSwitchTests {
    @Test func theAppsSwitchHoldsItsRequestsWithItsOwnReason() throws {
        var h = SchedulerHarness()
        h.openApp()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        let off = h.send(.appBackgroundRefreshChanged(on: false))
        #expect(off.logLines.map(\.reason) == ["Background App Refresh switched off for this app"])
        #expect(h.text(refreshID) == "Background App Refresh is off for this app")
        #expect(h.run(until: 1800).handlerCalls.isEmpty)
        // The device's switch is named first when both are off.
        h.send(.deviceChanged(SchedulerDeviceState(conditions: DeviceConditions(backgroundRefresh: false))))
        #expect(h.text(refreshID) == "Background App Refresh is off on this device")
        h.send(.deviceChanged(SchedulerDeviceState()))
        #expect(h.send(.appBackgroundRefreshChanged(on: false)).committed == nil, "no change, no commit")
        h.send(.appBackgroundRefreshChanged(on: true))
        #expect(h.run(until: 2800).handlerCalls == [refreshID])
    }

    @Test(arguments: [
        (false, true, "Background App Refresh is off on this device"),
        (true, false, "Background App Refresh is off for this app"),
    ])
    func submitFailsUnavailableSayingWhichSwitch(device: Bool, app: Bool, why: String) {
        var h = SchedulerHarness()
        h.openApp()
        h.send(.deviceChanged(SchedulerDeviceState(conditions: DeviceConditions(backgroundRefresh: device))))
        h.send(.appBackgroundRefreshChanged(on: app))
        let actions = h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        #expect(actions.replies == [.submitFailed(identifier: refreshID, error: .unavailable)])
        #expect(
            actions.logged(.bgRejected).first?.reason == "submit failed: BGTaskScheduler.Error.unavailable (\(why))")
    }

    @Test func theSwitchIsKeptWithTheState() throws {
        var h = SchedulerHarness()
        h.send(.appBackgroundRefreshChanged(on: false))
        let data = try JSONEncoder().encode(h.scheduler.state)
        #expect(try JSONDecoder().decode(TaskSchedulerState.self, from: data).backgroundRefreshForApp == false)
        let old = #"{"budget": {"credits": 1, "accruedAt": 0, "opens": []}, "random": {"state": 1}}"#
        #expect(try JSONDecoder().decode(TaskSchedulerState.self, from: Data(old.utf8)).backgroundRefreshForApp)
    }
}
