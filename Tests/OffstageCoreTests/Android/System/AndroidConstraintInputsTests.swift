import Foundation
import OffstageCore
import Testing

/// The shared device plus this model's roaming and storage, and the inputs WorkManager gets.
struct InputsRow: Sendable, CustomTestStringConvertible {
    /// What the row is.
    let name: String
    /// The shared device.
    let device: DeviceConditions
    /// The model's roaming flag.
    let roaming: Bool
    /// The model's storage-low flag.
    let storageLow: Bool
    /// The inputs (deviceIdle false: the screen is on).
    let expected: AndroidConstraintInputs

    var testDescription: String { name }
}

let inputsTable: [InputsRow] = [
    InputsRow(
        name: "Wi-Fi on a charger", device: DeviceConditions(network: .wifi, charging: true, batteryLevel: 80),
        roaming: false, storageLow: false,
        expected: AndroidConstraintInputs(network: .wifi, roaming: false, charging: true, batteryLow: false)),
    InputsRow(
        name: "roaming on cellular at 15 %",
        device: DeviceConditions(network: .cellular, charging: false, batteryLevel: 15),
        roaming: true, storageLow: false,
        expected: AndroidConstraintInputs(network: .cellular, roaming: true, charging: false, batteryLow: true)),
    InputsRow(
        name: "no roaming on Wi-Fi", device: DeviceConditions(network: .wifi, charging: false, batteryLevel: 16),
        roaming: true, storageLow: false,
        expected: AndroidConstraintInputs(network: .wifi, roaming: false, charging: false, batteryLow: false)),
    InputsRow(
        name: "5 % while charging is not low",
        device: DeviceConditions(network: .offline, charging: true, batteryLevel: 5),
        roaming: false, storageLow: true,
        expected: AndroidConstraintInputs(
            network: .offline, roaming: false, charging: true, batteryLow: false, storageLow: true)),
]

@Suite struct AndroidConstraintInputsTests {
    @Test(arguments: inputsTable)
    func inputs(_ row: InputsRow) {
        var h = AndroidHarness()
        h.send(.roamingChanged(row.roaming))
        h.send(.storageLowChanged(row.storageLow))
        #expect(h.model.constraintInputs(device: row.device, now: androidT0) == row.expected)
        h.send(.conditionsChanged(row.device), at: 1)
        #expect(h.model.constraintInputs(now: AndroidHarness.at(1)) == row.expected)
    }

    @Test func theDeviceIsIdleAfter31MinutesOfScreenOffOrWhenDozing() {
        var h = AndroidHarness(charging: true)
        h.send(.screenChanged(on: false))
        #expect(!h.model.deviceIdle(now: AndroidHarness.at(1859)))
        #expect(h.model.nextDeadline(now: AndroidHarness.at(1)) == AndroidHarness.at(1860))
        #expect(h.model.deviceIdle(now: AndroidHarness.at(1860)))
        let idle = h.send(.timerFired, at: 1860)
        #expect(idle.contains { if case .constraintsChanged(let i) = $0 { i.deviceIdle } else { false } })
        h.send(.screenChanged(on: true), at: 2000)
        #expect(!h.model.deviceIdle(now: AndroidHarness.at(2000)))
        var d = AndroidHarness()
        d.send(.dozeOn)
        #expect(d.model.deviceIdle(now: androidT0))
    }

    @Test func nothingIsDueForAnActiveAppOnACharger() {
        let h = AndroidHarness(charging: true)
        #expect(h.model.nextDeadline(now: AndroidHarness.at(5)) == nil)
    }

    @Test func thePolicyDecodesPartialFilesWithDefaults() throws {
        let json = Data(#"{"jobWindow": 300, "autoDozeAfter": null, "dozeWindowPeriods": [1800]}"#.utf8)
        let policy = try JSONDecoder().decode(AndroidPolicy.self, from: json)
        var expected = AndroidPolicy()
        expected.jobWindow = 300
        expected.autoDozeAfter = nil
        expected.dozeWindowPeriods = [1800]
        #expect(policy == expected)
        let again = try JSONDecoder().decode(AndroidPolicy.self, from: JSONEncoder().encode(AndroidPolicy()))
        #expect(again == AndroidPolicy())
        let state = try JSONDecoder().decode(
            AndroidSystemState.self, from: JSONEncoder().encode(AndroidHarness(bucket: .rare).model.state))
        #expect(state.bucket == .rare)
    }
}
