import Foundation
import OffstageCore
import Testing

/// Decisions that are the app's or the platform's, kept in the core so `simulate` and the live engine share them:
/// what ends a handler's work, which resume data a recreated download uses, and the app's background work.
@Suite struct ModelAppDecisionTests {
    /// A processing handler whose work honours expiration (`honours`) or goes on.
    static func app(honours: Bool, mistakes: AppMistakes = AppMistakes()) -> ModelApp {
        let handler = TaskHandlerConfiguration(
            identifier: cleanupID, kind: .processing, work: .simulatedWork(seconds: 60, honoursExpiration: honours))
        return ModelApp(configuration: AppTaskConfiguration(handlers: [handler]), mistakes: mistakes)
    }

    @Test func expirationStopsWorkThatHonoursItAndReportsFailure() {
        let response = Self.app(honours: true).expirationCalled(cleanupID)
        #expect(response.stopsWork)
        #expect(response.now == [.taskCompleted(identifier: cleanupID, success: false)])
    }

    @Test func expirationLeavesWorkThatIgnoresItRunning() {
        let response = Self.app(honours: false).expirationCalled(cleanupID)
        #expect(!response.stopsWork)
        #expect(response.now.isEmpty)
    }

    @Test func workThatEndsCallsSetTaskCompletedUnlessThatIsTheMistake() {
        #expect(
            Self.app(honours: true).workFinished(cleanupID, success: true, now: schedulerEpoch)
                == [.taskCompleted(identifier: cleanupID, success: true)])
        let mistaken = Self.app(honours: true, mistakes: AppMistakes(skipsSetTaskCompleted: true))
        #expect(mistaken.workFinished(cleanupID, success: true, now: schedulerEpoch).isEmpty)
        // The same decision for work that stops at expiration; the simulation's pretended work ends after its
        // expected duration and asks `workFinished` too.
        let expired = mistaken.expirationCalled(cleanupID)
        #expect(expired.stopsWork)
        #expect(expired.now.isEmpty)
        let launch = BGTaskLaunch(
            identifier: cleanupID, kind: .processing, work: .simulatedWork(seconds: 60, honoursExpiration: true),
            expirationAt: 595, deadline: 600, simulated: false)
        #expect(mistaken.handlerStarted(launch, now: schedulerEpoch).workEndsAfter == 60)
    }

    /// A task of the app's session with resume data (a validator and bytes) unless `resumable` is false.
    static func task(
        _ id: Int64, identifier: Int, description: String, state: TransferState, resumable: Bool = true,
        session: String = sessionID
    ) -> TransferTask {
        var task = TransferTask(
            id: id, session: session, taskIdentifier: identifier, taskDescription: description, kind: .download,
            url: "https://example.com/\(description)", destinationDirectory: "/docs", createdAt: schedulerEpoch)
        task.state = state
        if resumable {
            task.validator = "\"v1\""
            task.bytesWritten = 1000
        }
        return task
    }

    @Test func resumeDataComesFromTheNamedTask() {
        let tasks = [
            Self.task(1, identifier: 1, description: "a", state: .failed),
            Self.task(2, identifier: 2, description: "a", state: .cancelled),
        ]
        let chosen = SystemView.resumeDataSource(
            for: record("a"), taskIdentifier: 1, session: sessionID, tasks: tasks)
        #expect(chosen?.id == 1)
    }

    @Test func withoutANamedTaskTheNewestKeptResumeDataOfTheRecordIsUsed() {
        let tasks = [
            Self.task(1, identifier: 1, description: "a", state: .cancelled),
            Self.task(2, identifier: 2, description: "a", state: .failed),
            Self.task(3, identifier: 3, description: "a", state: .failed, resumable: false),
            Self.task(4, identifier: 4, description: "a", state: .running),
            Self.task(5, identifier: 5, description: "b", state: .failed),
            Self.task(6, identifier: 1, description: "a", state: .failed, session: "other"),
        ]
        let chosen = SystemView.resumeDataSource(
            for: record("a"), taskIdentifier: nil, session: sessionID, tasks: tasks)
        #expect(chosen?.id == 2)
        let none = SystemView.resumeDataSource(
            for: record("c"), taskIdentifier: nil, session: sessionID, tasks: tasks)
        #expect(none == nil)
    }

    @Test func theAppKeepsItsBackgroundTaskAndEndsItWhenItsWorkIsDone() {
        var app = AppBehaviour(session: sessionID, backgroundWorkSeconds: 3)
        #expect(app.handle(.backgroundTaskGranted(BackgroundTaskID(rawValue: 4), steady: 100), now: appEpoch).isEmpty)
        #expect(app.backgroundWork?.id == BackgroundTaskID(rawValue: 4) && app.backgroundWork?.doneAt == 103)
        #expect(app.handle(.timePassed(steady: 102.9), now: appEpoch).isEmpty)
        #expect(
            app.handle(.timePassed(steady: 110), now: appEpoch)
                == [.endBackgroundTask(BackgroundTaskID(rawValue: 4), at: 103)])
        #expect(app.backgroundWork == nil)
    }

    @Test func theExpirationHandlerEndsTheTaskAndARefusedTaskIsNotKept() {
        var app = AppBehaviour(session: sessionID, backgroundWorkSeconds: 60)
        _ = app.handle(.backgroundTaskGranted(.invalid, steady: 100), now: appEpoch)
        #expect(app.backgroundWork == nil)
        _ = app.handle(.backgroundTaskGranted(BackgroundTaskID(rawValue: 1), steady: 100), now: appEpoch)
        #expect(
            app.handle(.expirationHandlerCalled(BackgroundTaskID(rawValue: 1)), now: appEpoch)
                == [.endBackgroundTask(BackgroundTaskID(rawValue: 1), at: nil)])
        #expect(app.backgroundWork == nil)
        #expect(app.handle(.timePassed(steady: 1000), now: appEpoch).isEmpty)
    }
}
