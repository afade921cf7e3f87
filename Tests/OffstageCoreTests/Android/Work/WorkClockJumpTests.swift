import Foundation
import OffstageCore
import Testing

/// A jump of the wall clock: a period never waits out a jump back, and a jump forward gives at most one catch-up run.
@Suite("Work: the wall clock jumps")
struct WorkClockJumpTests {
    static let quarterHour = WorkRequestSpec(
        worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: 900, flex: 900)))

    @Test func aPeriodAfterTheClockWentBackAYearCountsFromNow() throws {
        var harness = WorkHarness()
        let year = 366 * 86_400.0
        // The engine ran a year ahead: the work ran, and its next period is due a year from the real date.
        let id = try harness.add("sync", Self.quarterHour, at: year)
        harness.send(.workerFinished(id: id, result: .success), at: year + 60)
        #expect(harness.request(id)?.earliestRunAt == at(year + 960))
        // Back at the real date.
        harness.send(.timerFired, at: 60)
        #expect(harness.request(id)?.earliestRunAt == at(960), "the next period counts from now, not in 366 d")
        #expect(
            harness.warnings == [
                "sync: the wall clock went back 1 y before its last enqueue; its next run is recomputed from now: "
                    + "in 15 min, not in 1 y"
            ])
        #expect(harness.reason(id) == .nextPeriod(at: at(960)))
        // Said once: the next event finds nothing to recompute.
        harness.send(.timerFired, at: 70)
        #expect(harness.warnings.isEmpty)
        harness.send(.timerFired, at: 960)
        #expect(harness.started == [id])
    }

    @Test func aJumpForwardRunsOverdueWorkOnceAndTheNextPeriodCountsFromThatRun() throws {
        var harness = WorkHarness()
        let id = try harness.add("sync", Self.quarterHour, at: 0)
        harness.send(.workerFinished(id: id, result: .success), at: 60)
        // A jump of a day forward: one catch-up run, not 96.
        harness.send(.timerFired, at: 86_400)
        #expect(harness.started == [id])
        harness.send(.workerFinished(id: id, result: .success), at: 86_460)
        #expect(harness.request(id)?.earliestRunAt == at(86_460 + 900))
        #expect(harness.warnings.isEmpty)
    }

    @Test func aBackoffAfterTheClockWentBackCountsFromNow() throws {
        var harness = WorkHarness()
        let id = try harness.add("upload", WorkRequestSpec(worker: minuteWork), at: 10_000)
        harness.send(.workerFinished(id: id, result: .retry), at: 10_010)
        #expect(harness.request(id)?.earliestRunAt == at(10_040))
        harness.send(.timerFired, at: 100)
        #expect(harness.request(id)?.earliestRunAt == at(130))
    }
}
