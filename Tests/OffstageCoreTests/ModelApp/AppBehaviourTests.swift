import Foundation
import OffstageCore
import Testing

/// The model app's code as pure decisions: the delegate order of a relaunch, the completion-handler contract,
/// and what each mistake changes.
@Suite struct AppBehaviourTests {
    /// Two downloads that finished while the app was not running.
    static let outbox = [
        PendingDelivery(
            taskIdentifier: 1, taskDescription: "a", end: .response(httpStatus: 200), temporaryFile: "/p/1.part"),
        PendingDelivery(
            taskIdentifier: 2, taskDescription: "b", end: .response(httpStatus: 200), temporaryFile: "/p/2.part"),
    ]

    /// Relaunches the app for its session and hands it the two finished downloads (moved to /docs).
    static func relaunchAndDeliver(_ device: inout AppDevice) {
        device.send(.relaunchRequested(forSession: sessionID))
        device.tell(
            .sessionRecreated(
                LaunchFacts(registry: AppRegistry([record("a"), record("b")]), allTasks: [], outbox: outbox)))
        for (id, name) in [(1, "a"), (2, "b")] {
            device.tell(.download(handover(id, record: record(name))))
            device.tell(.fileMoved(deliveredPath: "/docs/\(name)"))
        }
        device.tell(.outboxDrained(session: sessionID))
    }

    @Test func aRelaunchWithFinishedDownloadsCallsTheDelegateInApplesOrder() {
        var device = AppDevice()
        Self.relaunchAndDeliver(&device)
        #expect(
            device.trace == [
                "system:didFinishLaunching(background)", "app:loadRegistry", "app:recreateSession",
                "app:registerBGTaskHandlers", "system:didEnterBackground", "system:handleEventsForBackgroundURLSession",
                "app:commit",
                "app:didWriteData 1", "app:didFinishDownloadingTo 1", "app:moveFileSynchronously",
                "app:didFinishDownloadingReturned", "app:didCompleteWithError 1", "app:acknowledge delivered",
                "app:didWriteData 2", "app:didFinishDownloadingTo 2", "app:moveFileSynchronously",
                "app:didFinishDownloadingReturned", "app:didCompleteWithError 2", "app:acknowledge delivered",
                "app:urlSessionDidFinishEvents", "app:reportEventsFinished", "app:callCompletionHandler",
            ])
        // The report block: two lines, both finished while away, nothing to create or cancel.
        guard
            case .commit(let changes)? = device.appActions.first(where: { if case .commit = $0 { true } else { false } }
            )
        else {
            Issue.record("no report committed")
            return
        }
        #expect(changes.log.first?.reason.hasPrefix("report at launch: 2 lines") == true)
        #expect(changes.upserts.isEmpty)
        let delivered = device.appActions.compactMap { action -> String? in
            if case .acknowledgeDelivery(let record?, _) = action { return record.deliveredPath }
            return nil
        }
        #expect(delivered == ["/docs/a", "/docs/b"])
    }

    @Test func theCompletionHandlerIsCalledOnceAndOnlyAfterUrlSessionDidFinishEvents() {
        var device = AppDevice()
        // Before the system hands over a handler, a drained outbox calls nothing.
        device.tell(.outboxDrained(session: sessionID))
        #expect(device.trace.isEmpty)
        Self.relaunchAndDeliver(&device)
        let finished = device.trace.firstIndex(of: "app:urlSessionDidFinishEvents")
        let called = device.trace.firstIndex(of: "app:callCompletionHandler")
        #expect(finished != nil && called != nil && (finished ?? 0) < (called ?? 0))
        #expect(device.trace.filter { $0 == "app:callCompletionHandler" }.count == 1)
        // A second drained outbox finds no handler held: no second call.
        let before = device.trace
        device.tell(.outboxDrained(session: sessionID))
        #expect(device.trace == before)
        #expect(device.app.handlers.isEmpty)
        #expect(device.lifecycle.app.state.handlers.isEmpty)
        #expect(!device.systemLog.contains { $0.reason.contains("before urlSessionDidFinishEvents") })
        // Nothing is overdue: no watchdog kill.
        _ = device.run(until: 120)
        #expect(!device.trace.contains { $0.hasPrefix("system:kill") })
    }

    @Test func aCompletionHandlerNotCalledGetsTheAppKilledWith0x2182bad3() {
        var device = AppDevice(mistakes: AppMistakes(skipsCompletionHandler: true))
        Self.relaunchAndDeliver(&device)
        #expect(
            device.trace.suffix(3) == [
                "app:urlSessionDidFinishEvents", "app:reportEventsFinished", "app:withholdCompletionHandler",
            ])
        guard case .withholdCompletionHandler(_, let line)? = device.appActions.last else {
            Issue.record("the handler was not withheld")
            return
        }
        #expect(line.reason.contains("not called (app mistake)"))
        #expect(device.lifecycle.app.state.handlers.count == 1)
        let actions = device.run(until: 31)
        #expect(device.trace.last == "system:kill \(WatchdogCode.backgroundURLSession)")
        #expect(WatchdogCode.backgroundURLSession == "0x2182bad3")
        #expect(actions.contains { if case .killApp(let code, _) = $0 { code == "0x2182bad3" } else { false } })
        #expect(device.lifecycle.app.phase == .notRunning)
    }

    @Test func notRecreatingTheSessionLeavesItsEventsWaiting() {
        var device = AppDevice(mistakes: AppMistakes(skipsSessionRecreation: true))
        device.send(.relaunchRequested(forSession: sessionID))
        #expect(!device.trace.contains("app:recreateSession"))
        #expect(
            device.trace.prefix(5) == [
                "system:didFinishLaunching(background)", "app:loadRegistry", "app:commit", "app:registerBGTaskHandlers",
                "system:didEnterBackground",
            ])
        guard case .commit(let changes) = device.appActions[1] else {
            Issue.record("no line")
            return
        }
        #expect(changes.log.first?.reason.contains("not recreated at launch (app mistake)") == true)
    }

    @Test func anAsynchronousMoveFindsNoFileAndLosesTheRecord() {
        var app = AppBehaviour(session: sessionID, mistakes: AppMistakes(movesFileAsynchronously: true))
        let actions = app.handle(.download(handover(1, record: record("a"))), now: appEpoch)
        #expect(
            actions.map(AppDevice.name) == [
                "didWriteData 1", "didFinishDownloadingTo 1", "deferFileMove", "didFinishDownloadingReturned",
                "didCompleteWithError 1", "acknowledge lost",
            ])
        #expect(
            actions.contains(
                .deferFileMove(
                    temporaryFile: "/home/parts/1.part",
                    log: LogEntry(
                        time: appEpoch, kind: .appDelivery, subject: "task 1",
                        reason: "the app deferred the move (app mistake: asynchronous file move); "
                            + "the temporary file was removed as didFinishDownloadingTo returned"))))
        // The move the canonical app makes is said before the callback returns, where the system's line follows.
        var canonical = AppBehaviour(session: sessionID)
        _ = canonical.handle(.download(handover(1, record: record("a"))), now: appEpoch)
        let moved = canonical.handle(.fileMoved(deliveredPath: "/docs/a"), now: appEpoch)
        #expect(
            moved.first
                == .didFinishDownloadingReturned(
                    log: LogEntry(
                        time: appEpoch, kind: .appDelivery, subject: "task 1",
                        reason: "the app moved /home/parts/1.part to /docs/a before didFinishDownloadingTo returned")))
        // No move is pending: a stray `.fileMoved` does nothing.
        #expect(app.handle(.fileMoved(deliveredPath: "/docs/a"), now: appEpoch).isEmpty)
    }

    @Test(arguments: [false, true])
    func theBackgroundTaskHasAnExpirationHandlerUnlessThatIsTheMistake(omits: Bool) {
        var app = AppBehaviour(
            session: sessionID, mistakes: AppMistakes(omitsExpirationHandler: omits), backgroundWorkSeconds: 2)
        #expect(
            app.handle(.delegate(.didEnterBackground), now: appEpoch) == [
                .beginBackgroundTask(name: "save-state", hasExpirationHandler: !omits, workSeconds: 2)
            ])
        var idle = AppBehaviour(session: sessionID)
        #expect(idle.handle(.delegate(.didEnterBackground), now: appEpoch).isEmpty)
    }

    @Test func omittingTaskDescriptionLeavesTheTaskUnnamedAndItsResultUnmatched() {
        var canonical = AppBehaviour(session: sessionID)
        var mistaken = AppBehaviour(session: sessionID, mistakes: AppMistakes(omitsTaskDescription: true))
        #expect(canonical.taskDescription(label: "photo") == "photo")
        #expect(mistaken.taskDescription(label: "photo") == nil)
        let unmatched = CompletionHandover(
            taskIdentifier: 3, subject: "task 3", end: .response(httpStatus: 201), isUpload: true, record: nil)
        guard case .acknowledgeDelivery(nil, let line)? = mistaken.handle(.completion(unmatched), now: appEpoch).last
        else {
            Issue.record("not acknowledged")
            return
        }
        #expect(
            line.reason == "unmatched: no taskDescription (app mistake): the result cannot be matched to any record")
        _ = canonical.handle(.outboxDrained(session: sessionID), now: appEpoch)
    }

    @Test func aDownloadTheSystemCancelledIsRecreatedFromItsResumeData() {
        var app = AppBehaviour(session: sessionID)
        let data = ResumeData(url: "https://example.com/a", offset: 40)
        let end = TaskEnd.failed(.cancelled(reason: .insufficientSystemResources, resumeData: data))
        let actions = app.handle(
            .completion(
                CompletionHandover(
                    taskIdentifier: 4, subject: "task 4", end: end, isUpload: false,
                    record: record("a"))), now: appEpoch)
        #expect(
            actions.map(AppDevice.name) == [
                "didCompleteWithError 4", "acknowledge failed", "recreateFromResumeData a",
            ])
        guard case .recreateFromResumeData(_, let identifier)? = actions.last else { return }
        #expect(identifier == 4)
    }

    @Test func reconciliationDecisionsBecomeActions() {
        var app = AppBehaviour(session: sessionID)
        var stray = SessionTask(taskIdentifier: 5, kind: .download, url: "https://example.com/x")
        stray.taskDescription = "stray"
        stray.state = .running
        var running = SessionTask(taskIdentifier: 6, kind: .download, url: "https://example.com/r")
        running.taskDescription = "r"
        running.state = .running
        let data = ResumeData(url: "https://example.com/k", offset: 9)
        let facts = LaunchFacts(
            registry: AppRegistry([record("gone"), record("kept", resumeData: data), record("r")]),
            allTasks: [stray, running], outbox: [], homeIDs: [5: 12, 6: 13])
        let actions = app.handle(.sessionRecreated(facts), now: appEpoch)
        #expect(
            Set(actions.dropFirst().map(AppDevice.name)) == [
                "reEnqueue gone", "recreateFromResumeData kept", "cancel 5",
            ])
        guard case .commit(let changes)? = actions.first else {
            Issue.record("no report")
            return
        }
        #expect(changes.upserts.map(\.note) == ["reattached to task 6 (the home's task 13)"])
        var adopting = AppBehaviour(session: sessionID)
        let adopted = adopting.handle(
            .sessionRecreated(
                LaunchFacts(
                    registry: AppRegistry(), allTasks: [stray], outbox: [],
                    policy: ReconciliationPolicy(whenUnknownToApp: .adopt))), now: appEpoch)
        #expect(adopted.dropFirst().map(AppDevice.name) == ["adopt 5"])
    }
}
