import Foundation
import OffstageCore
import Testing

@Suite("Work request validation")
struct WorkSpecValidationTests {
    struct PeriodicCase: Sendable, CustomStringConvertible {
        let interval: Double
        let flex: Double
        let expectedInterval: Double
        let expectedFlex: Double
        let warnings: Int
        var description: String { "interval \(interval) flex \(flex)" }
    }

    static let periodicCases: [PeriodicCase] = [
        PeriodicCase(interval: 3600, flex: 3600, expectedInterval: 3600, expectedFlex: 3600, warnings: 0),
        PeriodicCase(interval: 900, flex: 300, expectedInterval: 900, expectedFlex: 300, warnings: 0),
        PeriodicCase(interval: 60, flex: 60, expectedInterval: 900, expectedFlex: 300, warnings: 2),
        PeriodicCase(interval: 600, flex: 900, expectedInterval: 900, expectedFlex: 900, warnings: 1),
        PeriodicCase(interval: 3600, flex: 7200, expectedInterval: 3600, expectedFlex: 3600, warnings: 1),
        PeriodicCase(interval: 3600, flex: 0, expectedInterval: 3600, expectedFlex: 300, warnings: 1),
        PeriodicCase(interval: 0, flex: 0, expectedInterval: 900, expectedFlex: 300, warnings: 2),
    ]

    @Test("interval and flex are coerced with WorkManager's warnings", arguments: periodicCases)
    func periodicCoercion(_ row: PeriodicCase) throws {
        let spec = WorkRequestSpec(
            worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: row.interval, flex: row.flex)))
        let (checked, warnings) = try spec.validated()
        #expect(checked.kind.schedule == PeriodicSchedule(interval: row.expectedInterval, flex: row.expectedFlex))
        #expect(warnings.count == row.warnings)
        if row.interval < 900 { #expect(warnings.first?.hasPrefix("Interval duration lesser than minimum") == true) }
    }

    @Test(
        "numbers WorkManager cannot hold are refused, never trapped on",
        arguments: [Double.nan, .infinity, -.infinity, -1, 1e308, 2e9])
    func absurdNumbers(_ value: Double) {
        let specs = [
            WorkRequestSpec(worker: minuteWork, initialDelay: value),
            WorkRequestSpec(worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: value, flex: 300))),
            WorkRequestSpec(worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: 900, flex: value))),
            WorkRequestSpec(worker: .simulated(seconds: value, result: .success)),
        ]
        for spec in specs {
            #expect(throws: WorkRequestError.self) { try spec.validated() }
        }
    }

    @Test(
        "backoff delays are clamped to 10 s … 5 h with a warning",
        arguments: [
            (1.0, 10.0, 1), (10, 10, 0), (30, 30, 0), (18_000, 18_000, 0), (21_600, 18_000, 1), (1e308, 18_000, 1),
        ])
    func backoffClamp(_ row: (Double, Double, Int)) throws {
        let spec = WorkRequestSpec(worker: minuteWork, backoff: BackoffCriteria(policy: .linear, delay: row.0))
        let (checked, warnings) = try spec.validated()
        #expect(checked.backoff.delay == row.1)
        #expect(warnings.count == row.2)
    }

    @Test("a NaN or negative backoff delay is refused", arguments: [Double.nan, -5])
    func backoffRefused(_ delay: Double) {
        let spec = WorkRequestSpec(worker: minuteWork, backoff: BackoffCriteria(delay: delay))
        #expect(throws: WorkRequestError.self) { try spec.validated() }
    }

    struct ExpeditedCase: Sendable, CustomStringConvertible {
        let label: String
        let error: String?
        let spec: WorkRequestSpec
        var description: String { label }
    }

    static let expeditedCases: [ExpeditedCase] = [
        ExpeditedCase(
            label: "network and storage", error: nil,
            spec: WorkRequestSpec(
                worker: minuteWork,
                constraints: WorkConstraints(network: .unmetered, requiresStorageNotLow: true),
                expedited: .runAsNonExpedited)),
        ExpeditedCase(
            label: "charging", error: "Expedited jobs only support network and storage constraints",
            spec: WorkRequestSpec(
                worker: minuteWork, constraints: WorkConstraints(requiresCharging: true), expedited: .drop)),
        ExpeditedCase(
            label: "battery not low", error: "Expedited jobs only support network and storage constraints",
            spec: WorkRequestSpec(
                worker: minuteWork, constraints: WorkConstraints(requiresBatteryNotLow: true), expedited: .drop)),
        ExpeditedCase(
            label: "idle", error: "Expedited jobs only support network and storage constraints",
            spec: WorkRequestSpec(
                worker: minuteWork, constraints: WorkConstraints(requiresDeviceIdle: true), expedited: .drop)),
        ExpeditedCase(
            label: "delayed", error: "Expedited jobs cannot be delayed",
            spec: WorkRequestSpec(worker: minuteWork, initialDelay: 60, expedited: .runAsNonExpedited)),
        ExpeditedCase(
            label: "periodic", error: "PeriodicWorkRequests cannot be expedited",
            spec: WorkRequestSpec(
                worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: 900, flex: 900)),
                expedited: .runAsNonExpedited)),
    ]

    @Test("expedited requests follow WorkManager's rules and messages", arguments: expeditedCases)
    func expedited(_ row: ExpeditedCase) {
        do {
            _ = try row.spec.validated()
            #expect(row.error == nil)
        } catch {
            #expect(error.message == row.error)
        }
    }

    @Test("the model refuses an invalid request at enqueue and prints coercion warnings")
    func enqueueValidates() {
        var harness = WorkHarness()
        let refused = harness.enqueue("x", WorkRequestSpec(worker: minuteWork, initialDelay: .nan))
        #expect(refused == nil)
        #expect(harness.refusals == ["The initial delay is not a finite duration"])
        #expect(harness.model.state.requests.isEmpty)
        let periodic = WorkRequestSpec(worker: minuteWork, kind: .periodic(PeriodicSchedule(interval: 60, flex: 60)))
        let id = harness.enqueue("p", periodic)
        #expect(id != nil)
        #expect(harness.warnings.count == 2)
        #expect(harness.request(id)?.spec.kind.schedule == PeriodicSchedule(interval: 900, flex: 300))
    }
}
