import Foundation
import OffstageCore
import Testing

@Suite struct SchedulerSubmitTests {
    struct SubmitCase: Sendable, CustomTestStringConvertible {
        let name: String
        let configuration: AppTaskConfiguration
        let backgroundRefresh: Bool
        let request: BGTaskRequest
        let expected: BGTaskSchedulerError
        var testDescription: String { name }
    }

    static let cases: [SubmitCase] = [
        SubmitCase(
            name: "Background App Refresh off", configuration: sampleConfiguration(), backgroundRefresh: false,
            request: BGTaskRequest(identifier: refreshID, kind: .appRefresh), expected: .unavailable),
        SubmitCase(
            name: "identifier not permitted", configuration: sampleConfiguration(), backgroundRefresh: true,
            request: BGTaskRequest(identifier: "com.example.other", kind: .appRefresh), expected: .notPermitted),
        SubmitCase(
            name: "fetch mode missing",
            configuration: AppTaskConfiguration(
                permittedIdentifiers: [refreshID], backgroundModes: [.processing], handlers: []),
            backgroundRefresh: true, request: BGTaskRequest(identifier: refreshID, kind: .appRefresh),
            expected: .notPermitted),
        SubmitCase(
            name: "processing mode missing",
            configuration: AppTaskConfiguration(
                permittedIdentifiers: [cleanupID], backgroundModes: [.fetch], handlers: []),
            backgroundRefresh: true, request: BGTaskRequest(identifier: cleanupID, kind: .processing),
            expected: .notPermitted),
    ]

    @Test(arguments: cases) func submitErrors(_ c: SubmitCase) {
        var h = SchedulerHarness(configuration: c.configuration)
        if !c.backgroundRefresh {
            h.send(.deviceChanged(SchedulerDeviceState(conditions: DeviceConditions(backgroundRefresh: false))))
        }
        let actions = h.submit(c.request)
        #expect(actions.replies == [.submitFailed(identifier: c.request.identifier, error: c.expected)])
        #expect(actions.logged(.bgRejected).first?.reason.contains("BGTaskScheduler.Error.\(c.expected.name)") == true)
        #expect(h.scheduler.pendingTaskRequests.isEmpty)
    }

    @Test func oneAppRefreshAndTenProcessingMayBePending() {
        let config = sampleConfiguration(extraProcessing: 10)
        var h = SchedulerHarness(configuration: config)
        #expect(
            h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh)).replies == [
                .submitted(identifier: refreshID)
            ])
        for index in 0..<10 {
            let id = "com.example.p\(index)"
            #expect(h.submit(BGTaskRequest(identifier: id, kind: .processing)).replies == [.submitted(identifier: id)])
        }
        #expect(
            h.submit(BGTaskRequest(identifier: cleanupID, kind: .processing)).replies
                == [.submitFailed(identifier: cleanupID, error: .tooManyPendingTaskRequests)])
        #expect(h.scheduler.pendingTaskRequests.count == 11)
        // Resubmitting a pending identifier replaces it rather than counting as one more.
        let later = schedulerEpoch + 3600
        let again = h.submit(BGTaskRequest(identifier: "com.example.p3", kind: .processing, earliestBeginDate: later))
        #expect(again.replies == [.submitted(identifier: "com.example.p3")])
        #expect(h.scheduler.pendingTaskRequests.count == 11)
        #expect(h.scheduler.pendingTaskRequests.first { $0.identifier == "com.example.p3" }?.earliestBeginDate == later)
    }

    @Test func aSecondAppRefreshIdentifierIsTooMany() {
        let config = AppTaskConfiguration(handlers: [
            TaskHandlerConfiguration(identifier: "a", kind: .appRefresh),
            TaskHandlerConfiguration(identifier: "b", kind: .appRefresh),
        ])
        var h = SchedulerHarness(configuration: config)
        h.submit(BGTaskRequest(identifier: "a", kind: .appRefresh))
        #expect(
            h.submit(BGTaskRequest(identifier: "b", kind: .appRefresh)).replies
                == [.submitFailed(identifier: "b", error: .tooManyPendingTaskRequests)])
        #expect(h.submit(BGTaskRequest(identifier: "a", kind: .appRefresh)).replies == [.submitted(identifier: "a")])
    }

    @Test func cancelAndCancelAll() {
        var h = SchedulerHarness()
        h.submit(BGTaskRequest(identifier: refreshID, kind: .appRefresh))
        h.submit(BGTaskRequest(identifier: cleanupID, kind: .processing))
        #expect(h.send(.cancel(identifier: refreshID)).logged(.bgCancelled).map(\.subject) == [refreshID])
        #expect(h.scheduler.pendingTaskRequests.map(\.identifier) == [cleanupID])
        #expect(h.send(.cancel(identifier: refreshID)).refused == ["no pending request with identifier \(refreshID)"])
        h.send(.cancelAll)
        #expect(h.scheduler.pendingTaskRequests.isEmpty)
    }

    @Test func requirementsOnlyApplyToProcessingRequests() {
        let refresh = BGTaskRequest(
            identifier: "r", kind: .appRefresh, requiresNetworkConnectivity: true, requiresExternalPower: true)
        #expect(!refresh.requiresExternalPower && !refresh.requiresNetworkConnectivity)
    }
}
