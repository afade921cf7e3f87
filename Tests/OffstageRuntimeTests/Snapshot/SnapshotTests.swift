import Foundation
import OffstageCore
import OffstageHTTP
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// The runtime's snapshot of its live state, on a manual clock: live bytes and speed, retries, BG requests.
@Suite struct SnapshotTests {
    /// A runtime on `harness`'s home with a manual clock, started; `adjust` changes its options first. Its inbox is
    /// read at every turn (`runOneTurn`), as after a poke.
    static func runtime(
        _ harness: RuntimeHarness, clock: ManualTimeSource, _ adjust: (inout RuntimeOptions) -> Void = { _ in }
    ) throws -> DaemonRuntime {
        let options = harness.options { options in
            options.untilIdle = false
            options.listens = false
            adjust(&options)
        }
        let runtime = DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
        try runtime.start()
        return runtime
    }

    @Test func aRunningDownloadShowsLiveBytesBeyondItsCheckpointAndASpeed() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        let id = try harness.download("/gen/8m?seed=3&rate=2000000", name: "live.bin")
        let runtime = try Self.runtime(harness, clock: clock) { options in
            // No checkpoint before the end: every byte the snapshot shows is a live one.
            options.configureEngine = {
                $0.checkpointBytes = 1 << 40
                $0.checkpointInterval = 3600
            }
        }
        defer { try? runtime.shutdown() }
        var seen: TransferSnapshot?
        let limit = Date().addingTimeInterval(20)
        while Date() < limit {
            try runtime.runOneTurn()
            clock.advance(by: 0.1)
            let transfer = try #require(runtime.snapshot().transfers.first)
            if transfer.speed != nil, transfer.bytes > 0 {
                seen = transfer
                break
            }
        }
        let transfer = try #require(seen, "no speed within 20 s")
        #expect(transfer.id == id)
        #expect(transfer.name == "live.bin")
        #expect(transfer.status == .running)
        #expect(transfer.state == .running)
        #expect(transfer.resumedFrom == 0)
        #expect(transfer.bytesExpected == 8 * mebibyte)
        #expect(transfer.bytes > (try harness.task(id)).bytesWritten, "live bytes, not the checkpoint")
        #expect((transfer.speed ?? 0) > 0)
        let eta = try #require(transfer.eta)
        let speed = try #require(transfer.speed)
        #expect(abs(eta - Double(8 * mebibyte - transfer.bytes) / speed) < 0.001)
        #expect(transfer.history.contains { $0.kind == .started })
        #expect(transfer.url.hasPrefix("http://127.0.0.1:"))
    }

    @Test func aResumedDownloadShowsWhereItsAttemptBegan() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        let id = try harness.download("/gen/8m?seed=4&rate=2000000", name: "resumed.bin")
        let runtime = try Self.runtime(harness, clock: clock) { options in
            options.configureEngine = { $0.checkpointBytes = 256 << 10 }
        }
        defer { try? runtime.shutdown() }
        func step(until condition: (TransferTask) -> Bool) throws {
            let limit = Date().addingTimeInterval(20)
            while Date() < limit {
                if let task = try harness.store.task(id: id), condition(task) { return }
                try runtime.runOneTurn()
                clock.advance(by: 0.1)
            }
            Issue.record("timed out: \(String(describing: try harness.store.task(id: id)))")
        }
        try step { $0.state == .running && $0.bytesWritten > 0 }
        #expect(runtime.snapshot().transfers.first?.resumedFrom == 0)
        try harness.enqueue(.pause(id: id))
        try step { $0.state == .paused }
        let paused = try harness.task(id)
        try harness.enqueue(.resume(id: id))
        try step { $0.state == .running }
        // The attempt's start is known once the server answers, a turn or more after the task runs again.
        let limit = Date().addingTimeInterval(20)
        while runtime.snapshot().transfers.first?.resumedFrom == 0, Date() < limit {
            try runtime.runOneTurn()
            clock.advance(by: 0.1)
        }
        let transfer = try #require(runtime.snapshot().transfers.first)
        #expect(transfer.resumedFrom == paused.bytesWritten)
        #expect(transfer.bytes >= paused.bytesWritten)
        #expect(transfer.speed == nil, "the resumed bytes are a baseline, not speed")
        #expect(transfer.history.contains { $0.kind == .paused })
    }

    @Test func aRetryingTaskShowsItsNextAttempt() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        // Nothing listens on port 1: the connection is refused, and the task retries after a backoff.
        let spec = TransferSpec(kind: .download, url: "http://127.0.0.1:1/x.bin")
        let id = try harness.store.enqueueAdd(spec, now: Date()).task
        let runtime = try Self.runtime(harness, clock: clock)
        defer { try? runtime.shutdown() }
        let limit = Date().addingTimeInterval(10)
        while try harness.store.task(id: id)?.state != .retrying, Date() < limit { try runtime.runOneTurn() }
        let task = try harness.task(id)
        try #require(task.state == .retrying)
        let transfer = try #require(runtime.snapshot().transfers.first { $0.id == id })
        #expect(
            transfer.status
                == .retrying(
                    nextAttempt: task.retryAt, attempt: 1, maxAttempts: RuntimeHarness.fastRetries.maxAttempts,
                    lastError: task.error ?? ""))
        #expect(task.retryAt != nil)
        #expect(transfer.name == "x.bin")
        #expect(transfer.speed == nil && transfer.eta == nil)
    }

    @Test func aPendingBGRequestShowsWhyItWaits() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        let handler = TaskHandlerConfiguration(
            identifier: "com.example.refresh", kind: .appRefresh,
            work: .simulatedWork(seconds: 1, honoursExpiration: true), interval: 900)
        let earliest = clock.now().addingTimeInterval(3600)
        try harness.enqueue(
            .schedule(BGTaskRequest(identifier: "com.example.refresh", kind: .appRefresh, earliestBeginDate: earliest)))
        let runtime = try Self.runtime(harness, clock: clock) {
            $0.scheduler = SchedulerSetup(app: AppTaskConfiguration(handlers: [handler]))
        }
        defer { try? runtime.shutdown() }
        try runtime.settle()
        let snapshot = runtime.snapshot()
        let request = try #require(snapshot.requests.first)
        #expect(request.id == "com.example.refresh")
        guard case .earliestIn(let seconds) = request.reason else {
            Issue.record("reason \(request.reason)")
            return
        }
        #expect(seconds > 3500 && seconds <= 3600)
        #expect(request.reasonText == "earliest in 1 h")
        #expect(request.submittedAt == clock.now())
        #expect(snapshot.runningTasks.isEmpty)
        #expect(snapshot.app.budget.maximum > 0)
        #expect(snapshot.engine.role == .hosting)
        #expect(snapshot.engine.pid == getpid())
        #expect(snapshot.engine.home == harness.home.path)
        #expect(snapshot.clock.now == clock.now())
        #expect(snapshot.events.contains { $0.kind == .bgSubmitted })
    }

    @Test func aRunningBGTaskShowsItsAllowanceLeft() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        let handler = TaskHandlerConfiguration(
            identifier: "com.example.long", kind: .processing,
            work: .simulatedWork(seconds: 3600, honoursExpiration: true))
        try harness.enqueue(.schedule(handler.request(now: clock.now())))
        try harness.enqueue(.launchTask(identifier: "com.example.long"))
        let runtime = try Self.runtime(harness, clock: clock) {
            $0.scheduler = SchedulerHostTests.setup(
                [handler], mistakes: AppMistakes(skipsReschedule: true), allowance: 30)
        }
        defer { try? runtime.shutdown() }
        try runtime.runOneTurn()
        let snapshot = runtime.snapshot()
        let task = try #require(snapshot.runningTasks.first)
        #expect(task.identifier == "com.example.long")
        #expect(task.kind == .processing)
        #expect(task.simulated)
        #expect(!task.expirationCalled)
        #expect(task.expiresIn > 20 && task.expiresIn <= 25, "30 s allowance, expiration 5 s before the end")
        #expect(abs(task.deadlineIn - task.expiresIn - 5) < 0.001)
        #expect(snapshot.requests.allSatisfy { $0.id != "com.example.long" }, "launched, no longer pending")
    }

    @Test func theAppPhaseFollowsOpenAndHome() throws {
        let scenario = try AppScenario()
        #expect(scenario.runtime.snapshot().app.phase == .notRunning)
        try scenario.app(.open)
        let opened = scenario.runtime.snapshot().app
        #expect(opened.phase == .active)
        #expect(opened.backgroundTimeRemaining == nil, "unlimited in the foreground")
        try scenario.app(.home)
        let left = scenario.runtime.snapshot().app
        #expect(left.phase == .background || left.phase == .suspended)
        let remaining = try #require(left.backgroundTimeRemaining)
        #expect(remaining >= 0 && remaining <= AppConfiguration().lifecycle.backgroundTaskLimit)
        #expect(scenario.runtime.snapshot().events.contains { $0.kind == .appLifecycle })
    }
}
