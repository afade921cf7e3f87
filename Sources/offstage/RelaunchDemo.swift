import Foundation
import OffstageClock
import OffstageCore
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage demo --scenario relaunch --headless`: a download outlives its app, and the system brings the app back.
///
/// Against the local origin: the app starts a download, goes to the background and is terminated by the system
/// while the download runs; the download finishes while the app is away; the system relaunches the app in the
/// background; the app recreates its session, reconciles, receives the file, moves it, and calls the completion
/// handler. The waits of the life cycle are skipped by jumping the runtime's `VirtualClock`; the transfer runs in
/// real time.
enum RelaunchDemo {
    static let size: Int64 = 6 << 20
    static let seed: UInt64 = 11

    static func run(home: OffstageHome, server: OriginServer, signals: StopSignals) throws {
        let context = CLIContext(home: home)
        let lock = try context.acquireLock()
        defer { lock.release() }
        let store = try context.openStore()
        let clock = try VirtualClock()
        var options = RuntimeOptions()
        options.configureEngine = EngineDefaults.apply
        options.app = AppSetup(configuration: AppConfiguration())
        options.onLog = { say("    " + LogFormat.line($0)) }
        let runtime = DaemonRuntime(home: home, store: store, options: options, time: clock)
        say("Offstage relaunch demo — the app's life cycle around one background download.")
        say("\n1. The device starts (offstage started): the app is not running.")
        try runtime.start()
        var steps = 1
        // The runtime is stepped here: a signal is looked at between steps, and stops it cleanly.
        func stopIfSignalled() throws {
            guard let signal = signals.caught else { return }
            try runtime.shutdown()
            throw DemoCommand.interrupted(StopSignals.name(signal))
        }
        func step(_ text: String, _ requests: [AppRequest] = []) throws {
            try stopIfSignalled()
            steps += 1
            say("\n\(steps). \(text)")
            for request in requests { _ = try store.enqueue(.app(request), now: clock.now()) }
            try runtime.settle()
        }
        func later(_ seconds: Double, _ text: String) throws {
            clock.jump(by: seconds)
            try step("\(Clamped.int(seconds)) s later: \(text)")
        }

        try step("The user opens the app.", [.open])
        // Named by the server as an episode is (a file called 6291456 reads as a number, not a download).
        let url = server.baseURL + "/gen/\(size)?seed=\(seed)&rate=1500000&filename=episode-1.mp3"
        try step(
            "The app starts a \(ByteText.size(size)) download in its background session, "
                + "taskDescription \"episode-1\".",
            [.download(url: url, taskDescription: "episode-1")])
        try step("The user goes to the Home screen.", [.home])
        try later(3, "the app's background work is done and it ends its background task.")
        try later(3, "nothing holds the app running any more: the system suspends it.")
        try step(
            "Memory pressure: the system terminates the suspended app. The download goes on.",
            [.kill(reason: "memory pressure")])
        try show(runtime, "The app is gone; the system still runs its transfer:")
        say("\n\(steps + 1). The download finishes while the app is away; the system relaunches it in the background.")
        steps += 1
        let real = SystemTimeSource()
        let limit = real.steady() + 120
        while try store.loadTasks().contains(where: { $0.state == .running || $0.state == .queued }) {
            guard real.steady() < limit else {
                throw CLIError.failed("the demo download did not finish within 2 minutes")
            }
            try stopIfSignalled()
            try runtime.runOneTurn()
        }
        try runtime.settle()
        try later(6, "the completion handler was called: the app is suspended again.")
        try runtime.shutdown()
        try show(runtime, "Where everything ended:")
        try verify(store, home: home)
    }

    /// Prints the app's status, as `offstage app` shows it, and the transfers, from the runtime's snapshot.
    private static func show(_ runtime: DaemonRuntime, _ title: String) throws {
        say("\n" + title)
        let snapshot = runtime.snapshot()
        for line in AppText.text(snapshot).split(separator: "\n") { say("    " + line) }
        for transfer in snapshot.transfers {
            say(
                "    task \(transfer.id) \"\(transfer.taskDescription ?? "")\": \(transfer.state.rawValue), "
                    + ByteText.size(transfer.bytes))
        }
    }

    /// Checks that the story ended as it should: delivered once, intact, registry and store agreeing.
    private static func verify(_ store: Store, home: OffstageHome) throws {
        var problems: [String] = []
        let registry = try store.loadAppRegistry()
        let record = registry.records["episode-1"]
        if record?.status != .delivered { problems.append("the registry does not say episode-1 was delivered") }
        let expected = GeneratedContent.sha256Hex(size: size, seed: seed)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: home.documentsDirectory)) ?? []
        if files.count != 1 { problems.append("Documents holds \(files.count) files, not 1") }
        if let path = record?.deliveredPath, (try? SHA256.hexDigest(ofFile: path)) != expected {
            problems.append("the delivered file's SHA-256 differs from the origin's")
        }
        if try !store.outbox().isEmpty { problems.append("deliveries are still waiting in the outbox") }
        let events = try store.events(after: 0, limit: 100_000).map(\.entry)
        let called = events.contains { $0.kind == .appCompletionHandler && $0.reason.contains("called with") }
        if !called { problems.append("the completion handler was not called") }
        let relaunched = events.contains { $0.kind == .appRelaunch && $0.reason.contains("launched in the background") }
        if !relaunched { problems.append("the app was not relaunched in the background") }
        guard problems.isEmpty else {
            throw CLIError.failed("the relaunch demo went wrong: " + problems.joined(separator: "; "))
        }
        say(
            "\nDelivered exactly once: \(files.first ?? "?") (SHA-256 \(expected.prefix(16))…), "
                + "the registry and the store agree, and the completion handler was called in time.")
        say("Full event log: offstage --home \(home.path) events")
    }
}
