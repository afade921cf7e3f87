import Foundation
import OffstageCore
import OffstageUI
import Testing

/// The device menu (`d`) with Android: Doze, the bucket, battery saver, background restriction, roaming and low
/// storage send Android commands; Low Power Mode and Background App Refresh stay with iOS.
@Suite struct AndroidDeviceMenuTests {
    /// Opens the menu on `snapshot` and presses `key`.
    func press(_ key: Character, on snapshot: Snapshot) -> (effects: [DashboardEffect], state: DashboardState) {
        var state = ReducerFixture.state(for: snapshot)
        let effects = ReducerFixture.press([.character("d"), .character(key)], &state, snapshot)
        return (effects, state)
    }

    /// The Android sample: rare bucket, Doze off, saver off, not restricted, roaming, storage low.
    static let androidCases: [(key: Character, request: AndroidRequest, message: String)] = [
        ("z", .doze(true), "Doze on sent to the engine"),
        ("s", .bucket(.restricted), "standby bucket restricted sent to the engine"),
        ("v", .batterySaver(true), "battery saver on sent to the engine"),
        ("x", .backgroundRestricted(true), "background restriction on sent to the engine"),
        ("m", .roaming(false), "roaming off sent to the engine"),
        ("t", .storageLow(false), "storage low off sent to the engine"),
    ]

    @Test(arguments: androidCases.indices)
    func anAndroidKeySendsTheOppositeOfNow(_ index: Int) {
        let entry = Self.androidCases[index]
        let (effects, state) = press(entry.key, on: SnapshotSamples.android)
        #expect(effects == [.send(.android(entry.request))])
        #expect(state.message == entry.message)
        #expect(state.overlay == .device, "the menu stays open")
    }

    @Test func theSideBySideSampleTurnsDozeOffAndTheBucketOnward() {
        let both = SnapshotSamples.both
        #expect(press("z", on: both).effects == [.send(.android(.doze(false)))], "dozing: z wakes the device")
        #expect(press("s", on: both).effects == [.send(.android(.bucket(.rare)))], "frequent → rare")
        #expect(press("v", on: both).effects == [.send(.android(.batterySaver(false)))])
        var maintenance = both
        maintenance.android?.device.doze = .maintenance(until: both.clock.now.addingTimeInterval(60))
        #expect(press("z", on: maintenance).effects == [.send(.android(.doze(false)))], "a window is still Doze")
    }

    @Test func thePlatformKeyMovesOnAndWrapsToIOS() {
        #expect(press("a", on: SnapshotSamples.android).effects == [.send(.setPlatform(.both))])
        #expect(press("a", on: SnapshotSamples.both).effects == [.send(.setPlatform(.ios))])
        var idle = SnapshotSamples.android
        idle.engine.role = .notRunning
        #expect(
            press("a", on: idle).state.message
                == "platform both requested (no engine runs): it takes effect when one starts")
    }

    @Test func theBucketCycleWrapsToActive() {
        var snapshot = SnapshotSamples.android
        snapshot.android?.device.bucket = .restricted
        #expect(press("s", on: snapshot).effects == [.send(.android(.bucket(.active)))])
    }

    @Test(arguments: ["l", "r"])
    func theAndroidProfileOffersNoIOSConditions(_ key: String) throws {
        let (effects, state) = press(try #require(key.first), on: SnapshotSamples.android)
        #expect(effects.isEmpty)
        #expect(
            state.message
                == "Low Power Mode and Background App Refresh are iOS's: v toggles battery saver, x background restriction"
        )
    }

    @Test func bothProfilesKeepTheIOSConditions() {
        let both = SnapshotSamples.both
        var conditions = both.device.conditions
        conditions.lowPowerMode = true
        #expect(press("l", on: both).effects == [.send(.setConditions(conditions))])
        conditions = both.device.conditions
        conditions.backgroundRefresh.toggle()
        #expect(press("r", on: both).effects == [.send(.setConditions(conditions))])
    }

    @Test func theSharedConditionsStayInTheAndroidProfile() {
        let android = SnapshotSamples.android
        var conditions = android.device.conditions
        conditions.network = .wifi
        #expect(press("w", on: android).effects == [.send(.setConditions(conditions))])
        conditions = android.device.conditions
        conditions.charging = true
        #expect(press("p", on: android).effects == [.send(.setConditions(conditions))])
        conditions = android.device.conditions
        conditions.batteryLevel = 51
        #expect(press("B", on: android).effects == [.send(.setConditions(conditions))])
        #expect(press("i", on: android).effects == [.send(.setDeviceInUse(false))])
    }

    @Test func anUnknownKeyListsTheProfilesMenu() {
        #expect(
            press("y", on: SnapshotSamples.android).state.message
                == "y does nothing in the device menu: w c o p b B z s v x m t i a, Esc closes")
        #expect(
            press("y", on: SnapshotSamples.both).state.message
                == "y does nothing in the device menu: w c o p b B l r z s v x m t i a, Esc closes")
    }
}
