import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// The whole runtime (BG task scheduler, model app, transfers) on one manual clock: an hour of virtual time passes
/// without a sleep, and everything time-driven moves with it. Bytes still cross loopback in real time.
@Suite("Runtime on a manual clock")
struct ManualClockRuntimeTests {
    /// The BG task the test submits (pretended work, 10 s).
    static let refresh = TaskHandlerConfiguration(
        identifier: "com.example.refresh", kind: .appRefresh,
        work: .simulatedWork(seconds: 10, honoursExpiration: true))

    /// A runtime hosting the scheduler and the app on `clock`, with the server's Retry-After honoured up to an hour.
    static func runtime(_ harness: RuntimeHarness, clock: ManualTimeSource) -> DaemonRuntime {
        var options = RuntimeOptions()
        options.retryPolicy = RetryPolicy(baseDelay: 1, maxDelay: 300, retryAfterCap: 3600, maxAttempts: 4)
        options.configureEngine = { $0.checkpointInterval = 0.1 }
        options.scheduler = SchedulerSetup(
            app: AppTaskConfiguration(handlers: [refresh]), mistakes: AppMistakes(skipsReschedule: true))
        options.app = AppSetup(configuration: AppConfiguration())
        return DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
    }

    /// Leaves a command in the inbox stamped with the clock's time, settles, and expects it done.
    static func command(
        _ command: DaemonCommand, _ runtime: DaemonRuntime, _ harness: RuntimeHarness, clock: ManualTimeSource
    ) throws {
        let id = try harness.store.enqueue(command, now: clock.now())
        try runtime.settle()
        let outcome = try #require(try harness.store.commandStatus(id: id))
        #expect(outcome.0 == .done, "\(command): \(outcome.1 ?? "")")
    }

    /// Steps the runtime (no clock move) until `condition` holds on the stored tasks; transfers run in real time.
    static func wait(
        _ runtime: DaemonRuntime, _ harness: RuntimeHarness, until condition: ([TransferTask]) -> Bool
    ) throws {
        let limit = Date().addingTimeInterval(20)
        while try !condition(harness.store.loadTasks()) {
            guard Date() < limit else {
                let states = try harness.store.loadTasks().map { "\($0.id) \($0.session) \($0.state)" }
                Issue.record("still waiting: \(states)")
                throw RuntimeSettleTimeout(seconds: 20)
            }
            try runtime.runOneTurn()
        }
        try runtime.settle()
    }

    @Test("an hour of virtual time: a BG request, a Retry-After retry and a held relaunch, without sleeping")
    func anHourOnTheManualClock() throws {
        let harness = try RuntimeHarness()
        let clock = ManualTimeSource()
        let start = clock.now()
        let runtime = Self.runtime(harness, clock: clock)
        try runtime.start()
        defer { try? runtime.shutdown() }
        try runtime.settle()

        // A BG app refresh request, earliest in 20 minutes.
        let earliest = start.addingTimeInterval(1200)
        let request = BGTaskRequest(identifier: Self.refresh.identifier, kind: .appRefresh, earliestBeginDate: earliest)
        try Self.command(.schedule(request), runtime, harness, clock: clock)

        // A download the origin answers with 503 and Retry-After: 120 once: it waits for the clock, not for time.
        let faulty = "/gen/65536?seed=4&status=503&retryAfter=120"
        let retried = try harness.store.enqueueAdd(
            TransferSpec(kind: .download, url: harness.origin.url(faulty)), now: clock.now()
        ).task
        try Self.wait(runtime, harness) { $0.first { $0.id == retried }?.state == .retrying }
        let retryAt = try #require(try harness.task(retried).retryAt)
        #expect(retryAt == start.addingTimeInterval(120))

        // The app is killed twice with a download on its way; the first relaunch is immediate, the second held.
        try Self.command(.app(.open), runtime, harness, clock: clock)
        for request in [
            AppRequest.download(url: harness.origin.url("/gen/65536?seed=7&rate=400000"), taskDescription: "one"),
            .home, .kill(reason: "memory pressure"),
        ] {
            try harness.store.enqueue(.app(request), now: clock.now())
        }
        try runtime.settle()
        try Self.wait(runtime, harness) { $0.filter { $0.session != SessionConfiguration.defaultIdentifier }
            .allSatisfy { $0.state == .completed } }
        #expect(try harness.store.loadAppState()?.lifecycle.limiter.delay == 60)
        for request in [
            AppRequest.download(url: harness.origin.url("/gen/65536?seed=2&rate=400000"), taskDescription: "two"),
            .kill(reason: "memory pressure"),
        ] {
            try harness.store.enqueue(.app(request), now: clock.now())
        }
        try runtime.settle()
        try Self.wait(runtime, harness) { $0.filter { $0.session != SessionConfiguration.defaultIdentifier }
            .allSatisfy { $0.state != .running && $0.state != .queued } }
        let held = try #require(try harness.store.loadAppRegistry().records["two"])
        #expect(held.status == .inFlight, "the second relaunch waits for the rate limiter")
        #expect(try Self.logged(harness, .appRelaunch, "delayed 1 min by the relaunch rate limiter"))

        // The hour: the clock jumps from deadline to deadline (what `offstage clock next` does), nothing else moves it.
        var steps = 0
        var retriedAt: Date?
        var relaunchedAt: Date?
        let end = start.addingTimeInterval(3600)
        while clock.now() < end {
            let next = min(runtime.nextDeadline ?? end, end)
            clock.set(max(next, clock.now()).addingTimeInterval(0.001))
            steps += 1
            try runtime.settle()
            if retriedAt == nil, try harness.task(retried).state != .retrying { retriedAt = clock.now() }
            if relaunchedAt == nil, try harness.store.loadAppRegistry().records["two"]?.status == .delivered {
                relaunchedAt = clock.now()
            }
            #expect(try Self.runs(harness).allSatisfy { $0.launchedAt >= earliest }, "no BG launch before earliest")
        }

        #expect(clock.now().timeIntervalSince(start) >= 3600)
        // Jumping from deadline to deadline, not ticking: an hour costs a few dozen steps, not thousands (no wall-time
        // bound: the machine's speed is not the runtime's).
        #expect(steps > 3 && steps < 200, "the hour passed in \(steps) steps, each to a deadline")
        // The retry went out once the clock passed its date, and the download completed.
        let retryTime = try #require(retriedAt)
        #expect(retryTime >= retryAt && retryTime < retryAt.addingTimeInterval(1), "the retry went out at its date")
        try Self.wait(runtime, harness) { $0.first { $0.id == retried }?.state == .completed }
        #expect(harness.requests().filter { $0.target.contains("status=503") }.map(\.status) == [503, 200])
        // The BG request ran after its earliest date and completed.
        let run = try #require(try Self.runs(harness).first)
        #expect(run.identifier == Self.refresh.identifier)
        #expect(run.launchedAt >= earliest)
        #expect(run.outcome == .completed)
        // The held relaunch happened once the limiter's minute had passed on the clock.
        let relaunch = try #require(relaunchedAt)
        #expect(relaunch >= start.addingTimeInterval(60) && relaunch < start.addingTimeInterval(61))
        #expect(try Self.logged(harness, .appRelaunch, "launched in"))
    }

    /// The scheduler's finished runs, oldest first.
    static func runs(_ harness: RuntimeHarness) throws -> [TaskRun] {
        try harness.store.schedulerRuns(limit: 100).sorted { $0.number < $1.number }
    }

    /// Whether an event-log line of `kind` contains `text`.
    static func logged(_ harness: RuntimeHarness, _ kind: LogKind, _ text: String) throws -> Bool {
        try harness.store.events(after: 0, limit: 100_000).contains {
            $0.entry.kind == kind && $0.entry.reason.contains(text)
        }
    }
}
