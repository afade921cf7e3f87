import Foundation
import OffstageCore
import Testing

/// The expedited allowance per bucket per rolling 24 h (assumed counts; AOSP gives minutes).
let expeditedTable: [(StandbyBucket, Int)] = [
    (.active, 10), (.workingSet, 10), (.frequent, 3), (.rare, 3), (.restricted, 1),
]

@Suite struct AndroidExpeditedQuotaTests {
    @Test(arguments: expeditedTable)
    func allowanceAndRefill(_ bucket: StandbyBucket, _ allowance: Int) {
        var h = AndroidHarness(bucket: bucket)
        h.send(.workerStarted(name: "host"))
        #expect(h.model.expeditedQuotaLeft(now: androidT0) == allowance)
        for n in 1...allowance {
            #expect(h.send(.expeditedJobStarted(name: "job\(n)"), at: Double(n) * 60).refusal == nil)
            #expect(h.model.expeditedQuotaLeft(now: AndroidHarness.at(Double(n) * 60)) == allowance - n)
        }
        let spent = Double(allowance + 1) * 60
        let over = h.send(.expeditedJobStarted(name: "over"), at: spent)
        #expect(over.refusal?.hasPrefix("expedited quota spent") == true)
        #expect(h.model.expeditedQuotaRefillAt(now: AndroidHarness.at(spent)) == AndroidHarness.at(86_400 + 60))
        #expect(h.model.nextDeadline(now: AndroidHarness.at(spent)).map { $0 <= AndroidHarness.at(86_460) } == true)
        // The rolling window gives each job back 24 h after it started.
        #expect(h.model.expeditedQuotaLeft(now: AndroidHarness.at(86_400 + 59)) == 0)
        #expect(h.model.expeditedQuotaLeft(now: AndroidHarness.at(86_400 + 60)) == 1)
        #expect(h.model.expeditedQuotaLeft(now: AndroidHarness.at(86_400 + Double(allowance) * 60)) == allowance)
        #expect(h.model.deviceSnapshot(now: AndroidHarness.at(86_400 + 60)).expeditedQuotaLeft == 1)
    }

    @Test func theForegroundAppIsNotCounted() {
        var h = AndroidHarness()
        h.send(.appOpened)
        let actions = h.send(.expeditedJobStarted(name: "upload"), at: 1)
        #expect(actions.logLines.map(\.reason) == ["not counted: the app is in the foreground"])
        #expect(h.model.expeditedQuotaLeft(now: AndroidHarness.at(1)) == 10)
        h.send(.appLeft, at: 2)
        h.send(.expeditedJobStarted(name: "upload"), at: 3)
        #expect(h.model.expeditedQuotaLeft(now: AndroidHarness.at(3)) == 9)
    }

    @Test func aLowerBucketLeavesLessQuota() {
        var h = AndroidHarness()
        h.send(.workerStarted(name: "host"))
        for n in 1...4 { h.send(.expeditedJobStarted(name: "j\(n)"), at: Double(n)) }
        h.send(.bucketSet(.rare), at: 10)
        #expect(h.model.expeditedQuotaLeft(now: AndroidHarness.at(10)) == 0)
        #expect(h.send(.expeditedJobStarted(name: "j5"), at: 11).refusal != nil)
    }

    @Test func prunedStartsLeaveTheState() {
        var h = AndroidHarness()
        h.send(.workerStarted(name: "host"))
        h.send(.expeditedJobStarted(name: "j"), at: 1)
        h.send(.timerFired, at: 86_401)
        #expect(h.model.state.expeditedStarts.isEmpty)
    }
}
