import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// A runtime hosting the Android profile on a manual clock, stepped with `settle()`, and helpers to send commands.
final class AndroidRig {
    /// The home, store and origin.
    let harness: RuntimeHarness
    /// The clock the runtime reads (only the test moves it).
    let clock: ManualTimeSource
    /// The runtime.
    private(set) var runtime: DaemonRuntime
    /// The setup it hosts (nil: the iOS profile).
    let setup: AndroidSetup?

    /// A started runtime on a fresh home.
    init(setup: AndroidSetup? = AndroidSetup(profile: .android), harness: RuntimeHarness? = nil) throws {
        self.harness = try harness ?? RuntimeHarness()
        self.setup = setup
        clock = ManualTimeSource()
        runtime = Self.make(self.harness, clock: clock, setup: setup)
        try runtime.start()
        try runtime.settle()
    }

    /// A runtime on the harness's store.
    static func make(_ harness: RuntimeHarness, clock: ManualTimeSource, setup: AndroidSetup?) -> DaemonRuntime {
        var options = RuntimeOptions()
        options.android = setup
        options.listens = false
        return DaemonRuntime(home: harness.home, store: harness.store, options: options, time: clock)
    }

    /// Stops the runtime cleanly and starts a new one on the same store (the offstage process restarted).
    func restart() throws {
        try runtime.shutdown()
        runtime = Self.make(harness, clock: clock, setup: setup)
        try runtime.start()
        try runtime.settle()
    }

    /// Leaves `command` in the inbox, settles, and returns what became of it.
    @discardableResult
    func send(_ command: DaemonCommand) throws -> (status: CommandStatus, result: String) {
        let id = try harness.store.enqueue(command, now: clock.now())
        try runtime.settle()
        let outcome = try #require(try harness.store.commandStatus(id: id))
        return (outcome.0, outcome.1 ?? "")
    }

    /// `send(.android(request))`.
    @discardableResult
    func send(_ request: AndroidRequest) throws -> (status: CommandStatus, result: String) {
        try send(.android(request))
    }

    /// Enqueues work `name` doing `worker` with these options.
    @discardableResult
    func enqueue(
        _ name: String, _ worker: WorkerKind, kind: WorkKind = .oneTime,
        constraints: WorkConstraints = WorkConstraints(),
        input: [String: String] = [:]
    ) throws -> (status: CommandStatus, result: String) {
        let spec = WorkRequestSpec(worker: worker, kind: kind, input: input, constraints: constraints)
        return try send(.enqueue(WorkEnqueue(spec: spec, name: name, policy: .keep)))
    }

    /// Moves the clock by `seconds` and settles.
    func advance(_ seconds: Double) throws {
        clock.advance(by: seconds)
        try runtime.settle()
    }

    /// Moves the clock to the runtime's next deadline (as `offstage clock next` does) and settles; returns it.
    @discardableResult
    func jumpToNextDeadline() throws -> Date {
        let next = try #require(runtime.nextDeadline)
        let now = clock.now()
        if next > now { clock.advance(by: next.timeIntervalSince(now)) }
        try runtime.settle()
        return next
    }

    /// The Android part of the snapshot.
    func android() throws -> AndroidSnapshot {
        try #require(runtime.snapshot().android)
    }

    /// The work request named `name` in the snapshot.
    func work(_ name: String) throws -> WorkSnapshot {
        try #require(try android().work.first { $0.name == name })
    }

    /// Runs turns (real time passes for real processes) until `done` holds, at most `seconds` of real time.
    func waitUntil(seconds: Double = 10, _ done: () throws -> Bool) throws {
        let limit = Date().addingTimeInterval(seconds)
        while try !done() {
            guard Date() < limit else { return }
            try runtime.runOneTurn()
            try runtime.settle()
        }
    }

    /// The event-log lines of kind `kind` (the store's).
    func events(_ kind: LogKind) throws -> [LogEntry] {
        try harness.store.events(after: 0, limit: 10_000).map(\.entry).filter { $0.kind == kind }
    }

    deinit { try? runtime.shutdown() }
}
