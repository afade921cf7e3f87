import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// Steering a runtime's clock from another process: the inbox commands, their results and refusals.
@Suite("Clock control through the inbox")
struct ClockControlTests {
    /// Leaves `command` in the inbox, settles, and returns what became of it.
    static func send(
        _ command: DaemonCommand, _ runtime: DaemonRuntime, _ harness: RuntimeHarness
    ) throws -> (status: CommandStatus, result: String?) {
        let id = try harness.store.enqueue(command, now: Date())
        try runtime.settle()
        let outcome = try #require(try harness.store.commandStatus(id: id))
        return (outcome.0, outcome.1)
    }

    @Test("rate changes and a jump to the next deadline (a BG request's earliest date, via the scheduler's wake)")
    func steering() throws {
        let harness = try RuntimeHarness()
        let real = ManualTimeSource()
        let clock = try VirtualClock(reference: real)
        var options = RuntimeOptions()
        let handler = TaskHandlerConfiguration(identifier: "com.example.refresh", kind: .appRefresh)
        options.scheduler = SchedulerSetup(app: AppTaskConfiguration(handlers: [handler]))
        let runtime = DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
        try runtime.start()
        defer { try? runtime.shutdown() }
        try runtime.settle()

        #expect(try Self.send(.setClockRate(.warped(60)), runtime, harness) == (.done, "clock runs at ×60"))
        #expect(clock.rate == .warped(60))
        real.advance(by: 1)
        #expect(try Self.send(.setClockRate(.frozen), runtime, harness) == (.done, "clock frozen"))
        let bad = try Self.send(.setClockRate(.warped(20_000)), runtime, harness)
        #expect(bad.status == .refused && bad.result?.contains("1 to 10000") == true)
        #expect(clock.rate == .frozen)

        let request = BGTaskRequest(
            identifier: handler.identifier, kind: .appRefresh, earliestBeginDate: clock.now().addingTimeInterval(1200))
        #expect(try Self.send(.schedule(request), runtime, harness).status == .done)
        let deadline = try #require(runtime.nextDeadline)
        #expect(deadline > clock.now())
        #expect(runtime.clockSnapshot.rate == .frozen && runtime.clockSnapshot.nextDeadline == deadline)
        let before = clock.now()
        let steadyBefore = clock.steady()
        let jumped = try Self.send(.jumpToNextDeadline, runtime, harness)
        #expect(jumped.status == .done)
        #expect(jumped.result?.hasPrefix("clock jumped ") == true, "\(jumped.result ?? "")")
        #expect(clock.now() >= deadline && clock.now() < deadline.addingTimeInterval(0.01))
        let wallMoved = clock.now().timeIntervalSince(before)
        #expect(abs((clock.steady() - steadyBefore) - wallMoved) < 1e-3, "steady time jumped with the wall clock")
        #expect(wallMoved > 600, "the jump skipped the wait (earliest in 20 min, the first wake after about 15)")
        real.advance(by: 3600)
        #expect(clock.now() < deadline.addingTimeInterval(0.01), "frozen: real time does not move it")
    }

    @Test("a runtime on a clock that cannot be steered refuses clock commands, saying why")
    func refusedWithoutAVirtualClock() throws {
        let harness = try RuntimeHarness()
        let runtime = DaemonRuntime(home: harness.home, store: harness.store, time: ManualTimeSource())
        try runtime.start()
        defer { try? runtime.shutdown() }
        for command in [DaemonCommand.setClockRate(.warped(10)), .jumpToNextDeadline] {
            let outcome = try Self.send(command, runtime, harness)
            #expect(outcome.status == .refused)
            #expect(outcome.result == "this offstage runs on a clock that cannot be warped, frozen or jumped")
        }
        #expect(runtime.clock == nil)
        #expect(throws: ClockControlError.self) { try runtime.jumpToNextDeadline() }
    }

    @Test("a jump of a frozen clock is published at once: a view sees the new time")
    func jumpOfAFrozenClockIsPublished() throws {
        let harness = try RuntimeHarness()
        let real = ManualTimeSource()
        let clock = try VirtualClock(rate: .frozen, reference: real)
        let latest = Latest()
        var options = RuntimeOptions()
        let handler = TaskHandlerConfiguration(identifier: "com.example.refresh", kind: .appRefresh)
        options.scheduler = SchedulerSetup(app: AppTaskConfiguration(handlers: [handler]))
        options.onSnapshot = { latest.set($0) }
        options.snapshotClock = { real.steady() }
        let runtime = DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
        try runtime.start()
        defer { try? runtime.shutdown() }
        try runtime.settle()
        let request = BGTaskRequest(
            identifier: handler.identifier, kind: .appRefresh, earliestBeginDate: clock.now().addingTimeInterval(1200))
        #expect(try Self.send(.schedule(request), runtime, harness).status == .done)
        real.advance(by: 1)
        #expect(try Self.send(.jumpToNextDeadline, runtime, harness).status == .done)
        real.advance(by: 1)
        try runtime.runOneTurn()
        let shown = try #require(latest.value)
        #expect(abs(shown.clock.now.timeIntervalSince(clock.now())) < 1, "the view shows \(shown.clock.now), the clock reads \(clock.now())")
    }
}

/// The newest snapshot published, across threads.
final class Latest: @unchecked Sendable {
    // Safety: every access holds `lock`.
    private let lock = NSLock()
    private var snapshot: Snapshot?

    func set(_ value: Snapshot) { lock.withLock { snapshot = value } }

    var value: Snapshot? { lock.withLock { snapshot } }
}
