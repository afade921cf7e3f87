import Foundation
import OffstageClock
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// One runtime integration test's world: a fresh home and store, a local origin, and helpers to
/// enqueue tasks exactly as the command line does, run a `DaemonRuntime` until idle, and inspect
/// what it left behind (store, delivered files, partial files, the origin's request log).
final class RuntimeHarness {
    let temporary: TemporaryHome
    let home: OffstageHome
    private(set) var store: Store
    let origin: OriginFixture

    /// A fast retry policy so that every retry in a test costs a fraction of a second.
    static let fastRetries = RetryPolicy(baseDelay: 0.05, maxDelay: 0.5, retryAfterCap: 3, maxAttempts: 4)

    /// A harness with a new home (under `parent` when given, e.g. a tmpfs) and a new origin.
    init(parent: String? = nil) throws {
        temporary = try TemporaryHome(prefix: "offstage-runtime", parent: parent)
        home = temporary.home
        store = try Store.open(home: home)
        origin = try OriginFixture()
    }

    deinit {
        store.close()
        origin.stop()
        temporary.remove()
    }

    // MARK: Enqueueing, as the command line does

    /// Queues a download of the origin's `path`; returns the task id.
    @discardableResult
    func download(_ path: String, name: String? = nil, directory: String? = nil) throws -> Int64 {
        var spec = TransferSpec(kind: .download, url: origin.url(path))
        spec.name = name
        spec.destinationDirectory = directory
        return try store.enqueueAdd(spec, now: Date()).task
    }

    /// Queues an upload of `file` to the origin's `path` with `method`; returns the task id.
    @discardableResult
    func upload(_ file: String, to path: String, method: String) throws -> Int64 {
        let spec = TransferSpec(kind: .upload, url: origin.url(path), method: method, uploadPath: file)
        return try store.enqueueAdd(spec, now: Date()).task
    }

    /// Leaves a control command in the inbox.
    func enqueue(_ command: DaemonCommand) throws {
        try store.enqueue(command, now: Date())
    }

    // MARK: Running

    /// Options for a run until idle with fast retries; `adjust` changes anything else.
    func options(_ adjust: (inout RuntimeOptions) -> Void = { _ in }) -> RuntimeOptions {
        var options = RuntimeOptions()
        options.untilIdle = true
        options.retryPolicy = Self.fastRetries
        // These tests leave commands straight in the store, without the command line's poke: read it often.
        options.inboxPollInterval = 0.1
        adjust(&options)
        return options
    }

    /// Runs a new runtime on this home until it is idle (or stopped), and returns why it ended.
    @discardableResult
    func run(time: any TimeSource = SystemTimeSource(), _ adjust: (inout RuntimeOptions) -> Void = { _ in }) throws
        -> RunOutcome
    {
        let runtime = DaemonRuntime(home: home, store: store, options: options(adjust), time: time)
        return try runtime.run()
    }

    /// Runs a runtime whose `onTick` may ask it to stop: `shouldStop` sees the daemon each tick.
    @discardableResult
    func run(
        stoppingWhen shouldStop: @escaping (TransferDaemon) -> Bool,
        _ adjust: (inout RuntimeOptions) -> Void = { _ in }
    ) throws -> RunOutcome {
        let box = StopperBox()
        let runtime = DaemonRuntime(
            home: home, store: store,
            options: options { options in
                adjust(&options)
                options.onTick = { daemon in
                    if shouldStop(daemon) { box.stopper?.requestShutdown(reason: "test") }
                }
            })
        box.stopper = runtime.stopper
        return try runtime.run()
    }

    /// Closes and reopens the store, as a new process would.
    func reopenStore() throws {
        store.close()
        store = try Store.open(home: home)
    }

    // MARK: Inspecting

    /// The stored task, which must exist.
    func task(_ id: Int64) throws -> TransferTask {
        try #require(try store.task(id: id), "task \(id) is not in the store")
    }

    /// The event-log entries about one task, oldest first.
    func events(_ id: Int64) throws -> [LogEntry] {
        try store.events(after: 0, limit: 100_000).map(\.entry).filter { $0.subject == "task \(id)" }
    }

    /// The kinds of a task's event-log entries, oldest first.
    func eventKinds(_ id: Int64) throws -> [LogKind] {
        try events(id).map(\.kind)
    }

    /// The origin's requests whose path is `path` (all requests when nil), oldest first.
    func requests(path: String? = nil) -> [OriginRequestRecord] {
        origin.server.requestLog().filter { path == nil || $0.path == path }
    }

    /// File names in the home's `Documents/`, sorted.
    func documents() -> [String] {
        Self.names(in: home.documentsDirectory)
    }

    /// File names in the home's `parts/`, sorted.
    func parts() -> [String] {
        Self.names(in: home.partsDirectory)
    }

    /// The size of a file, or nil when it does not exist.
    static func size(_ path: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
    }

    /// The sorted entries of a folder (empty when it does not exist).
    static func names(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    /// The SHA-256 of a delivered file, or nil when there is none.
    static func digest(_ path: String?) -> String? {
        path.flatMap { try? SHA256.hexDigest(ofFile: $0) }
    }

    /// The expected digest of `/gen/<size>?seed=<seed>`.
    static func expected(size: Int64, seed: UInt64) -> String {
        GeneratedContent.sha256Hex(size: size, seed: seed)
    }

    /// Writes `size` bytes of generated content (for `seed`) to `path`, mode 0600.
    static func writeGenerated(_ path: String, size: Int64, seed: UInt64) throws {
        let bytes = GeneratedContent.bytes(0..<size, seed: seed)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
    }
}

/// Hands a runtime's stopper to its own `onTick` closure, which exists before the runtime does.
private final class StopperBox {
    var stopper: RuntimeStopper?
}

/// One MiB.
let mebibyte: Int64 = 1 << 20
