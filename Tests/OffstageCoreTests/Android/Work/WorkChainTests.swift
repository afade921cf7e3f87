import Foundation
import OffstageCore
import Testing

@Suite("Work chains")
struct WorkChainTests {
    /// A → B → C with A delayed an hour (so nothing runs at enqueue).
    static func chain(_ harness: inout WorkHarness) throws -> (String, String, String) {
        let a = try harness.add("a", WorkRequestSpec(worker: minuteWork, initialDelay: 3600), at: 0)
        let b = try harness.add("b", after: ["a"])
        let c = try harness.add("c", after: ["b"])
        return (a, b, c)
    }

    @Test("dependents wait BLOCKED by name, and run when their prerequisites succeed")
    func blockedThenRun() throws {
        var harness = WorkHarness()
        let (a, b, c) = try Self.chain(&harness)
        #expect(harness.request(b)?.state == .blocked && harness.request(c)?.state == .blocked)
        #expect(harness.reason(b) == .blocked(by: ["a"]))
        #expect(harness.reason(c) == .blocked(by: ["b"]))
        harness.send(.timerFired, at: 3600)
        #expect(harness.started == [a])
        harness.send(.workerFinished(id: a, result: .success), at: 3660)
        #expect(harness.started == [b])
        #expect(harness.request(c)?.state == .blocked)
        harness.send(.workerFinished(id: b, result: .success), at: 3720)
        #expect(harness.started == [c])
    }

    @Test("FAILED and CANCELLED cascade to every dependent", arguments: [WorkState.failed, .cancelled])
    func cascade(_ final: WorkState) throws {
        var harness = WorkHarness()
        let (a, b, c) = try Self.chain(&harness)
        if final == .failed {
            harness.send(.workRun(name: "a"), at: 10)
            harness.send(.workerFinished(id: a, result: .failure), at: 20)
        } else {
            harness.send(.cancel(.name("a")), at: 10)
        }
        #expect(harness.request(a)?.state == final)
        #expect(harness.request(b)?.state == final && harness.request(c)?.state == final)
        // Work enqueued after a finished-bad prerequisite is born in its state.
        let d = try harness.add("d", after: ["c"])
        #expect(harness.request(d)?.state == final)
    }

    @Test("a dependent of several prerequisites waits for all of them")
    func fanIn() throws {
        var harness = WorkHarness()
        let x = try harness.add("x", WorkRequestSpec(worker: minuteWork, initialDelay: 60), at: 0)
        let y = try harness.add("y", WorkRequestSpec(worker: minuteWork, initialDelay: 60))
        let z = try harness.add("z", after: ["x", "y"])
        #expect(harness.reason(z) == .blocked(by: ["x", "y"]))
        harness.send(.timerFired, at: 60)
        harness.send(.workerFinished(id: x, result: .success), at: 70)
        #expect(harness.reason(z) == .blocked(by: ["y"]))
        harness.send(.workerFinished(id: y, result: .success), at: 80)
        #expect(harness.started == [z])
    }

    @Test("after an unknown name, or a periodic request in a chain, is refused")
    func refused() {
        var harness = WorkHarness()
        #expect(harness.enqueue("b", after: ["ghost"]) == nil)
        #expect(harness.refusals == ["no work named ghost to run after"])
        _ = harness.enqueue("a", WorkRequestSpec(worker: minuteWork, initialDelay: 60))
        let periodic = WorkRequestSpec(worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: 900, flex: 900)))
        #expect(harness.enqueue("p", periodic, after: ["a"]) == nil)
        #expect(harness.refusals == ["PeriodicWorkRequests cannot be part of a chain"])
    }

    @Test("APPEND chains onto the unique name's leaves")
    func appendChain() throws {
        var harness = WorkHarness()
        let first = try harness.add("u", WorkRequestSpec(worker: minuteWork, initialDelay: 60), policy: .append, at: 0)
        let second = try harness.add("u", policy: .append)
        let third = try harness.add("u", policy: .append)
        #expect(harness.request(second)?.prerequisites == [first])
        #expect(harness.request(third)?.prerequisites == [second])
    }
}
