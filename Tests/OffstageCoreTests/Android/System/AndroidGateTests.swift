import Foundation
import OffstageCore
import Testing

/// A device setup and the gate it gives at `androidT0 + 1000 s` (active bucket unless the setup sets one).
struct GateRow: Sendable, CustomTestStringConvertible {
    /// What the row is.
    let name: String
    /// Whether the device charges.
    let charging: Bool
    /// Events sent at `androidT0` after the harness's own.
    let events: [AndroidSystemEvent]
    /// The gate at +1000 s.
    let expected: ExpectedGate

    var testDescription: String { name }
}

let gateTable: [GateRow] = [
    GateRow(name: "nothing holds", charging: false, events: [], expected: .open(closes: nil)),
    GateRow(
        name: "battery saver defers jobs", charging: false, events: [.batterySaverChanged(true)],
        expected: .closed(.batterySaver, opens: nil)),
    GateRow(
        name: "battery saver is off on a charger", charging: true, events: [.batterySaverChanged(true)],
        expected: .open(closes: nil)),
    GateRow(
        name: "Low Power Mode is battery saver", charging: false,
        events: [.conditionsChanged(DeviceConditions(charging: false, batteryLevel: 50, lowPowerMode: true))],
        expected: .closed(.batterySaver, opens: nil)),
    GateRow(
        name: "background restriction: never", charging: true, events: [.backgroundRestrictionChanged(true)],
        expected: .closed(.backgroundRestricted, opens: nil)),
    GateRow(
        name: "force stop: never until opened", charging: true, events: [.forceStopped],
        expected: .closed(.forceStopped, opens: nil)),
    GateRow(
        name: "force stop before restriction", charging: false,
        events: [.backgroundRestrictionChanged(true), .forceStopped], expected: .closed(.forceStopped, opens: nil)),
    GateRow(
        name: "restriction before Doze", charging: false, events: [.dozeOn, .backgroundRestrictionChanged(true)],
        expected: .closed(.backgroundRestricted, opens: nil)),
    GateRow(
        name: "Doze before battery saver", charging: false, events: [.dozeOn, .batterySaverChanged(true)],
        expected: .closed(.doze, opens: 3600)),
    GateRow(
        name: "battery saver before the bucket", charging: false,
        events: [.bucketSet(.rare), .batterySaverChanged(true)], expected: .closed(.batterySaver, opens: nil)),
    GateRow(
        name: "the bucket window closed", charging: false, events: [.bucketSet(.rare)],
        expected: .closed(.bucketWindow, opens: 86_400)),
]

@Suite struct AndroidGateTests {
    @Test(arguments: gateTable)
    func gate(_ row: GateRow) {
        var h = AndroidHarness(charging: row.charging)
        for event in row.events { #expect(h.send(event).refusal == nil, "\(event)") }
        #expect(h.gate(at: 1000) == row.expected.gate)
    }

    @Test func aMaintenanceWindowInsideABucketWindowClosesAtTheEarlierEnd() {
        var h = AndroidHarness(bucket: .workingSet)
        h.send(.dozeOn)
        // Doze's first window 3600–3900 falls outside the bucket's 0–600; at 7200 the bucket opens but Doze holds.
        #expect(h.gate(at: 3700) == ExpectedGate.closed(.bucketWindow, opens: 7200).gate)
        #expect(h.gate(at: 7300) == ExpectedGate.closed(.doze, opens: 11_100).gate)
        var policy = AndroidPolicy()
        policy.dozeWindowPeriods = [300]
        policy.dozeMaintenanceWindow = 600
        var g = AndroidHarness(policy: policy, bucket: .workingSet)
        g.send(.dozeOn)
        #expect(g.gate(at: 350) == ExpectedGate.open(closes: 600).gate)
    }

    @Test func batterySaverStopsRunningWork() {
        var h = AndroidHarness()
        h.send(.workerStarted(name: "sync"))
        #expect(h.send(.batterySaverChanged(true), at: 5).stopReasons == [.deviceState])
    }

    @Test func backgroundRestrictionStopsRunningWorkAndExpeditedJobs() {
        var h = AndroidHarness()
        h.send(.workerStarted(name: "sync"))
        #expect(h.send(.backgroundRestrictionChanged(true), at: 5).stopReasons == [.backgroundRestriction])
        #expect(h.model.expeditedQuotaLeft(now: AndroidHarness.at(5)) == 0)
        #expect(h.model.expeditedGate(now: AndroidHarness.at(5)) == .closed(.backgroundRestricted, opensAt: nil))
        #expect(h.send(.expeditedJobStarted(name: "upload"), at: 6).refusal != nil)
        h.send(.backgroundRestrictionChanged(false), at: 10)
        #expect(h.gate(at: 10) == .open(closesAt: nil, networkAllowed: true))
    }

    @Test func expeditedJobsIgnoreDozeAndBuckets() {
        var h = AndroidHarness(bucket: .rare)
        h.send(.dozeOn)
        #expect(!h.gate(at: 1000).isOpen)
        #expect(h.model.expeditedGate(now: AndroidHarness.at(1000)) == .open(closesAt: nil, networkAllowed: true))
    }

    @Test func theGateIsReportedOnlyWhenItChanges() {
        var h = AndroidHarness()
        let first = h.send(.roamingChanged(true), at: 1)
        #expect(!first.contains { if case .gateChanged = $0 { true } else { false } })
        #expect(h.send(.batterySaverChanged(true), at: 2).contains(.gateChanged(.closed(.batterySaver, opensAt: nil))))
    }
}
