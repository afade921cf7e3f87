import Foundation
import OffstageCore
import Testing

@Suite("Work explanations, wakes and decision log")
struct WorkExplainTests {
    @Test("the first thing holding a request is its reason: chain, then time, then constraints, then the system")
    func order() throws {
        var harness = WorkHarness(
            environment: WorkEnvironment(
                gate: .closed(.doze, opensAt: at(5000)), inputs: AndroidConstraintInputs(charging: false)))
        let spec = WorkRequestSpec(
            worker: minuteWork, initialDelay: 600, constraints: WorkConstraints(requiresCharging: true))
        let id = try harness.add("r", spec, at: 0)
        #expect(harness.reason(id) == .initialDelay(until: at(600)))
        harness.send(.timerFired, at: 600)
        #expect(harness.reason(id) == .charging)
        harness.environment({ $0.inputs.charging = true }, at: 700)
        #expect(harness.reason(id) == .deferred(.doze, opensAt: at(5000)))
        #expect(harness.actions.last == .scheduleWake(at: at(5000)))
        harness.environment({ $0.gate = .open(closesAt: nil, networkAllowed: true) }, at: 5000)
        #expect(harness.started == [id])
        let texts = harness.model.decisions(for: id).map(\.text)
        #expect(
            texts == [
                "enqueued ENQUEUED", "waiting: initial delay, runs in 10 min", "waiting: needs charging",
                "waiting: Doze, opens in 2 h", "started",
            ])
    }

    @Test("snapshots carry state, reason, next schedule, deadline and constraints")
    func snapshot() throws {
        var harness = WorkHarness()
        let spec = WorkRequestSpec(
            worker: minuteWork, initialDelay: 60, tags: ["t"], constraints: WorkConstraints(network: .unmetered))
        let waiting = try harness.add("w", spec, at: 0)
        let running = try harness.add("r")
        let snapshots = harness.model.snapshots(now: harness.now)
        #expect(
            snapshots == [
                WorkSnapshot(
                    id: waiting, name: "w", tags: ["t"], state: .enqueued, nextScheduleAt: at(60),
                    reason: .initialDelay(until: at(60)), constraints: "unmetered"),
                WorkSnapshot(id: running, name: "r", state: .running, runAttemptCount: 1, runDeadline: at(600)),
            ])
        #expect(harness.model.nextWake(now: at(0)) == at(60))
    }

    @Test("the decision log is bounded per request")
    func bounded() throws {
        var harness = WorkHarness()
        let id = try harness.add("r", WorkRequestSpec(worker: .simulated(seconds: 1, result: .retry)), at: 0)
        var clock = 0.0
        for _ in 0..<30 {
            clock += 1
            harness.send(.workerFinished(id: id, result: .retry), at: clock)
            clock = harness.request(id).map { $0.earliestRunAt.timeIntervalSince(workEpoch) } ?? clock
            harness.send(.timerFired, at: clock)
        }
        let decisions = harness.model.decisions(for: id)
        #expect(decisions.count == WorkRequest.decisionLimit)
        #expect(decisions.last?.outcome == .started(expedited: false, bypassed: false))
    }

    @Test("ids are UUID-shaped and numbered in enqueue order")
    func ids() throws {
        var harness = WorkHarness()
        let id = try harness.add("a", WorkRequestSpec(worker: minuteWork, initialDelay: 60))
        #expect(id == "00000000-0000-4000-8000-000000000001")
        #expect(UUID(uuidString: id) != nil)
    }
}
