import Foundation
import OffstageCore
import Testing

@Suite("Work constraints")
struct WorkConstraintTests {
    struct Case: Sendable, CustomStringConvertible {
        let label: String
        let constraints: WorkConstraints
        let inputs: AndroidConstraintInputs
        /// nil: met.
        let reason: WorkWaitReason?
        let stop: WorkStopReason?
        var description: String { label }
    }

    static let wifi = AndroidConstraintInputs(network: .wifi)
    static let cellular = AndroidConstraintInputs(network: .cellular)
    static let roaming = AndroidConstraintInputs(network: .cellular, roaming: true)
    static let offline = AndroidConstraintInputs(network: .offline)

    /// Inputs that meet every constraint of `constraints`.
    static func met(_ constraints: WorkConstraints) -> AndroidConstraintInputs {
        AndroidConstraintInputs(
            network: constraints.network == .metered ? .cellular : .wifi, charging: true, batteryLow: false,
            deviceIdle: true, storageLow: false)
    }

    static let cases: [Case] = [
        Case(label: "none, offline", constraints: WorkConstraints(), inputs: offline, reason: nil, stop: nil),
        Case(
            label: "connected on wifi", constraints: WorkConstraints(network: .connected), inputs: wifi, reason: nil,
            stop: nil),
        Case(
            label: "connected offline", constraints: WorkConstraints(network: .connected), inputs: offline,
            reason: .network(.connected), stop: .constraintConnectivity),
        Case(
            label: "unmetered on wifi", constraints: WorkConstraints(network: .unmetered), inputs: wifi, reason: nil,
            stop: nil),
        Case(
            label: "unmetered on cellular", constraints: WorkConstraints(network: .unmetered), inputs: cellular,
            reason: .network(.unmetered), stop: .constraintConnectivity),
        Case(
            label: "metered on cellular", constraints: WorkConstraints(network: .metered), inputs: cellular,
            reason: nil, stop: nil),
        Case(
            label: "metered on wifi", constraints: WorkConstraints(network: .metered), inputs: wifi,
            reason: .network(.metered), stop: .constraintConnectivity),
        Case(
            label: "not roaming on cellular", constraints: WorkConstraints(network: .notRoaming), inputs: cellular,
            reason: nil, stop: nil),
        Case(
            label: "not roaming while roaming", constraints: WorkConstraints(network: .notRoaming), inputs: roaming,
            reason: .network(.notRoaming), stop: .constraintConnectivity),
        Case(
            label: "charging met", constraints: WorkConstraints(requiresCharging: true),
            inputs: AndroidConstraintInputs(charging: true), reason: nil, stop: nil),
        Case(
            label: "charging unmet", constraints: WorkConstraints(requiresCharging: true),
            inputs: AndroidConstraintInputs(charging: false), reason: .charging, stop: .constraintCharging),
        Case(
            label: "battery not low met", constraints: WorkConstraints(requiresBatteryNotLow: true),
            inputs: AndroidConstraintInputs(batteryLow: false), reason: nil, stop: nil),
        Case(
            label: "battery not low unmet", constraints: WorkConstraints(requiresBatteryNotLow: true),
            inputs: AndroidConstraintInputs(batteryLow: true), reason: .batteryNotLow, stop: .constraintBatteryNotLow),
        Case(
            label: "idle met", constraints: WorkConstraints(requiresDeviceIdle: true),
            inputs: AndroidConstraintInputs(deviceIdle: true), reason: nil, stop: nil),
        Case(
            label: "idle unmet", constraints: WorkConstraints(requiresDeviceIdle: true),
            inputs: AndroidConstraintInputs(deviceIdle: false), reason: .deviceIdle, stop: .constraintDeviceIdle),
        Case(
            label: "storage met", constraints: WorkConstraints(requiresStorageNotLow: true),
            inputs: AndroidConstraintInputs(storageLow: false), reason: nil, stop: nil),
        Case(
            label: "storage unmet", constraints: WorkConstraints(requiresStorageNotLow: true),
            inputs: AndroidConstraintInputs(storageLow: true), reason: .storageNotLow, stop: .constraintStorageNotLow),
        Case(
            label: "network is checked before charging",
            constraints: WorkConstraints(network: .unmetered, requiresCharging: true),
            inputs: AndroidConstraintInputs(network: .cellular, charging: false), reason: .network(.unmetered),
            stop: .constraintConnectivity),
    ]

    @Test("a request waits with the first unmet constraint as its reason, and runs when all are met", arguments: cases)
    func waiting(_ row: Case) throws {
        var harness = WorkHarness(environment: WorkEnvironment(inputs: row.inputs))
        let id = try harness.add("c", WorkRequestSpec(worker: minuteWork, constraints: row.constraints))
        if let reason = row.reason {
            #expect(harness.started.isEmpty)
            #expect(harness.reason(id) == reason)
            #expect(harness.model.snapshots(now: harness.now).first?.reason == reason)
            harness.environment { $0.inputs = Self.met(row.constraints) }
            #expect(harness.request(id)?.state == .running)
        } else {
            #expect(harness.started == [id])
        }
    }

    @Test(
        "a running worker that loses a constraint is stopped with its CONSTRAINT_ reason, without backoff",
        arguments: cases.filter { $0.stop != nil })
    func lost(_ row: Case) throws {
        let met = Self.met(row.constraints)
        var harness = WorkHarness(environment: WorkEnvironment(inputs: met))
        let id = try harness.add("c", WorkRequestSpec(worker: minuteWork, constraints: row.constraints), at: 0)
        #expect(harness.started == [id])
        harness.environment({ $0.inputs = row.inputs }, at: 30)
        #expect(harness.stopped == [row.stop].compactMap { $0 })
        let request = try #require(harness.request(id))
        #expect(request.state == .enqueued && request.stopReason == row.stop && request.earliestRunAt == at(30))
        harness.environment({ $0.inputs = met }, at: 40)
        #expect(harness.started == [id])
        #expect(harness.request(id)?.runAttemptCount == 2)
    }

    @Test("constraints in words")
    func text() {
        #expect(WorkConstraints().text == "")
        #expect(
            WorkConstraints(network: .unmetered, requiresCharging: true, requiresStorageNotLow: true).text
                == "unmetered, charging, storage not low")
    }
}
