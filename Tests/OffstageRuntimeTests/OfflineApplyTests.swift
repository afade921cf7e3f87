import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import Testing

/// `applyOffline`: one command applied with no engine, through the engine's path, without a restart.
@Suite("Offline apply")
struct OfflineApplyTests {
    /// A runtime that hosts the scheduler and the app, as `offstage` builds it for an offline apply.
    static func runtime(_ harness: RuntimeHarness) -> DaemonRuntime {
        var options = RuntimeOptions()
        options.scheduler = SchedulerSetup(
            app: AppTaskConfiguration(handlers: [
                TaskHandlerConfiguration(identifier: "com.example.refresh", kind: .appRefresh)
            ]))
        options.app = AppSetup(configuration: AppConfiguration())
        return DaemonRuntime(home: harness.home, store: harness.store, options: options)
    }

    @Test("a pause of a task a killed engine left running: paused, nothing restarted, nothing started")
    func pauseAfterAKill() throws {
        let harness = try RuntimeHarness()
        let first = try harness.download("/gen/1000")
        let second = try harness.download("/gen/2000")
        // What a killed engine leaves: both tasks running, their adds done.
        for (id, command) in try harness.store.pendingCommands() {
            let taskID = try #require(try harness.store.reservedTaskID(command: id))
            guard case .add(let spec) = command else { continue }
            var changes = StoreChanges()
            var task = TransferTask(
                id: taskID, session: spec.session, taskIdentifier: Int(taskID), kind: .download, url: spec.url,
                destinationDirectory: harness.home.documentsDirectory, createdAt: Date())
            task.state = .running
            changes.tasks = [task]
            try harness.store.completeCommand(id: id, status: .done, result: "ok", changes: changes, now: Date())
        }
        let pause = try harness.store.enqueue(.pause(id: first), now: Date())
        let outcome = try Self.runtime(harness).applyOffline(commandID: pause)
        #expect(outcome.status == .done && outcome.result == "ok")
        #expect(try harness.store.task(id: first)?.state == .paused)
        #expect(try harness.store.task(id: second)?.state == .running)
        let kinds = try harness.store.events(after: 0, limit: 100).map(\.entry.kind)
        #expect(kinds == [.paused])
        #expect(try harness.store.loadAppState() == nil)
        #expect(try harness.store.loadSchedulerState() == nil)
    }

    @Test("a schedule is applied or refused with Apple's error; a launch is not applied at all")
    func scheduleAndLaunch() throws {
        let harness = try RuntimeHarness()
        let refused = try harness.store.enqueue(
            .schedule(BGTaskRequest(identifier: "not.permitted", kind: .appRefresh)), now: Date())
        let outcome = try Self.runtime(harness).applyOffline(commandID: refused)
        #expect(outcome.status == .refused)
        #expect(outcome.result.contains("BGTaskScheduler.Error.notPermitted"), "\(outcome.result)")
        let accepted = try harness.store.enqueue(
            .schedule(BGTaskRequest(identifier: "com.example.refresh", kind: .appRefresh)), now: Date())
        #expect(try Self.runtime(harness).applyOffline(commandID: accepted).status == .done)
        #expect(try harness.store.loadSchedulerState()?.pending.map(\.identifier) == ["com.example.refresh"])
        let launch = try harness.store.enqueue(.launchTask(identifier: "com.example.refresh"), now: Date())
        #expect(throws: OfflineRefusal.self) { try Self.runtime(harness).applyOffline(commandID: launch) }
        #expect(try harness.store.commandStatus(id: launch)?.0 == .pending)
    }
}
