import Foundation
import OffstageClock
import OffstageCore
import OffstageDashboard
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageUI
import Synchronization

/// Where a story plays: a home of its own (temporary unless given, removed at the end), the local origin, an 8 MB
/// file to upload, and the engine hosted in this process on a virtual clock; its `do` steps are command lines run
/// through the same parser as `offstage`'s, sent through the engine's client.
final class StoryStage {
    /// The story, its placeholders (`{origin}`, `{home}`) filled in.
    let story: Story
    /// The story's command-line context: its home and its clock (and its engine once started).
    private(set) var context: CLIContext
    /// The engine, in this process, once started.
    private(set) var engine: InProcessEngine?
    /// How often the engine publishes a change.
    let snapshotInterval: Double
    private let store: Store
    private let clock: VirtualClock
    private let server: OriginServer
    private let lock: InstanceLock
    private let temporaryHome: String?
    private var closed = false

    /// The file every story may upload, in its home.
    static let uploadName = "upload.bin"

    /// The stage for `story`, as `init` sets it; a story with steps at fault is refused as the command line says it
    /// (each line at fault, then one error).
    static func checked(_ story: Story, home: String?, snapshotInterval: Double) throws -> StoryStage {
        do {
            return try StoryStage(story, home: home, snapshotInterval: snapshotInterval)
        } catch let errors as StoryErrors {
            throw StoryFiles.refused(errors)
        }
    }

    /// Sets the stage for `story` in `home` (nil: a temporary one) and checks every `do` step; `start` starts the
    /// engine. Nothing of the story runs before every step is known to be valid.
    ///
    /// - Throws: `StoryErrors` for a `do` step at fault; `CLIError` when the home or the origin cannot be used.
    init(_ story: Story, home explicit: String?, snapshotInterval: Double) throws {
        var scratch = NSTemporaryDirectory()
        while scratch.count > 1 && scratch.hasSuffix("/") { scratch.removeLast() }
        let path = explicit ?? scratch + "/offstage-story-\(getpid())-\(Self.nextNumber())"
        let context = CLIContext(home: OffstageHome(path: path))
        try context.checkHome()
        if FileManager.default.fileExists(atPath: context.home.databasePath) {
            throw CLIError.usage(
                "a story plays in a home of its own, and \(path) already holds a store: give a new folder, or leave "
                    + "--home and OFFSTAGE_HOME out for a temporary one")
        }
        temporaryHome = explicit == nil ? path : nil
        let server = OriginServer()
        do { _ = try server.start() } catch {
            throw CLIError.failed("cannot start the local origin: \(error)")
        }
        self.server = server
        do {
            lock = try context.acquireLock()
        } catch {
            server.stop()
            throw error
        }
        let clock: VirtualClock
        let store: Store
        do {
            clock = try VirtualClock()
            store = try context.openStore()
            try Self.makeUploadFile(at: path + "/" + Self.uploadName, size: 8 << 20, seed: 26)
            self.story = story.expanding(["origin": server.baseURL, "home": path])
            try StoryParser.checkCommands(self.story) {
                StoryCommands.problem($0, refused: $1, context: context)
            }
        } catch {
            lock.release()
            server.stop()
            if let temporaryHome { try? FileManager.default.removeItem(atPath: temporaryHome) }
            throw error
        }
        self.snapshotInterval = snapshotInterval
        self.store = store
        self.clock = clock
        var storyContext = context
        storyContext.time = clock
        self.context = storyContext
    }

    /// Starts the engine (once); `wake` is told when it publishes or answers.
    @discardableResult
    func start(wake: @escaping @Sendable () -> Void) -> InProcessEngine {
        if let engine { return engine }
        var built = OffstageConfiguration.builtIn
        built.android.platform = story.platform
        built.app.handlers = built.app.handlers.map { Self.onStoryOrigin($0, origin: server.baseURL) }
        let configuration = built
        let (context, store, clock, snapshotInterval) = (
            self.context, self.store, self.clock, self.snapshotInterval
        )
        let engine = InProcessEngine(wake: wake) { publish in
            try HostedRuntime.make(
                context: context, store: store, configuration: configuration, publish: publish, clock: clock
            ) { options in
                options.retryPolicy = RetryPolicy(
                    baseDelay: 1, maxDelay: 20, retryAfterCap: 30, maxAttempts: 8)
                options.snapshotInterval = snapshotInterval
                options.progressInterval = max(snapshotInterval, 0.5)
            }
        }
        self.engine = engine
        self.context.storyEngine = engine
        return engine
    }

    deinit { close() }

    /// A dashboard loop on `terminal` and the started `engine` playing the story in `mode`; `log` gets its
    /// transcript.
    func loop(
        engine: any EngineClient, terminal: any TerminalDevice, mode: StoryPlayer.Mode,
        clock: any FrameClock = SystemFrameClock(), log: @escaping (String) -> Void = { _ in }
    ) -> DashboardLoop {
        let loop = DashboardLoop(terminal: terminal, engine: engine, clock: clock)
        loop.story = StoryPlayer(
            story: story, mode: mode, timing: StoryPlayer.Timing(snapshotInterval: snapshotInterval))
        let context = self.context
        loop.runStoryCommand = { StoryCommands.run($0, context: context) }
        loop.advanceClock = { [clock = self.clock] seconds in clock.jump(by: seconds) }
        loop.onStoryLog = log
        return loop
    }

    /// Stops the engine cleanly, the origin, and removes a temporary home (idempotent).
    func close() {
        guard !closed else { return }
        closed = true
        engine?.close()
        store.close()
        server.stop()
        lock.release()
        if let temporaryHome { try? FileManager.default.removeItem(atPath: temporaryHome) }
    }

    /// The handler with a download from the default local origin (`http://127.0.0.1:8080`, `offstage origin`'s
    /// port) fetched from the story's own origin instead, so a handler's download never depends on another process.
    static func onStoryOrigin(_ handler: TaskHandlerConfiguration, origin: String)
        -> TaskHandlerConfiguration
    {
        let defaultOrigin = "http://127.0.0.1:8080"
        guard case .download(let url) = handler.work, url.hasPrefix(defaultOrigin + "/") else {
            return handler
        }
        var moved = handler
        moved.work = .download(url: origin + url.dropFirst(defaultOrigin.count))
        return moved
    }

    /// Writes a deterministic file to upload (0600, in the story's home).
    static func makeUploadFile(at path: String, size: Int, seed: UInt64) throws {
        var bytes = [UInt8](repeating: 0, count: size)
        bytes.withUnsafeMutableBytes { GeneratedContent.fill($0, offset: 0, seed: seed) }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        guard
            FileManager.default.createFile(
                atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
        else { throw CLIError.failed("cannot write the story's upload file \(path)") }
    }

    /// Numbers the temporary homes of one process.
    private static let counter = Mutex(0)

    /// A number for this process's next temporary home.
    private static func nextNumber() -> Int {
        counter.withLock { value in
            value += 1
            return value
        }
    }
}
