import Foundation
import OffstageCore
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Relaunch reconciliation in the runtime: every class of record, acted on, in one report at launch.
/// (Failed-with-resume-data is shown by the force-quit and reboot scenarios.)
@Suite("App: relaunch reconciliation")
struct ReconciliationScenarioTests {
    /// A first relaunch arms the rate limiter; then, with the app killed again: "running" still downloads,
    /// "done" finished while away (its relaunch held back 60 s), "ghost" is known only to the app's registry,
    /// and a task in the app's session was added behind its back. Returns the stray task's id.
    static func mixedWorld(_ scenario: AppScenario) throws -> Int64 {
        try RelaunchDeliveryTests.killDuringDownload(scenario, description: "first")
        try scenario.wait { $0.allSatisfy { $0.state == .completed } }
        try scenario.runtime.settle()
        #expect(try scenario.appState().lifecycle.limiter.delay == 60)

        try scenario.download("/gen/4194304?seed=4&rate=300000", description: "running")
        try scenario.download("/gen/4096?seed=5&rate=100000", description: "done")
        var stray = TransferSpec(kind: .download, url: scenario.origin.url("/gen/4194304?seed=6&rate=300000"))
        stray.session = scenario.configuration.sessionIdentifier
        let strayID = try scenario.store.enqueueAdd(stray, now: scenario.clock.now()).task
        let ghost = AppRecord(
            taskDescription: "ghost", session: scenario.configuration.sessionIdentifier, kind: .download,
            url: scenario.origin.url("/gen/2048?seed=8"))
        try scenario.store.apply(app: AppChanges(upserts: [ghost]), now: scenario.clock.now())
        try scenario.app(.kill(reason: "memory pressure"))
        try scenario.wait { tasks in
            tasks.contains { $0.taskDescription == "done" && $0.state == .finishing }
                && tasks.contains { $0.taskDescription == "running" && $0.state == .running }
        }
        try scenario.runtime.settle()
        #expect(try scenario.logged(.appRelaunch, "delayed"))
        return strayID
    }

    @Test("default policy: reattach, deliver, re-enqueue the record unknown to the system, cancel the stray")
    func defaultPolicy() throws {
        let scenario = try AppScenario()
        let stray = try Self.mixedWorld(scenario)
        try scenario.app(.open)
        let report = try scenario.reasons(.appReconciled)
        #expect(report.contains { $0.hasPrefix("report at launch: 4 lines: 1 still-running, 1 finished-while-away") })
        #expect(report.contains { $0.contains("\"running\"") && $0.contains("still-running → reattach") })
        #expect(report.contains { $0.contains("\"done\"") && $0.contains("finished-while-away → deliver") })
        #expect(report.contains { $0.contains("\"ghost\"") && $0.contains("unknown-to-system → re-enqueue") })
        #expect(report.contains { $0.contains("(no taskDescription)") && $0.contains("unknown-to-app → cancel") })
        #expect(try scenario.store.task(id: stray)?.state == .cancelled)
        #expect(try scenario.record("done")?.status == .delivered)
        try scenario.wait { tasks in
            tasks.filter { $0.taskDescription == "ghost" }.allSatisfy { $0.state == .completed }
        }
        try scenario.runtime.settle()
        #expect(try scenario.record("ghost")?.status == .delivered)
        #expect(scenario.digest("2048") == AppScenario.expected(size: 2048, seed: 8))
    }

    @Test("the other policy marks the unknown record lost and adopts the stray")
    func otherPolicy() throws {
        let scenario = try AppScenario {
            $0.reconciliation = ReconciliationPolicy(whenUnknownToSystem: .markLost, whenUnknownToApp: .adopt)
        }
        let stray = try Self.mixedWorld(scenario)
        try scenario.app(.open)
        let report = try scenario.reasons(.appReconciled)
        #expect(report.contains { $0.contains("\"ghost\"") && $0.contains("unknown-to-system → mark-lost") })
        #expect(report.contains { $0.contains("unknown-to-app → adopt") })
        #expect(try scenario.record("ghost")?.status == .lost)
        let adopted = try #require(
            try scenario.store.loadAppRegistry().records.values.first { $0.taskDescription.hasPrefix("adopted-") })
        #expect(adopted.status == .inFlight)
        #expect(try scenario.store.task(id: stray)?.state == .running)
        #expect(try scenario.record("running")?.note?.hasPrefix("reattached") == true)
    }
}
