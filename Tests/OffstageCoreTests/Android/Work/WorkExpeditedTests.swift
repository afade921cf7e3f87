import Foundation
import OffstageCore
import Testing

@Suite("Expedited work and its quota")
struct WorkExpeditedTests {
    static func spec(_ policy: OutOfQuotaPolicy) -> WorkRequestSpec {
        WorkRequestSpec(worker: minuteWork, constraints: WorkConstraints(network: .connected), expedited: policy)
    }

    @Test(
        "with quota left, expedited work runs through Doze and closed bucket windows and consumes quota",
        arguments: [
            AndroidJobGate.closed(.doze, opensAt: nil), .closed(.bucketWindow, opensAt: nil),
            .closed(.batterySaver, opensAt: nil), .open(closesAt: nil, networkAllowed: false),
        ])
    func bypassesGate(_ gate: AndroidJobGate) throws {
        var harness = WorkHarness(environment: WorkEnvironment(gate: gate, expeditedQuotaLeft: 1))
        let id = try harness.add("e", Self.spec(.runAsNonExpedited), at: 0)
        #expect(harness.started == [id])
        #expect(harness.actions.contains(.consumedExpeditedQuota(id: id)))
        #expect(harness.request(id)?.run?.expedited == true)
        // A second one in the same pass finds the quota spent.
        let other = try harness.add("f", Self.spec(.runAsNonExpedited), at: 1)
        #expect(harness.reason(other) == .expeditedQuotaSpent(until: nil))
    }

    @Test("out of quota: RUN_AS_NON_EXPEDITED runs as regular work when the gate is open")
    func runAsRegular() throws {
        var harness = WorkHarness()
        let id = try harness.add("e", Self.spec(.runAsNonExpedited), at: 0)
        #expect(harness.started == [id])
        #expect(!harness.actions.contains(.consumedExpeditedQuota(id: id)))
        #expect(harness.request(id)?.run?.expedited == false)
    }

    @Test("out of quota with the gate closed: it waits for quota, and wakes when quota returns")
    func waitsForQuota() throws {
        var harness = WorkHarness(
            environment: WorkEnvironment(gate: .closed(.doze, opensAt: at(7200)), expeditedQuotaBackAt: at(3600)))
        let id = try harness.add("e", Self.spec(.runAsNonExpedited), at: 0)
        #expect(harness.reason(id) == .expeditedQuotaSpent(until: at(3600)))
        #expect(harness.actions.last == .scheduleWake(at: at(3600)))
        harness.environment({ $0.expeditedQuotaLeft = 1 }, at: 3600)
        #expect(harness.started == [id])
    }

    @Test("out of quota: DROP_WORK_REQUEST drops it")
    func drop() throws {
        var harness = WorkHarness()
        let id = try harness.add("e", Self.spec(.drop), at: 0)
        #expect(harness.request(id)?.state == .cancelled)
        #expect(harness.request(id)?.decisions.last?.outcome == .dropped)
    }

    @Test("in the foreground, expedited work runs without using quota")
    func foregroundApp() throws {
        var harness = WorkHarness(environment: WorkEnvironment(appInForeground: true))
        let id = try harness.add("e", Self.spec(.drop), at: 0)
        #expect(harness.started == [id])
        #expect(!harness.actions.contains(.consumedExpeditedQuota(id: id)))
    }

    @Test("the user's background restriction holds expedited work too")
    func restricted() throws {
        var harness = WorkHarness(
            environment: WorkEnvironment(gate: .closed(.backgroundRestricted, opensAt: nil), expeditedQuotaLeft: 5))
        let id = try harness.add("e", Self.spec(.runAsNonExpedited), at: 0)
        #expect(harness.started.isEmpty)
        #expect(harness.reason(id) == .deferred(.backgroundRestricted, opensAt: nil))
    }

    @Test("a running expedited worker is not stopped by Doze")
    func notStoppedByDoze() throws {
        var harness = WorkHarness(environment: WorkEnvironment(expeditedQuotaLeft: 1))
        _ = try harness.add("e", Self.spec(.runAsNonExpedited), at: 0)
        harness.environment({ $0.gate = .closed(.doze, opensAt: nil) }, at: 10)
        #expect(harness.stopped.isEmpty)
    }
}
