import Foundation
import OffstageCore
import Testing

@Suite struct BackgroundSessionTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let configuration = SessionConfiguration(identifier: "com.example.bg")

    @Test func tasksAreCreatedSuspendedWithIdentifiersUniqueInTheSession() throws {
        var session = BackgroundSession(configuration: Self.configuration)
        let a = try session.downloadTask(with: "https://example.com/a")
        let b = try session.uploadTask(with: "https://example.com/up", fromFile: "/tmp/b")
        #expect(a.state == .suspended && b.state == .suspended)
        #expect(a.taskIdentifier == 1 && b.taskIdentifier == 2)
        #expect(session.getAllTasks().map(\.taskIdentifier) == [1, 2])
    }

    @Test func firstResumeSubmitsASpecTheDaemonAccepts() throws {
        var session = BackgroundSession(configuration: Self.configuration)
        let task = try session.downloadTask(with: "https://example.com/a")
        try session.setTaskDescription("photo-1", for: task.taskIdentifier)
        let actions = try session.resume(task.taskIdentifier)
        let spec = TransferSpec(
            kind: .download, url: "https://example.com/a", session: "com.example.bg", taskDescription: "photo-1")
        #expect(actions == [.submit(taskIdentifier: 1, spec: spec, resumeData: nil)])
        #expect(session.tasks.first { $0.taskIdentifier == 1 }?.state == .running)
        var daemon = TransferDaemon()
        let out = daemon.handle(.addRequested(id: 7, spec: spec, defaultDirectory: "/docs"), now: Self.now)
        #expect(!out.contains { if case .refuse = $0 { true } else { false } })
        #expect(daemon.tasks[7]?.taskDescription == "photo-1")
        #expect(daemon.tasks[7]?.taskIdentifier == 1)
    }

    @Test func uploadSpecCarriesTheFile() throws {
        var session = BackgroundSession(configuration: Self.configuration)
        let task = try session.uploadTask(with: "https://example.com/up", fromFile: "/tmp/b")
        let spec = task.transferSpec(session: Self.configuration)
        #expect(spec?.kind == .upload && spec?.uploadPath == "/tmp/b" && spec?.method == "PUT")
    }

    @Test(arguments: ConvenienceCall.allCases)
    func completionHandlerConveniencesAreRefused(call: ConvenienceCall) {
        let session = BackgroundSession(configuration: Self.configuration)
        #expect(throws: AppSessionError.completionHandlerNotSupported) {
            try session.completionHandlerTask(call, with: "https://example.com/a")
        }
        #expect(
            AppSessionError.completionHandlerNotSupported.description
                == "Completion handler blocks are not supported in background sessions. Use a delegate instead.")
    }

    @Test func uploadsFromMemoryAreRefused() {
        let session = BackgroundSession(configuration: Self.configuration)
        #expect(throws: AppSessionError.uploadFromDataNotSupported) {
            try session.uploadTask(with: "https://example.com/up", from: [1, 2, 3])
        }
        #expect(
            AppSessionError.uploadFromDataNotSupported.description
                == "Upload tasks from NSData are not supported in background sessions")
    }

    @Test func dataTasksRunWhileTheAppRunsAndAreDisconnectedWhenItIsSuspended() throws {
        var session = BackgroundSession(configuration: Self.configuration)
        #expect(throws: AppSessionError.backgroundSessionWasDisconnected) {
            try session.dataTask(with: "https://example.com/d", appIsSuspended: true)
        }
        let task = try session.dataTask(with: "https://example.com/d", appIsSuspended: false)
        #expect(try session.resume(task.taskIdentifier) == [.startDataTask(taskIdentifier: 1, url: task.url)])
        let actions = session.appSuspended()
        #expect(
            actions == [
                .deliver(
                    .didCompleteWithError(taskIdentifier: 1, error: .backgroundSessionWasDisconnected, httpStatus: nil))
            ])
        #expect(TaskError.backgroundSessionWasDisconnected.code == -997)
        #expect(session.getAllTasks().isEmpty)
    }

    @Test func unknownTasksAreRefusedNotTrapped() {
        var session = BackgroundSession(configuration: Self.configuration)
        #expect(throws: AppSessionError.unknownTask(taskIdentifier: 9)) { try session.resume(9) }
        #expect(throws: AppSessionError.unknownTask(taskIdentifier: 9)) { try session.setTaskDescription("x", for: 9) }
    }

    @Test func restoreAdoptsTheSystemsTasksAndContinuesNumbering() throws {
        var session = BackgroundSession(configuration: Self.configuration)
        var system = SessionTask(taskIdentifier: 4, kind: .download, url: "https://example.com/a")
        system.state = .running
        system.suspendCount = 0
        session.restore(systemTasks: [system])
        #expect(session.getAllTasks().map(\.taskIdentifier) == [4])
        #expect(try session.downloadTask(with: "https://example.com/b").taskIdentifier == 5)
    }

    @Test func resumeDataTasksSubmitTheirResumeData() throws {
        var session = BackgroundSession(configuration: Self.configuration)
        let data = ResumeData(url: "https://example.com/a", offset: 500, validator: "\"v1\"")
        let task = try session.downloadTask(withResumeData: data)
        guard case .submit(_, let spec, let resume) = try session.resume(task.taskIdentifier).first else {
            Issue.record("no submit")
            return
        }
        #expect(spec.url == data.url && resume == data)
    }
}
