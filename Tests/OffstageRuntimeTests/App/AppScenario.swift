import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// One app scenario's world: a home, a local origin, a manual clock for the app's life cycle, and a runtime
/// hosting the model app that the test steps with `settle()`. Transfers run for real on loopback.
final class AppScenario {
    let temporary: TemporaryHome
    let home: OffstageHome
    let store: Store
    let origin: OriginFixture
    let clock = ManualTimeSource()
    var configuration: AppConfiguration
    private(set) var runtime: DaemonRuntime

    /// A scenario with `configuration` (shorter waits by default) and an origin that serves at `rate` bytes/s.
    init(_ adjust: (inout AppConfiguration) -> Void = { _ in }) throws {
        temporary = try TemporaryHome(prefix: "offstage-app")
        home = temporary.home
        store = try Store.open(home: home)
        origin = try OriginFixture()
        var configuration = AppConfiguration()
        adjust(&configuration)
        self.configuration = configuration
        runtime = DaemonRuntime(home: home, store: store, options: RuntimeOptions(), time: clock)
        runtime = makeRuntime()
        try runtime.start()
        try runtime.settle()
    }

    deinit {
        try? runtime.shutdown()
        store.close()
        origin.stop()
        temporary.remove()
    }

    private func makeRuntime() -> DaemonRuntime {
        var options = RuntimeOptions()
        options.retryPolicy = RuntimeHarness.fastRetries
        options.configureEngine = { $0.checkpointInterval = 0.1 }
        options.app = AppSetup(configuration: configuration)
        return DaemonRuntime(home: home, store: store, options: options, time: clock)
    }

    // MARK: Acting

    /// Leaves a command in the inbox, as `offstage app …` does, and settles; returns its status and result.
    @discardableResult
    func app(_ request: AppRequest) throws -> (status: CommandStatus, result: String?) {
        let id = try store.enqueue(.app(request), now: clock.now())
        try runtime.settle()
        let outcome = try #require(try store.commandStatus(id: id))
        return (outcome.0, outcome.1)
    }

    /// Several commands taken in one turn (so no transfer can finish between them), then settles.
    func apps(_ requests: [AppRequest]) throws {
        for request in requests { try store.enqueue(.app(request), now: clock.now()) }
        try runtime.settle()
    }

    /// The running app downloads the origin's `path` under `description`.
    func download(_ path: String, description: String?) throws {
        let outcome = try app(.download(url: origin.url(path), taskDescription: description))
        #expect(outcome.status == .done, "\(outcome.result ?? "")")
    }

    /// Moves the manual clock and settles (timers due by then fire).
    func advance(_ seconds: Double) throws {
        clock.advance(by: seconds)
        try runtime.settle()
    }

    /// Steps the runtime until `condition` holds on the store's tasks (transfers run in real time).
    func wait(timeout: Double = 20, until condition: ([TransferTask]) -> Bool) throws {
        let limit = Date().addingTimeInterval(timeout)
        while try !condition(store.loadTasks()) {
            guard Date() < limit else { throw RuntimeSettleTimeout(seconds: timeout) }
            try runtime.runOneTurn()
        }
    }

    /// Stops the runtime cleanly and starts a new one on the same store: a process restart, a device reboot.
    func restart() throws {
        try runtime.shutdown()
        runtime = makeRuntime()
        try runtime.start()
        try runtime.settle()
    }

    // MARK: Looking

    /// The app side as the store holds it.
    func appState() throws -> StoredAppState { try #require(try store.loadAppState()) }

    /// The app's registry record with this key.
    func record(_ key: String) throws -> AppRecord? { try store.loadAppRegistry().records[key] }

    /// Every event-log line, oldest first.
    func events() throws -> [LogEntry] { try store.events(after: 0, limit: 100_000).map(\.entry) }

    /// The reasons of the log lines of `kind`, oldest first.
    func reasons(_ kind: LogKind) throws -> [String] { try events().filter { $0.kind == kind }.map(\.reason) }

    /// Whether some line of `kind` contains `text`.
    func logged(_ kind: LogKind, _ text: String) throws -> Bool { try reasons(kind).contains { $0.contains(text) } }

    /// File names in `Documents/`.
    func documents() -> [String] { RuntimeHarness.names(in: home.documentsDirectory) }

    /// File names in `parts/`.
    func parts() -> [String] { RuntimeHarness.names(in: home.partsDirectory) }

    /// The SHA-256 of a file in `Documents/`.
    func digest(_ name: String) -> String? { RuntimeHarness.digest(home.documentsDirectory + "/" + name) }

    /// The expected digest of `/gen/<size>?seed=<seed>`.
    static func expected(size: Int64, seed: UInt64) -> String { RuntimeHarness.expected(size: size, seed: seed) }

    /// The number of outbox rows.
    func outboxCount() throws -> Int { try store.outbox().count }
}
