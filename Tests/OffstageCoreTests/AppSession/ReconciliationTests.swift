import Foundation
import OffstageCore
import Testing

@Suite struct ReconciliationTests {
    static let session = "com.example.bg"

    static func record(_ key: String, resumeData: ResumeData? = nil, status: AppRecordStatus = .inFlight) -> AppRecord {
        AppRecord(
            taskDescription: key, session: session, kind: .download, url: "https://example.com/\(key)", status: status,
            resumeData: resumeData)
    }

    static func task(_ id: Int, _ key: String?, state: SessionTaskState = .running) -> SessionTask {
        var task = SessionTask(taskIdentifier: id, kind: .download, url: "https://example.com/\(key ?? "x")")
        task.taskDescription = key
        task.state = state
        return task
    }

    @Test func eachRecordFallsInItsClass() {
        let data = ResumeData(url: "https://example.com/c", offset: 700, validator: "\"e\"")
        let registry = AppRegistry([
            Self.record("a"), Self.record("b"), Self.record("c"), Self.record("d"),
            Self.record("done", status: .delivered),
        ])
        let outbox = [
            PendingDelivery(
                taskIdentifier: 2, taskDescription: "b", end: .response(httpStatus: 200), temporaryFile: "/t/2"),
            PendingDelivery(
                taskIdentifier: 3, taskDescription: "c",
                end: .failed(TaskError(code: -1005, reason: "connection lost", resumeData: data))),
        ]
        let report = Reconciliation.reconcile(
            registry: registry, session: Self.session,
            allTasks: [Self.task(1, "a"), Self.task(2, "b"), Self.task(5, "stray"), Self.task(6, nil)], outbox: outbox)
        #expect(report.lines.map(\.taskDescription) == ["a", "b", "c", "d", "stray", nil])
        #expect(
            report.lines.map(\.classification) == [
                .stillRunning, .finishedWhileAway, .failedWithResumeData, .unknownToSystem, .unknownToApp,
                .unknownToApp,
            ])
        #expect(
            report.lines.map(\.decision) == [
                .reattach, .deliver, .recreateFromResumeData, .reEnqueue, .cancel, .cancel,
            ])
        #expect(report.lines.map(\.taskIdentifier) == [1, 2, 3, nil, 5, 6])
        #expect(report.lines[5].reason.hasPrefix("no taskDescription"))
        #expect(report.lines[2].reason.contains("byte 700"))
        #expect(ReconciliationClass.allCases.allSatisfy { report.count($0) >= 1 })
    }

    @Test(arguments: [
        (ReconciliationDecision.reEnqueue, ReconciliationDecision.cancel),
        (.markLost, .adopt), (.reEnqueue, .adopt), (.markLost, .cancel),
    ])
    func policyDecidesTheTwoOpenClasses(missing: ReconciliationDecision, stray: ReconciliationDecision) {
        let report = Reconciliation.reconcile(
            registry: AppRegistry([Self.record("gone")]), session: Self.session, allTasks: [Self.task(9, "other")],
            outbox: [], policy: ReconciliationPolicy(whenUnknownToSystem: missing, whenUnknownToApp: stray))
        #expect(report.lines.map(\.decision) == [missing, stray])
    }

    @Test func policyOnlyAcceptsDecisionsOfItsClass() {
        let policy = ReconciliationPolicy(whenUnknownToSystem: .adopt, whenUnknownToApp: .deliver)
        #expect(policy.whenUnknownToSystem == .reEnqueue && policy.whenUnknownToApp == .cancel)
    }

    @Test func aDeliveryWinsOverTheSameTaskInGetAllTasks() {
        let report = Reconciliation.reconcile(
            registry: AppRegistry([Self.record("a")]), session: Self.session, allTasks: [Self.task(1, "a")],
            outbox: [PendingDelivery(taskIdentifier: 1, taskDescription: "a", end: .response(httpStatus: 404))])
        #expect(report.lines.count == 1)
        #expect(report.lines[0].classification == .finishedWhileAway)
        #expect(report.lines[0].reason.contains("HTTP 404 (an HTTP error is not a task error)"))
    }

    @Test func aFailureWithoutResumeDataIsDeliveredAndAForceQuitWithItIsRecreated() {
        let data = ResumeData(url: "https://example.com/b", offset: 10, validator: "v")
        let report = Reconciliation.reconcile(
            registry: AppRegistry([Self.record("a"), Self.record("b")]), session: Self.session, allTasks: [],
            outbox: [
                PendingDelivery(
                    taskIdentifier: 1, taskDescription: "a", end: .failed(.cancelled(reason: .userForceQuit))),
                PendingDelivery(taskIdentifier: 2, taskDescription: "b", end: .forceQuit(resumeData: data)),
            ])
        #expect(report.lines.map(\.classification) == [.finishedWhileAway, .failedWithResumeData])
        #expect(report.lines[0].reason.contains("-999"))
    }

    @Test func resumeDataKeptByTheAppRecreatesEvenWhenTheSystemForgot() {
        let data = ResumeData(url: "https://example.com/a", offset: 42)
        let report = Reconciliation.reconcile(
            registry: AppRegistry([Self.record("a", resumeData: data, status: .failed)]), session: Self.session,
            allTasks: [], outbox: [])
        #expect(report.lines.map(\.decision) == [.recreateFromResumeData])
    }

    @Test func duplicatesAndOtherSessionsAndCompletedTasks() {
        var other = Self.record("x")
        other.session = "com.example.other"
        let report = Reconciliation.reconcile(
            registry: AppRegistry([Self.record("a"), other]), session: Self.session,
            allTasks: [Self.task(1, "a"), Self.task(2, "a"), Self.task(3, "z", state: .completed)], outbox: [])
        #expect(report.lines.map(\.classification) == [.stillRunning, .unknownToApp])
        #expect(report.lines[1].reason.hasPrefix("duplicate taskDescription"))
    }

    @Test func theReportIsCodableAndReadable() throws {
        let report = Reconciliation.reconcile(
            registry: AppRegistry([Self.record("a"), Self.record("lost")]), session: Self.session,
            allTasks: [Self.task(1, "a")], outbox: [])
        let decoded = try JSONDecoder().decode(ReconciliationReport.self, from: JSONEncoder().encode(report))
        #expect(decoded == report)
        #expect(
            report.text == """
                "a" task 1: still-running → reattach: download task 1 is running in the system
                "lost": unknown-to-system → re-enqueue: no task and no pending delivery with this taskDescription in the system
                """)
    }

    @Test func registryRecordsTasksByDescriptionOnly() {
        var session = BackgroundSession(configuration: SessionConfiguration(identifier: Self.session))
        let unnamed = (try? session.downloadTask(with: "https://example.com/u"))
        #expect(unnamed.flatMap { AppRecord(task: $0, session: Self.session) } == nil)
        var registry = AppRegistry()
        var named = Self.task(4, "p")
        named.state = .suspended
        if let record = AppRecord(task: named, session: Self.session) { registry.upsert(record) }
        #expect(registry.outstanding(in: Self.session).map(\.lastTaskIdentifier) == [4])
        let marked = registry.mark("p", .delivered)
        let unknown = registry.mark("nope", .lost)
        #expect(marked && !unknown)
        #expect(registry.outstanding(in: Self.session).isEmpty)
        registry.remove("p")
        #expect(registry.records.isEmpty)
    }
}
