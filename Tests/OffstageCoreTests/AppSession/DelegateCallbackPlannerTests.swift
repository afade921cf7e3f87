import Foundation
import OffstageCore
import Testing

@Suite struct DelegateCallbackPlannerTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let session = "com.example.bg"

    /// The order of Apple's messages, for checking sequences.
    static func rank(_ call: DelegateCall) -> Int {
        switch call {
        case .didResumeAtOffset: 0
        case .didWriteData, .didSendBodyData: 1
        case .didFinishDownloadingTo: 2
        case .didCompleteWithError: 3
        case .urlSessionDidFinishEvents: 5
        }
    }

    /// Whether, task by task, the calls follow Apple's order, and session-level calls come last.
    static func inAppleOrder(_ calls: [DelegateCall]) -> Bool {
        var last: [Int: Int] = [:]
        var sessionLevelSeen = false
        for call in calls {
            guard let id = call.taskIdentifier else {
                sessionLevelSeen = true
                continue
            }
            if sessionLevelSeen { return false }
            let r = rank(call)
            if let previous = last[id], previous > r || (previous == r && r != 1) { return false }
            last[id] = r
        }
        return true
    }

    @Test func downloadFromResumeDataFollowsAppleOrder() {
        var planner = DelegateCallbackPlanner(session: Self.session)
        var calls: [DelegateCall] = []
        calls += planner.handle(.resumed(taskIdentifier: 1, offset: 100, expectedTotal: 1000), now: Self.t0)
        calls += planner.handle(.wrote(taskIdentifier: 1, totalBytes: 400, expectedTotal: 1000), now: Self.t0)
        calls += planner.handle(
            .finishedDownloading(taskIdentifier: 1, temporaryFile: "/tmp/CFNetworkDownload_1.tmp"), now: Self.t0)
        calls += planner.handle(.completed(taskIdentifier: 1, end: .response(httpStatus: 206)), now: Self.t0)
        #expect(
            calls == [
                .didResumeAtOffset(taskIdentifier: 1, fileOffset: 100, expectedTotalBytes: 1000),
                .didWriteData(
                    taskIdentifier: 1, bytesWritten: 300, totalBytesWritten: 400, totalBytesExpectedToWrite: 1000),
                .didFinishDownloadingTo(
                    taskIdentifier: 1, location: "/tmp/CFNetworkDownload_1.tmp", note: DelegateCall.temporaryFileNote),
                .didCompleteWithError(taskIdentifier: 1, error: nil, httpStatus: 206),
            ])
        #expect(DelegateCall.temporaryFileNote.contains("removed when this callback returns"))
    }

    @Test func uploadSendsBodyDataThenCompletes() {
        let calls = DelegateCallbackPlanner.plan(
            session: Self.session,
            events: [
                .sent(taskIdentifier: 2, totalBytes: 50, expectedTotal: 100),
                .completed(taskIdentifier: 2, end: .response(httpStatus: 201)),
            ], now: Self.t0)
        #expect(
            calls == [
                .didSendBodyData(taskIdentifier: 2, bytesSent: 50, totalBytesSent: 50, totalBytesExpectedToSend: 100),
                .didCompleteWithError(taskIdentifier: 2, error: nil, httpStatus: 201),
            ])
    }

    @Test(arguments: [400, 404, 500, 503])
    func httpErrorsAreNotErrors(status: Int) {
        let calls = DelegateCallbackPlanner.plan(
            session: Self.session, events: [.completed(taskIdentifier: 1, end: .response(httpStatus: status))],
            now: Self.t0)
        #expect(calls == [.didCompleteWithError(taskIdentifier: 1, error: nil, httpStatus: status)])
    }

    @Test func transportFailureCarriesResumeData() {
        let data = ResumeData(url: "https://example.com/a", offset: 300, validator: "\"v1\"")
        let error = TaskError(code: -1005, reason: "network connection lost", resumeData: data)
        let calls = DelegateCallbackPlanner.plan(
            session: Self.session,
            events: [
                .wrote(taskIdentifier: 1, totalBytes: 300, expectedTotal: 1000),
                .completed(taskIdentifier: 1, end: .failed(error)),
            ], now: Self.t0)
        #expect(calls.last == .didCompleteWithError(taskIdentifier: 1, error: error, httpStatus: nil))
        #expect(Self.inAppleOrder(calls))
    }

    @Test(arguments: [
        (nil, TransferCancellationReason?.none), (ResumeData(url: "u", offset: 9, validator: "e"), .userForceQuit),
        (nil, .backgroundUpdatesDisabled), (nil, .insufficientSystemResources),
    ])
    func cancellationIsMinus999WithItsReason(resumeData: ResumeData?, reason: TransferCancellationReason?) {
        let calls = DelegateCallbackPlanner.plan(
            session: Self.session,
            events: [.completed(taskIdentifier: 3, end: .failed(.cancelled(reason: reason, resumeData: resumeData)))],
            now: Self.t0)
        guard case .didCompleteWithError(3, let error?, nil) = calls.first else {
            Issue.record("expected an error, got \(calls)")
            return
        }
        #expect(error.code == -999 && error.cancellationReason == reason && error.resumeData == resumeData)
    }

    @Test func forceQuitGivesReasonZeroAndResumeDataWhenResumable() {
        var task = TransferTask(
            id: 1, session: Self.session, taskIdentifier: 1, kind: .download, url: "https://example.com/a",
            destinationDirectory: "/d", createdAt: Self.t0)
        task.bytesWritten = 4096
        task.validator = "\"etag\""
        let end = TaskEnd.forceQuit(resumeData: ResumeData.ifResumable(task))
        guard case .failed(let error) = end else {
            Issue.record("not a failure")
            return
        }
        #expect(error.code == -999 && error.cancellationReason?.rawValue == 0)
        #expect(error.resumeData == ResumeData(url: "https://example.com/a", offset: 4096, validator: "\"etag\""))
        task.validator = nil
        #expect(ResumeData.ifResumable(task) == nil)
    }

    @Test func daemonTasksMapToHowAppleReportsTheirEnd() {
        var task = TransferTask(
            id: 1, session: Self.session, taskIdentifier: 1, kind: .download, url: "https://example.com/a",
            destinationDirectory: "/d", createdAt: Self.t0)
        #expect(TaskEnd.of(task) == nil)
        task.state = .failed
        task.httpStatus = 404
        #expect(TaskEnd.of(task) == .response(httpStatus: 404))
        task.httpStatus = nil
        task.error = "TLS refused"
        #expect(TaskEnd.of(task) == .failed(TaskError(code: -1, reason: "TLS refused")))
        task.state = .completed
        task.httpStatus = 200
        #expect(TaskEnd.of(task) == .response(httpStatus: 200))
    }

    @Test func progressIsCoalescedLatestWins() {
        var planner = DelegateCallbackPlanner(session: Self.session, progressInterval: 1)
        var calls: [DelegateCall] = []
        for (offset, bytes) in [(0.0, 10), (0.2, 20), (0.5, 30), (0.9, 40), (1.0, 50), (1.5, 60)] {
            calls += planner.handle(
                .wrote(taskIdentifier: 1, totalBytes: Int64(bytes), expectedTotal: 100),
                now: Self.t0.addingTimeInterval(offset))
        }
        calls += planner.flushAll()
        #expect(
            calls == [
                .didWriteData(
                    taskIdentifier: 1, bytesWritten: 10, totalBytesWritten: 10, totalBytesExpectedToWrite: 100),
                .didWriteData(
                    taskIdentifier: 1, bytesWritten: 40, totalBytesWritten: 50, totalBytesExpectedToWrite: 100),
                .didWriteData(
                    taskIdentifier: 1, bytesWritten: 10, totalBytesWritten: 60, totalBytesExpectedToWrite: 100),
            ])
        #expect(planner.flushAll() == [])
    }

    @Test func heldProgressIsDeliveredBeforeTheFinish() {
        var planner = DelegateCallbackPlanner(session: Self.session)
        _ = planner.handle(.wrote(taskIdentifier: 1, totalBytes: 10, expectedTotal: 20), now: Self.t0)
        _ = planner.handle(.wrote(taskIdentifier: 1, totalBytes: 20, expectedTotal: 20), now: Self.t0)
        let calls = planner.handle(.finishedDownloading(taskIdentifier: 1, temporaryFile: "/tmp/f"), now: Self.t0)
        #expect(calls.map(\.name) == ["didWriteData", "didFinishDownloadingTo"])
    }

    @Test func outOfOrderReportsAreDroppedWithAReason() {
        var planner = DelegateCallbackPlanner(session: Self.session)
        _ = planner.handle(.completed(taskIdentifier: 1, end: .response(httpStatus: 200)), now: Self.t0)
        #expect(planner.handle(.wrote(taskIdentifier: 1, totalBytes: 5, expectedTotal: 5), now: Self.t0) == [])
        #expect(planner.handle(.completed(taskIdentifier: 1, end: .response(httpStatus: 200)), now: Self.t0) == [])
        #expect(planner.handle(.finishedDownloading(taskIdentifier: 1, temporaryFile: "/f"), now: Self.t0) == [])
        _ = planner.handle(.wrote(taskIdentifier: 2, totalBytes: 5, expectedTotal: 5), now: Self.t0)
        #expect(planner.handle(.resumed(taskIdentifier: 2, offset: 1, expectedTotal: 5), now: Self.t0) == [])
        #expect(planner.refusals.count == 4)
    }

    @Test func aBatchOfSeveralTasksInOneRelaunchEndsWithDidFinishEvents() {
        let error = TaskError.cancelled(reason: .insufficientSystemResources)
        let events: [TaskEvent] = [
            .handleEventsReceived,
            .wrote(taskIdentifier: 1, totalBytes: 10, expectedTotal: 30),
            .sent(taskIdentifier: 2, totalBytes: 5, expectedTotal: 5),
            .wrote(taskIdentifier: 1, totalBytes: 30, expectedTotal: 30),
            .completed(taskIdentifier: 2, end: .response(httpStatus: 500)),
            .finishedDownloading(taskIdentifier: 1, temporaryFile: "/tmp/1"),
            .completed(taskIdentifier: 3, end: .failed(error)),
            .resumed(taskIdentifier: 4, offset: 8, expectedTotal: 16),
            .wrote(taskIdentifier: 4, totalBytes: 12, expectedTotal: 16),
            .completed(taskIdentifier: 1, end: .response(httpStatus: 200)),
            .finishedDownloading(taskIdentifier: 4, temporaryFile: "/tmp/4"),
            .completed(taskIdentifier: 4, end: .response(httpStatus: 206)),
            .allEventsDelivered,
        ]
        let calls = DelegateCallbackPlanner.plan(session: Self.session, events: events, now: Self.t0)
        #expect(Self.inAppleOrder(calls))
        #expect(calls.last == .urlSessionDidFinishEvents(session: Self.session))
        #expect(calls.filter { $0.name == "didCompleteWithError" }.count == 4)
        #expect(calls.filter { $0.name == "didFinishDownloadingTo" }.count == 2)
        // The held progress of task 1 (latest: 30 of 30) comes right before its file.
        let finish = calls.firstIndex { $0.name == "didFinishDownloadingTo" } ?? 0
        #expect(
            calls[finish - 1]
                == .didWriteData(
                    taskIdentifier: 1, bytesWritten: 20, totalBytesWritten: 30, totalBytesExpectedToWrite: 30))
    }

    @Test func withoutHandleEventsThereIsNoDidFinishEvents() {
        let calls = DelegateCallbackPlanner.plan(
            session: Self.session,
            events: [.completed(taskIdentifier: 1, end: .response(httpStatus: 200)), .allEventsDelivered],
            now: Self.t0)
        #expect(calls.map(\.name) == ["didCompleteWithError"])
    }
}

@Suite struct PlannedCallsDriveTheSessionTests {
    @Test func deliveringARelaunchBatchCompletesTheSessionsTasks() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var registry = BackgroundSessionRegistry()
        let configuration = SessionConfiguration(identifier: "com.example.bg")
        _ = try registry.makeSession(configuration: configuration, now: now)
        let ids = try registry.withSession("com.example.bg") { s throws(AppSessionError) in
            let a = try s.downloadTask(with: "https://example.com/a").taskIdentifier
            let b = try s.uploadTask(with: "https://example.com/b", fromFile: "/f").taskIdentifier
            _ = try s.resume(a)
            _ = try s.resume(b)
            return [a, b]
        }
        let calls = DelegateCallbackPlanner.plan(
            session: "com.example.bg",
            events: [
                .handleEventsReceived,
                .finishedDownloading(taskIdentifier: ids[0], temporaryFile: "/tmp/a"),
                .completed(taskIdentifier: ids[0], end: .response(httpStatus: 200)),
                .completed(taskIdentifier: ids[1], end: .response(httpStatus: 201)),
                .allEventsDelivered,
            ], now: now)
        #expect(registry.sessions["com.example.bg"]?.getAllTasks().count == 2)
        for call in calls {
            try registry.withSession("com.example.bg") { s in s.delivered(call) }
        }
        #expect(registry.sessions["com.example.bg"]?.getAllTasks().isEmpty == true)
    }
}
