import Foundation
import OffstageCore
import Testing

/// One reading of a bucket's job gate: the bucket, power, seconds after entering the bucket, the gate.
struct BucketWindowRow: Sendable, CustomTestStringConvertible {
    /// The bucket, entered at `androidT0`.
    let bucket: StandbyBucket
    /// Whether the device charges.
    let charging: Bool
    /// Seconds after `androidT0`.
    let at: Double
    /// The gate then.
    let expected: ExpectedGate

    var testDescription: String { "\(bucket.title) \(charging ? "charging" : "battery") +\(Int(at)) s: \(expected)" }
}

/// The windows of §6.7 (10 min every 2 h / 8 h / 24 h; restricted once a day, no network), on battery and charger.
let bucketWindowTable: [BucketWindowRow] = [
    BucketWindowRow(bucket: .active, charging: false, at: 0, expected: .open(closes: nil)),
    BucketWindowRow(bucket: .active, charging: false, at: 50_000, expected: .open(closes: nil)),
    // Working set: 10 min every 2 h.
    BucketWindowRow(bucket: .workingSet, charging: false, at: 0, expected: .open(closes: 600)),
    BucketWindowRow(bucket: .workingSet, charging: false, at: 599, expected: .open(closes: 600)),
    BucketWindowRow(bucket: .workingSet, charging: false, at: 600, expected: .closed(.bucketWindow, opens: 7200)),
    BucketWindowRow(bucket: .workingSet, charging: false, at: 7199, expected: .closed(.bucketWindow, opens: 7200)),
    BucketWindowRow(bucket: .workingSet, charging: false, at: 7200, expected: .open(closes: 7800)),
    BucketWindowRow(bucket: .workingSet, charging: false, at: 7800, expected: .closed(.bucketWindow, opens: 14_400)),
    // Frequent: 10 min every 8 h.
    BucketWindowRow(bucket: .frequent, charging: false, at: 300, expected: .open(closes: 600)),
    BucketWindowRow(bucket: .frequent, charging: false, at: 7200, expected: .closed(.bucketWindow, opens: 28_800)),
    BucketWindowRow(bucket: .frequent, charging: false, at: 28_800, expected: .open(closes: 29_400)),
    // Rare: 10 min every 24 h, with the network inside the window.
    BucketWindowRow(bucket: .rare, charging: false, at: 0, expected: .open(closes: 600, network: false)),
    BucketWindowRow(bucket: .rare, charging: false, at: 28_800, expected: .closed(.bucketWindow, opens: 86_400)),
    BucketWindowRow(bucket: .rare, charging: false, at: 86_500, expected: .open(closes: 87_000, network: false)),
    // Restricted: once a day, never the network.
    BucketWindowRow(bucket: .restricted, charging: false, at: 0, expected: .open(closes: 600, network: false)),
    BucketWindowRow(bucket: .restricted, charging: false, at: 600, expected: .closed(.restrictedBucket, opens: 86_400)),
    BucketWindowRow(bucket: .restricted, charging: false, at: 86_400, expected: .open(closes: 87_000, network: false)),
    // Charging lifts every bucket's limits but the restricted bucket's.
    BucketWindowRow(bucket: .workingSet, charging: true, at: 600, expected: .open(closes: nil)),
    BucketWindowRow(bucket: .frequent, charging: true, at: 7200, expected: .open(closes: nil)),
    BucketWindowRow(bucket: .rare, charging: true, at: 28_800, expected: .open(closes: nil)),
    BucketWindowRow(bucket: .restricted, charging: true, at: 300, expected: .open(closes: 600, network: false)),
    BucketWindowRow(bucket: .restricted, charging: true, at: 600, expected: .closed(.restrictedBucket, opens: 86_400)),
]

@Suite struct AndroidBucketWindowTests {
    @Test(arguments: bucketWindowTable)
    func gate(_ row: BucketWindowRow) {
        let h = AndroidHarness(charging: row.charging, bucket: row.bucket)
        #expect(h.gate(at: row.at) == row.expected.gate)
        #expect(h.model.deviceSnapshot(now: AndroidHarness.at(row.at)).gate == row.expected.gate)
    }

    @Test func pluggingInLiftsTheLimitAndUnpluggingRestoresIt() {
        var h = AndroidHarness(bucket: .frequent)
        #expect(h.gate(at: 1000) == ExpectedGate.closed(.bucketWindow, opens: 28_800).gate)
        let plugged = h.send(.conditionsChanged(AndroidHarness.device(charging: true)), at: 1000)
        #expect(plugged.contains(.gateChanged(.open(closesAt: nil, networkAllowed: true))))
        h.send(.conditionsChanged(AndroidHarness.device(charging: false)), at: 2000)
        #expect(h.gate(at: 2000) == ExpectedGate.closed(.bucketWindow, opens: 28_800).gate)
    }

    @Test func theWindowClosingStopsRunningWorkWithQuota() {
        var h = AndroidHarness(bucket: .workingSet)
        h.send(.workerStarted(name: "sync"), at: 10)
        let closed = h.send(.timerFired, at: 600)
        #expect(closed.contains(.gateChanged(ExpectedGate.closed(.bucketWindow, opens: 7200).gate)))
        #expect(closed.contains(.stopRunningWork(reason: .quota, includingForeground: false)))
        #expect(closed.last == .wake(at: AndroidHarness.at(7200)))
    }

    @Test func openingTheAppMakesItActive() {
        var h = AndroidHarness(bucket: .rare)
        let opened = h.send(.appOpened, at: 1000)
        #expect(h.model.bucket(now: AndroidHarness.at(1000)).bucket == .active)
        #expect(opened.logLines.contains { $0.kind == .androidDevice && $0.subject == "bucket active" })
        #expect(h.gate(at: 1000) == .open(closesAt: nil, networkAllowed: true))
    }

    @Test func anUnusedAppFallsToRestrictedAfterEightDays() {
        var h = AndroidHarness()
        h.send(.appOpened, at: 0)
        h.send(.appLeft, at: 60)
        let eightDays = 8.0 * 86_400
        #expect(h.model.bucket(now: AndroidHarness.at(eightDays - 1)).bucket == .active)
        #expect(h.model.nextDeadline(now: AndroidHarness.at(eightDays - 1)) == AndroidHarness.at(eightDays))
        let fell = h.send(.timerFired, at: eightDays + 700)
        #expect(h.model.state.bucket == .restricted)
        #expect(h.model.state.bucketSince == AndroidHarness.at(eightDays))
        #expect(fell.logLines.map(\.reason) == ["app not opened for 8 d"])
        #expect(h.gate(at: eightDays + 700) == ExpectedGate.closed(.restrictedBucket, opens: eightDays + 86_400).gate)
    }

    @Test func theUnusedAppRuleCanBeTurnedOff() {
        var h = AndroidHarness(policy: AndroidPolicy(restrictAfterUnused: nil))
        h.send(.appOpened, at: 0)
        #expect(h.model.bucket(now: AndroidHarness.at(30 * 86_400)).bucket == .active)
    }
}
