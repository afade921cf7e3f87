import Foundation
import OffstageCore
import OffstageDashboard
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage demo`: the transfer daemon against the built-in local origin, with faults, no network needed.
///
/// It starts the origin on a loopback port, queues downloads that meet a dropped connection, a
/// changed validator, a 503 with Retry-After, a redirect chain, an unknown length, a hostile
/// file name and a redirect loop, plus an upload; runs the engine until idle while printing the
/// event log; then checks every delivered file's SHA-256 against the origin's.
enum DemoCommand {
    /// One demo transfer: what it shows, the origin path, and the content it should deliver.
    struct Scenario {
        let title: String
        let path: String
        let size: Int64
        let seed: UInt64
        let name: String?
    }

    static let scenarios = [
        Scenario(
            title: "a 48 MB download whose connection drops at 8 MB, resumed with Range + If-Range",
            path: "/gen/48m?seed=1&rate=8000000&drop=8000000", size: 48 << 20, seed: 1, name: "big.iso"),
        Scenario(
            title: "an interrupted download whose validator then changes: restarted from zero",
            path: "/gen/6m?seed=2&rate=3000000&drop=2000000&changeValidator=1", size: 6 << 20, seed: 2,
            name: "changed.bin"),
        Scenario(
            title: "a 503 with Retry-After: 2, honoured, then success",
            path: "/gen/2m?seed=3&status=503&retryAfter=2", size: 2 << 20, seed: 3, name: "busy.bin"),
        Scenario(
            title: "three redirects, followed", path: "/redirect/3/gen/1m?seed=4", size: 1 << 20, seed: 4,
            name: "moved.bin"),
        Scenario(
            title: "unknown length (chunked): an honest size-unknown transfer",
            path: "/gen/3m?seed=5&chunked=1&rate=1500000", size: 3 << 20, seed: 5, name: "stream.bin"),
        Scenario(
            title: "a hostile server file name, sanitised",
            path: "/gen/64k?seed=6&filename=..%2F..%2F.bashrc%1B%5B31m%E2%80%AEgnp.exe", size: 64 << 10, seed: 6,
            name: nil),
        Scenario(title: "a redirect loop, refused", path: "/loop/a", size: -1, seed: 0, name: "loop.bin"),
    ]

    static func run(_ raw: [String], explicitHome: String?) throws {
        // Signals are caught from the start (the dashboard's or the engine's loop takes them over once it runs).
        let signals = StopSignals()
        defer { signals.cancel() }  // held to the end: until then every signal is the command's
        let args = try Arguments(raw, spec: CommandCatalog.demo)
        if args.flag("--list") {
            try args.none()
            return say(StoryFiles.list())
        }
        // --home, else $OFFSTAGE_HOME (the dispatcher refused an empty one), else a home of the demo's own.
        let given =
            explicitHome ?? ProcessInfo.processInfo.environment["OFFSTAGE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if args.flag("--headless") || args.value("--scenario") != nil {
            try args.none()
            if args.value("--record") != nil { throw CLIError.usage("--record records the dashboard, not --headless") }
            return try narrated(scenario: args.value("--scenario") ?? "transfers", given: given, signals: signals)
        }
        guard args.positionals.count <= 1 else {
            throw CLIError.usage("unexpected argument \(args.positionals[1]) (offstage demo [NAME|FILE])")
        }
        let (story, _) = try StoryFiles.load(args.positionals.first ?? StoryCatalog.defaultName)
        let stage = try StoryStage.checked(story, home: given, snapshotInterval: 0.25)
        defer { stage.close() }
        let face = try DashboardFace.make(signals: signals)
        let engine = stage.start(wake: face.waker)
        try face.run(engine: engine, story: stage, record: args.value("--record"))
    }

    /// `--headless`: the narrated text demos, `transfers` (faults, checked by SHA-256, then the BG scheduler) or
    /// `relaunch`.
    private static func narrated(scenario: String, given: String?, signals: StopSignals) throws {
        guard ["transfers", "relaunch"].contains(scenario) else {
            throw CLIError.usage("unknown demo scenario \(scenario); known: transfers (the default), relaunch")
        }
        let temporary = given == nil
        var scratch = NSTemporaryDirectory()
        while scratch.count > 1 && scratch.hasSuffix("/") { scratch.removeLast() }
        let homePath = given ?? scratch + "/offstage-demo-\(getpid())"
        // A demo's own home lives only as long as the demo: its downloads, parts and upload file go with it.
        defer { if temporary { try? FileManager.default.removeItem(atPath: homePath) } }
        let context = CLIContext(home: OffstageHome(path: homePath))
        let server = OriginServer()
        do { try server.start() } catch { throw CLIError.failed("cannot start the local origin: \(error)") }
        defer { server.stop() }
        if scenario == "relaunch" {
            return try RelaunchDemo.run(home: context.home, server: server, signals: signals)
        }
        say("Offstage demo — home \(context.home.path), local origin \(server.baseURL)\n")
        let lock = try context.acquireLock()
        defer { lock.release() }
        let store = try context.openStore()
        var expectations: [Int64: Scenario] = [:]
        for scenario in scenarios {
            var spec = TransferSpec(
                kind: .download, url: server.baseURL + scenario.path, taskDescription: scenario.title)
            spec.name = scenario.name
            let id = try store.enqueueAdd(spec, now: context.time.now()).task
            expectations[id] = scenario
            say("task \(id): \(scenario.title)")
        }
        let upload = try makeUploadFile(in: context.home, size: 4 << 20, seed: 9)
        defer { unlink(upload) }  // in the home, and removed once the demo has checked it
        let uploadID = try store.enqueueAdd(
            TransferSpec(
                kind: .upload, url: server.baseURL + "/upload/demo.bin", method: "PUT",
                taskDescription: "an upload from a file", uploadPath: upload),
            now: context.time.now()
        ).task
        say("task \(uploadID): a 4 MB PUT upload from a file; the origin answers with its SHA-256\n")
        var options = RuntimeOptions()
        options.untilIdle = true
        options.retryPolicy = RetryPolicy(baseDelay: 0.5, maxDelay: 5, retryAfterCap: 10, maxAttempts: 5)
        options.onLog = { say(LogFormat.line($0)) }
        let runtime = DaemonRuntime(home: context.home, store: store, options: options)
        let stopper = runtime.stopper
        signals.attach { stopper.requestShutdown(reason: StopSignals.name($0)) }
        let outcome: RunOutcome
        do { outcome = try runtime.run() } catch { throw CLIContext.translate(error) }
        if case .interrupted(let reason) = outcome { throw interrupted(reason) }
        try summarise(
            store: store, snapshot: runtime.snapshot(), expectations: expectations, uploadID: uploadID,
            uploadPath: upload, context: context)
        try SchedulerDemo.run(store: store, context: context, signals: signals)
    }

    /// The demo stopped by a signal (exit 130).
    static func interrupted(_ reason: String) -> CLIError {
        .interrupted("interrupted by \(reason): the demo stopped; the store is clean")
    }

    private static func summarise(
        store: Store, snapshot: Snapshot, expectations: [Int64: Scenario], uploadID: Int64, uploadPath: String,
        context: CLIContext
    ) throws {
        say("\nResult:")
        say(TaskTable.text(snapshot))
        say("\nChecks:")
        var allGood = true
        for (id, scenario) in expectations.sorted(by: { $0.key < $1.key }) {
            guard let task = try store.task(id: id) else { continue }
            if scenario.size < 0 {
                let ok = task.state == .failed
                allGood = allGood && ok
                say("  \(ok ? "ok  " : "FAIL") task \(id) refused: \(task.error ?? "-")")
                continue
            }
            let expected = GeneratedContent.sha256Hex(size: scenario.size, seed: scenario.seed)
            let actual = task.deliveredPath.flatMap { try? SHA256.hexDigest(ofFile: $0) }
            let ok = task.state == .completed && actual == expected
            allGood = allGood && ok
            let name = (task.deliveredPath as NSString?)?.lastPathComponent ?? "-"
            say(
                "  \(ok ? "ok  " : "FAIL") task \(id) delivered as \(TransferDaemon.printable(name)), sha256 \(String((actual ?? "none").prefix(16)))…"
            )
        }
        let summary = try store.task(id: uploadID)?.responseSummary ?? ""
        let uploadDigest = (try? SHA256.hexDigest(ofFile: uploadPath)) ?? "?"
        let uploadOK = summary.contains(uploadDigest)
        allGood = allGood && uploadOK
        say("  \(uploadOK ? "ok  " : "FAIL") task \(uploadID) upload digest confirmed by the origin")
        say(allGood ? "\nEvery transfer ended as it should." : "\nSome transfers did not end as expected.")
        if !allGood { throw CLIError.failed("the demo's transfers did not end as expected") }
    }

    /// Writes a deterministic file to upload, in the demo's home.
    private static func makeUploadFile(in home: OffstageHome, size: Int, seed: UInt64) throws -> String {
        let path = home.path + "/demo-upload-\(getpid()).bin"
        var bytes = [UInt8](repeating: 0, count: size)
        bytes.withUnsafeMutableBytes { GeneratedContent.fill($0, offset: 0, seed: seed) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw CLIError.failed("cannot write \(path)")
        }
        return path
    }
}
