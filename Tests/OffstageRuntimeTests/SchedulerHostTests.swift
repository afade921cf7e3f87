import Foundation
import OffstageCore
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// The BG task scheduler hosted by the runtime: real shell commands, downloads through the engine, pretended work,
/// expiration and the watchdog, with the scheduler's state in the store.
struct SchedulerHostTests {
    /// A setup whose handlers are the given ones, with short allowances so deadlines come quickly.
    static func setup(
        _ handlers: [TaskHandlerConfiguration], mistakes: AppMistakes = AppMistakes(),
        allowance: Double = 30
    ) -> SchedulerSetup {
        var policy = SchedulerPolicyConfiguration()
        policy.appRefreshAllowance = allowance
        policy.processingAllowance = allowance
        policy.expirationLead = min(5, allowance / 3)
        return SchedulerSetup(app: AppTaskConfiguration(handlers: handlers), mistakes: mistakes, policy: policy)
    }

    /// Runs until idle with the scheduler hosted.
    static func run(_ harness: RuntimeHarness, _ setup: SchedulerSetup) throws {
        try harness.run { $0.scheduler = setup }
    }

    /// The scheduler's finished runs, oldest first.
    static func runs(_ harness: RuntimeHarness) throws -> [TaskRun] {
        try harness.store.schedulerRuns(limit: 100)
    }

    @Test func aLaunchedShellCommandRunsForRealAndCompletesTheTask() throws {
        let harness = try RuntimeHarness()
        let marker = harness.home.path + "/ran.txt"
        let handler = TaskHandlerConfiguration(
            identifier: "com.example.refresh", kind: .appRefresh,
            work: .shellCommand(command: "echo \"$OFFSTAGE_TASK_IDENTIFIER\" > '\(marker)'", timeout: 10), interval: 900
        )
        try harness.enqueue(.schedule(handler.request(now: Date())))
        try harness.enqueue(.launchTask(identifier: "com.example.refresh"))
        try Self.run(harness, Self.setup([handler]))

        #expect((try? String(contentsOfFile: marker, encoding: .utf8)) == "com.example.refresh\n")
        let run = try #require(try Self.runs(harness).last)
        #expect(run.identifier == "com.example.refresh")
        #expect(run.outcome == .completed)
        let state = try #require(try harness.store.loadSchedulerState())
        #expect(state.pending.map(\.identifier) == ["com.example.refresh"], "the handler rescheduled itself")
        #expect(state.running.isEmpty)
    }

    @Test func aCommandThatOutlivesItsTimeoutIsStoppedAndFails() throws {
        let harness = try RuntimeHarness()
        let handler = TaskHandlerConfiguration(
            identifier: "com.example.slow", kind: .processing, work: .shellCommand(command: "sleep 30", timeout: 0.3))
        try harness.enqueue(.schedule(handler.request(now: Date())))
        try harness.enqueue(.launchTask(identifier: "com.example.slow"))
        let started = Date()
        try Self.run(harness, Self.setup([handler], mistakes: AppMistakes(skipsReschedule: true)))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(try Self.runs(harness).last?.outcome == .failed)
    }

    @Test func aDownloadHandlerGoesThroughTheTransferEngine() throws {
        let harness = try RuntimeHarness()
        let handler = TaskHandlerConfiguration(
            identifier: "com.example.feed", kind: .appRefresh,
            work: .download(url: harness.origin.url("/gen/256k?seed=5")))
        try harness.enqueue(.schedule(handler.request(now: Date())))
        try harness.enqueue(.launchTask(identifier: "com.example.feed"))
        try Self.run(harness, Self.setup([handler], mistakes: AppMistakes(skipsReschedule: true)))

        #expect(try Self.runs(harness).last?.outcome == .completed)
        let transfer = try #require(try harness.store.loadTasks().first)
        #expect(transfer.state == .completed)
        #expect(transfer.taskDescription == "BG task com.example.feed")
        let delivered = try #require(transfer.deliveredPath)
        #expect(try SHA256.hexDigest(ofFile: delivered) == GeneratedContent.sha256Hex(size: 256 << 10, seed: 5))
    }

    @Test func expiringAHandlerThatHonoursItStopsTheWorkAtOnce() throws {
        let harness = try RuntimeHarness()
        let handler = TaskHandlerConfiguration(
            identifier: "com.example.cleanup", kind: .processing,
            work: .simulatedWork(seconds: 60, honoursExpiration: true))
        try harness.enqueue(.schedule(handler.request(now: Date())))
        try harness.enqueue(.launchTask(identifier: "com.example.cleanup"))
        try harness.enqueue(.expireTask(identifier: "com.example.cleanup"))
        let started = Date()
        try Self.run(harness, Self.setup([handler], mistakes: AppMistakes(skipsReschedule: true)))
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(try Self.runs(harness).last?.outcome == .failed)
        let kinds = try harness.store.latestEvents(limit: 100).map(\.entry.kind)
        #expect(kinds.contains(.bgExpired))
    }

    @Test func aTaskNeverCompletedIsKilledByTheWatchdogAtItsDeadline() throws {
        let harness = try RuntimeHarness()
        let handler = TaskHandlerConfiguration(
            identifier: "com.example.forgetful", kind: .appRefresh,
            work: .simulatedWork(seconds: 0.1, honoursExpiration: true))
        try harness.enqueue(.schedule(handler.request(now: Date())))
        try harness.enqueue(.launchTask(identifier: "com.example.forgetful"))
        let mistakes = AppMistakes(omitsExpirationHandler: true, skipsReschedule: true, skipsSetTaskCompleted: true)
        try Self.run(harness, Self.setup([handler], mistakes: mistakes, allowance: 1.5))
        let run = try #require(try Self.runs(harness).last)
        #expect(run.outcome == .killed || run.outcome == .expiredWithoutHandler, "\(run.outcome)")
        let reasons = try harness.store.latestEvents(limit: 100).map { "\($0.entry.kind.rawValue) \($0.entry.reason)" }
        #expect(reasons.contains { $0.contains("bg-") }, "\(reasons)")
    }

    @Test func aSubmitTheSchedulerRefusesIsARefusedCommandWithApplesError() throws {
        let harness = try RuntimeHarness()
        let handler = TaskHandlerConfiguration(identifier: "com.example.refresh", kind: .appRefresh)
        try harness.enqueue(.schedule(BGTaskRequest(identifier: "com.example.unknown", kind: .appRefresh)))
        try Self.run(harness, Self.setup([handler]))
        let status = try #require(try harness.store.commandStatus(id: 1))
        #expect(status.0 == .refused)
        #expect(status.1?.contains("notPermitted") == true, "\(status.1 ?? "")")
    }

    @Test func openingTheAppLaunchesItRegistersItsHandlersAndSubmitsWhatIsMissing() throws {
        let harness = try RuntimeHarness()
        let refresh = TaskHandlerConfiguration(identifier: "com.example.refresh", kind: .appRefresh, interval: 900)
        let cleanup = TaskHandlerConfiguration(identifier: "com.example.cleanup", kind: .processing, interval: 3600)
        try harness.enqueue(.appOpened)
        try harness.enqueue(.appBackgrounded)
        try Self.run(harness, Self.setup([refresh, cleanup]))
        let state = try #require(try harness.store.loadSchedulerState())
        #expect(Set(state.pending.map(\.identifier)) == ["com.example.refresh", "com.example.cleanup"])
        #expect(state.registered == ["com.example.refresh", "com.example.cleanup"])
        // The scheduler was told the phase the app's one life cycle stored.
        #expect(state.app.phase == .background || state.app.phase == .suspended)
        #expect(try harness.store.loadAppState()?.lifecycle.phase == state.app.phase)
    }

    @Test func registeringAfterLaunchCrashesTheAppWithApplesExceptionAndItSubmitsNothing() throws {
        let harness = try RuntimeHarness()
        let refresh = TaskHandlerConfiguration(identifier: "com.example.refresh", kind: .appRefresh, interval: 900)
        try harness.enqueue(.appOpened)
        try Self.run(harness, Self.setup([refresh], mistakes: AppMistakes(registersAfterLaunch: true)))
        let events = try harness.store.events(after: 0, limit: 1000).map(\.entry)
        #expect(
            events.contains {
                $0.kind == .appCrashed && $0.reason.contains(TaskScheduler.lateRegistrationException)
            })
        #expect(try harness.store.loadAppState()?.lifecycle.phase == .notRunning)
        let state = try #require(try harness.store.loadSchedulerState())
        #expect(state.pending.isEmpty, "a crashed app runs none of its code for the open")
        #expect(!events.contains { $0.kind == .bgSubmitted })
    }

    @Test("app open answers that the app crashed as it launched, and why, not that it opened")
    func anOpenThatCrashesSaysSo() throws {
        let harness = try RuntimeHarness()
        let refresh = TaskHandlerConfiguration(identifier: "com.example.refresh", kind: .appRefresh, interval: 900)
        let open = try harness.store.enqueue(.app(.open), now: Date())
        try Self.run(harness, Self.setup([refresh], mistakes: AppMistakes(registersAfterLaunch: true)))
        let (status, result) = try #require(try harness.store.commandStatus(id: open))
        #expect(status == .done)
        #expect(
            result
                == "the app crashed as it launched: NSInternalInconsistencyException: "
                + "\(TaskScheduler.lateRegistrationException) (the app's mistake register-after-launch: it registers "
                + "its BG task handlers after launch finished)")
        #expect(try harness.store.loadAppState()?.lifecycle.phase == .notRunning)
        // Without the mistake the same open is just done.
        let plain = try RuntimeHarness()
        let fine = try plain.store.enqueue(.app(.open), now: Date())
        try Self.run(plain, Self.setup([refresh]))
        #expect(try plain.store.commandStatus(id: fine)?.1 == "ok")
    }

    @Test("launch answers that the app crashed as the system launched it for the task, not that it launched")
    func aLaunchThatCrashesSaysSo() throws {
        let harness = try RuntimeHarness()
        let refresh = TaskHandlerConfiguration(identifier: "com.example.refresh", kind: .appRefresh, interval: 900)
        // Opened, the app submits its request; sent home and terminated, it then makes the mistake at launch.
        for command in [AppRequest.open, .home, .kill(reason: "memory pressure")] {
            try harness.enqueue(.app(command))
        }
        try harness.enqueue(.app(.setMistake(name: "register-after-launch", on: true)))
        let launch = try harness.store.enqueue(.launchTask(identifier: "com.example.refresh"), now: Date())
        try Self.run(harness, Self.setup([refresh]))
        let (status, result) = try #require(try harness.store.commandStatus(id: launch))
        #expect(status == .done)
        #expect(
            result?.hasPrefix(
                "the app crashed as it launched: NSInternalInconsistencyException: No launch handler registered for "
                    + "task with identifier com.example.refresh") == true, "\(result ?? "")")
    }

    @Test func schedulerCommandsWaitForARuntimeThatHostsTheScheduler() throws {
        let harness = try RuntimeHarness()
        try harness.enqueue(.launchTask(identifier: "com.example.refresh"))
        try harness.run()  // transfers only: the command stays in the inbox
        #expect(try harness.store.pendingCommands().count == 1)
    }
}
