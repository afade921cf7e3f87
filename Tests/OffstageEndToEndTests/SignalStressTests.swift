import Dispatch
import Foundation
import OffstageCore
import OffstageStore
import OffstageTestSupport
import Synchronization
import Testing

/// SIGINT, SIGTERM and SIGHUP stop the real binary whenever they come: 50 `run`s sent SIGTERM and 20 sent SIGINT at
/// random moments from 0.2 to 2.5 s after their start (start-up, mid-download), each stopped within 3 s with exit
/// 130, its store clean, its socket gone; and a dashboard whose terminal goes away stops the same way.
@Suite(.serialized)
struct SignalStressTests {
    /// What one interrupted `run` left behind.
    struct Stop: Sendable {
        /// The signal sent.
        var signal: Int32
        /// Seconds after the start it was sent.
        var delay: Double
        /// Seconds from the signal to the process's end (nil: still running after 3 s, then killed).
        var took: Double?
        /// Exit status (128 + signal when a signal ended it).
        var status: Int32
        /// What was wrong with the home afterwards (empty: nothing).
        var problems: [String]
        /// The process's signal dispositions and masks when it did not stop.
        var stuckStatus: String
    }

    /// How long a stop may take.
    static let stopLimit = 3.0

    @Test func runStopsOnEverySignalSentAtARandomMoment() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-signal-stress")
        var random = SeededRandom.fromEnvironment()  // new moments each run; OFFSTAGE_TEST_SEED repeats one
        let plan = (Array(repeating: SIGTERM, count: 50) + Array(repeating: SIGINT, count: 20)).shuffled(
            using: &random)
        let delays = plan.map { _ in random.uniform(0.2...2.5) }
        let homes = folder.base
        let stops = Mutex<[Int: Stop]>([:])
        let lanes = 4  // a few at a time
        let failure = Mutex<String?>(nil)
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            for index in stride(from: lane, to: plan.count, by: lanes) {
                do {
                    let stop = try Self.interruptRun(
                        folder: homes + "/home\(index)", origin: origin, signal: plan[index], delay: delays[index])
                    stops.withLock { $0[index] = stop }
                } catch {
                    failure.withLock { $0 = "run \(index): \(error)" }
                }
            }
        }
        if let failure = failure.withLock({ $0 }) { Issue.record(Comment(rawValue: failure)) }
        let all = stops.withLock { $0.values.sorted { $0.delay < $1.delay } }
        #expect(all.count == plan.count)
        let inTime = all.filter { $0.took != nil }
        let clean = all.filter { $0.took != nil && $0.status == 130 && $0.problems.isEmpty }
        let slowest = inTime.compactMap(\.took).max() ?? 0
        let terms = all.filter { $0.signal == SIGTERM }.count
        print(
            "signal stress (seed \(random.seed)): \(terms) SIGTERM + \(all.count - terms) SIGINT sent 0.2–2.5 s after start: "
                + "\(inTime.count) stopped within \(Self.stopLimit) s (slowest \(String(format: "%.2f", slowest)) s), "
                + "\(clean.count) with exit 130, the store clean and the socket gone")
        for stop in all where stop.took == nil || stop.status != 130 || !stop.problems.isEmpty {
            Issue.record(
                """
                \(stop.signal == SIGTERM ? "SIGTERM" : "SIGINT") at \(String(format: "%.2f", stop.delay)) s: \
                \(stop.took.map { "stopped after \(String(format: "%.2f", $0)) s" } ?? "still running after \(Self.stopLimit) s"), \
                status \(stop.status); \(stop.problems.joined(separator: "; "))\n\(stop.stuckStatus)
                """)
        }
        #expect(clean.count == plan.count)
    }

    /// Starts `run` on a home with one slow download, sends `signal` after `delay` seconds, waits for the end.
    static func interruptRun(folder: String, origin: OriginFixture, signal: Int32, delay: Double) throws -> Stop {
        let binary = try OffstageBinary(home: folder)
        let added = try binary.run(["add", origin.url("/gen/64m?rate=2000000")])
        guard added.status == 0 else { throw Refused(text: "add: \(added.stderr)") }
        let run = try binary.launch(["run", "--quiet"])
        Wait.moment(delay) { !run.isRunning }  // the random moment is the point of this test
        let sent = ContinuousClock.now
        kill(run.processIdentifier, signal)
        Wait.ended(run, timeout: stopLimit)
        var stop = Stop(signal: signal, delay: delay, took: nil, status: 0, problems: [], stuckStatus: "")
        if run.isRunning {
            stop.stuckStatus = Self.signalStatus(of: run.processIdentifier)
            kill(run.processIdentifier, SIGKILL)
        } else {
            let elapsed = sent.duration(to: .now).components
            stop.took = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        }
        run.waitUntilExit()
        stop.status =
            run.terminationReason == .uncaughtSignal ? 128 + run.terminationStatus : run.terminationStatus
        stop.problems = Self.problems(home: folder)
        try? FileManager.default.removeItem(atPath: folder)
        return stop
    }

    /// What is wrong with a home after a clean stop should have left it: a leftover socket or lock, a damaged store,
    /// a task not back in the queue.
    static func problems(home: String) -> [String] {
        var problems: [String] = []
        if FileManager.default.fileExists(atPath: home + "/engine.sock") { problems.append("engine.sock left behind") }
        if let owner = InstanceLock.owner(home: OffstageHome(path: home)) {
            problems.append("still locked by \(owner)")
        }
        do {
            let store = try Store.open(home: OffstageHome(path: home), readOnly: true)
            defer { store.close() }
            let check = try store.integrityCheck()
            if check != "ok" { problems.append("integrity: \(check)") }
            let state = try store.task(id: 1)?.state
            if state != .queued { problems.append("task 1 is \(state.map { "\($0)" } ?? "missing"), not queued") }
        } catch {
            problems.append("store: \(error)")
        }
        return problems
    }

    /// The signal lines of `/proc/PID/status` and every thread's mask.
    static func signalStatus(of pid: Int32) -> String {
        var lines: [String] = []
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        lines += status.split(separator: "\n").filter { $0.hasPrefix("Sig") }.map(String.init)
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)) ?? ""
            let name = text.split(separator: "\n").first { $0.hasPrefix("Name:") } ?? ""
            let mask = text.split(separator: "\n").first { $0.hasPrefix("SigBlk:") } ?? ""
            lines.append("thread \(task) \(name) \(mask)")
        }
        return lines.joined(separator: "\n")
    }

    @Test func everyThreadOfARunningEngineBlocksTheStopSignalsAndNoneIgnoresThem() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-signal-masks")
        let binary = try OffstageBinary(home: folder.base + "/home")
        #expect(try binary.run(["add", origin.url("/gen/64m?rate=2000000")]).status == 0)
        let run = try binary.startEngine(["run", "--quiet"])
        try HangupTests.awaitReceiving(binary, run)  // the engine's threads, curl's included, are all there now
        let pid = run.processIdentifier
        let stopping: UInt64 = 1 << (UInt64(SIGINT) - 1) | 1 << (UInt64(SIGTERM) - 1) | 1 << (UInt64(SIGHUP) - 1)
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        #expect(Self.mask("SigIgn", in: status) & stopping == 0, "none of them ignored")
        #expect(Self.mask("SigCgt", in: status) & stopping == stopping, "each has the forwarding handler")
        var threads = 0
        var receivers = 0
        for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") {
            let text = try String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8)
            threads += 1
            // The receiving thread shows them unblocked while it waits in sigwaitinfo; every other one blocks them.
            if text.contains("Name:\toffstage.signal") {
                receivers += 1
                continue
            }
            #expect(Self.mask("SigBlk", in: text) & stopping == stopping, "thread \(task): \(text.prefix(40))")
        }
        #expect(receivers == 1)
        #expect(threads >= 3)
        kill(pid, SIGTERM)
        run.waitUntilExit()
        #expect(run.terminationReason == .exit && run.terminationStatus == 130)
    }

    /// The hexadecimal mask on the `name:` line of a `/proc` status text.
    static func mask(_ name: String, in status: String) -> UInt64 {
        let line = status.split(separator: "\n").first { $0.hasPrefix(name + ":") } ?? ""
        let hex = line.split(separator: "\t").last.map(String.init) ?? ""
        return UInt64(hex.trimmingCharacters(in: .whitespaces), radix: 16) ?? 0
    }

    @Test(arguments: ["hosting", "attached"])
    func closingTheTerminalUnderADashboardIsAHangupNotACrash(mode: String) throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-terminal-closed")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        #expect(try binary.run(["add", origin.url("/gen/64m?rate=2000000")]).status == 0)
        let engine = mode == "attached" ? try binary.startEngine(["run", "--quiet"]) : nil
        defer { if let engine, engine.isRunning { kill(engine.processIdentifier, SIGKILL) } }
        var environment = ProcessInfo.processInfo.environment
        environment["OFFSTAGE_HOME"] = home
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        let session = try TerminalSession(path: binary.path, arguments: [], environment: environment)
        #expect(session.read(seconds: 20) { TerminalSession.contains($0, "Transfers") }, "the dashboard drew")
        if engine == nil {
            let started = ContinuousClock.now
            while !(try binary.run(["events"]).stdout.contains("receiving")),
                started.duration(to: .now) < .seconds(20)
            {
                session.read(seconds: 0.1) { _ in false }
            }
        }
        session.closeMaster()  // the window goes away: SIGHUP, then EIO on every read and write
        let ending = session.waitFor(seconds: 20)
        #expect(ending == .exited(130), "\(ending.map { "\($0)" } ?? "still running")")
        if let engine {
            // The attached dashboard went away alone: the engine runs on, then stops cleanly itself.
            #expect(engine.isRunning)
            kill(engine.processIdentifier, SIGTERM)
            engine.waitUntilExit()
            #expect(engine.terminationReason == .exit && engine.terminationStatus == 130)
        }
        #expect(Self.problems(home: home) == [])
    }
}

extension SignalStressTests {
    @Test(arguments: [["demo", "--headless"], ["demo"], ["demo", "--scenario", "relaunch"]])
    func theDemoStopsCleanlyOnASignalMidDownload(arguments: [String]) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-demo-signal")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        let demo = try binary.launch(arguments)  // not a terminal: the headless story, or plain dashboard lines
        try Wait.until { try !demo.isRunning || binary.run(["events"]).stdout.contains("receiving") }
        #expect(demo.isRunning, "the demo was still downloading")
        kill(demo.processIdentifier, SIGTERM)
        demo.waitUntilExit()
        #expect(demo.terminationReason == .exit && demo.terminationStatus == 130)
        #expect(!FileManager.default.fileExists(atPath: home + "/engine.sock"))
        #expect(InstanceLock.owner(home: OffstageHome(path: home)) == nil)
        let store = try Store.open(home: OffstageHome(path: home), readOnly: true)
        defer { store.close() }
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.loadTasks().allSatisfy { $0.state != .running })
    }
}

/// A command the test needed was refused.
struct Refused: Error {
    let text: String
}
