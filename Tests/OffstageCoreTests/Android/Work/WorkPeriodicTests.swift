import Foundation
import OffstageCore
import Testing

@Suite("Periodic work")
struct WorkPeriodicTests {
    @Test(
        "the first run: enqueue + initial delay + (interval − flex) with flex, else immediate (plus delay)",
        arguments: [
            (3600.0, 3600.0, 0.0, 0.0), (3600, 900, 0, 2700), (3600, 900, 600, 3300), (900, 300, 0, 600),
            (3600, 3600, 600, 600),
        ])
    func firstRun(_ row: (Double, Double, Double, Double)) throws {
        var harness = WorkHarness()
        let spec = WorkRequestSpec(
            worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: row.0, flex: row.1)), initialDelay: row.2)
        let id = try harness.add("p", spec, at: 100)
        if row.3 == 0 {
            #expect(harness.started == [id])
        } else {
            #expect(harness.started.isEmpty)
            #expect(harness.request(id)?.earliestRunAt == at(100 + row.3))
            #expect(harness.model.snapshots(now: harness.now).first?.nextScheduleAt == at(100 + row.3))
            harness.send(.timerFired, at: 100 + row.3)
            #expect(harness.started == [id])
        }
    }

    @Test(
        "after each run, whatever the result, it is ENQUEUED for the next interval; never SUCCEEDED",
        arguments: [WorkResult.success, .failure])
    func rescheduled(_ result: WorkResult) throws {
        var harness = WorkHarness()
        let spec = WorkRequestSpec(worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: 900, flex: 900)))
        let id = try harness.add("p", spec, at: 0)
        var clock = 0.0
        for period in 1...3 {
            clock += 60
            harness.send(.workerFinished(id: id, result: result), at: clock)
            let request = try #require(harness.request(id))
            #expect(request.state == .enqueued && request.periodCount == period && request.runAttemptCount == 0)
            #expect(request.earliestRunAt == at(clock + 900))
            #expect(harness.reason(id) == .nextPeriod(at: at(clock + 900)))
            clock += 900
            harness.send(.timerFired, at: clock)
            #expect(harness.started == [id])
        }
    }

    @Test("retry backs off within the period; runAttemptCount resets after the next success")
    func retryThenSuccess() throws {
        var harness = WorkHarness()
        let spec = WorkRequestSpec(worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: 900, flex: 900)))
        let id = try harness.add("p", spec, at: 0)
        harness.send(.workerFinished(id: id, result: .retry), at: 10)
        #expect(harness.request(id)?.earliestRunAt == at(40))
        harness.send(.timerFired, at: 40)
        #expect(harness.request(id)?.runAttemptCount == 2)
        harness.send(.workerFinished(id: id, result: .success), at: 50)
        #expect(harness.request(id)?.runAttemptCount == 0)
        #expect(harness.request(id)?.earliestRunAt == at(950))
    }
}
