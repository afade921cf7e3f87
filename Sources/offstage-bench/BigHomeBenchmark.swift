import Foundation
import Glibc

/// `offstage-bench big-home`: what a home of many tasks costs: `ls`, `run --until-idle` on finished tasks, and the
/// start-up, idle CPU and memory of `run` and of the hosted dashboard, then of an engine with a dashboard attached.
///
/// Two homes are written straight into their stores: `tasks` queued tasks waiting about ten years for their begin
/// date (the last two discretionary, waiting for Wi-Fi and power), and `tasks` completed ones. Each contender runs
/// on its own copy-free home in turn; the figures are printed beside the goals of issue 18.
enum BigHomeBenchmark {
    /// The goals: seconds, percent of a core, MiB.
    enum Goal {
        static let ls = 1.0
        static let runUntilIdle = 1.5
        static let ready = 1.0
        static let idlePercent = 0.5
        static let runMiB = 140.0
        static let dashboardMiB = 200.0
    }

    /// One row of the report.
    struct Row {
        var what: String
        var figure: String
        var goal: String
        var met: Bool?

        /// The row of a start-up time (`ready`: seconds to the first true output, nil when never seen) against
        /// `Goal.ready`.
        static func ready(_ what: String, _ ready: Double?) -> Row {
            Row(
                what: what, figure: ready.map { Fixed.text($0, 3) + " s" } ?? "-",
                goal: "<= \(Fixed.text(Goal.ready, 1)) s", met: ready.map { $0 <= Goal.ready })
        }
    }

    /// Runs every part and prints the table.
    static func run(offstage: String, tasks: Int, seconds: Double, rounds: Int) throws {
        print(
            "offstage-bench big-home: \(offstage); \(tasks) tasks; idle windows of \(Fixed.text(seconds, 0)) s; "
                + "\(rounds) \(rounds == 1 ? "round" : "rounds") of ls and run --until-idle")
        let root = try makeScratchDirectory("offstage-bench-big-home")
        defer { removeScratchDirectory(root) }
        let waiting = root + "/waiting"
        let finished = root + "/finished"
        let made = try BigHomeFixture.make(at: waiting, count: tasks, kind: .waiting)
        let madeFinished = try BigHomeFixture.make(at: finished, count: tasks, kind: .finished)
        print(
            "homes written: \(tasks) waiting in \(Fixed.text(made, 2)) s, \(tasks) finished in "
                + "\(Fixed.text(madeFinished, 2)) s")
        var rows: [Row] = []

        let ls = try timed(
            rounds: rounds, [offstage, "--home", waiting, "ls"], log: root + "/ls.stderr")
        rows.append(
            Row(
                what: "ls of \(tasks) queued tasks (wall, median)", figure: "\(Fixed.text(ls.wall, 3)) s",
                goal: "<= \(Fixed.text(Goal.ls, 1)) s", met: ls.wall <= Goal.ls))
        print(
            "ls: \(ls.walls.map { Fixed.text($0, 3) }.joined(separator: ", ")) s; peak \(mib(ls.peak)) MiB"
        )

        let untilIdle = try timed(
            rounds: rounds, [offstage, "--home", finished, "run", "--until-idle", "--quiet"],
            log: root + "/until-idle.stderr")
        rows.append(
            Row(
                what: "run --until-idle on \(tasks) finished (wall, median)",
                figure: "\(Fixed.text(untilIdle.wall, 3)) s",
                goal: "<= \(Fixed.text(Goal.runUntilIdle, 1)) s",
                met: untilIdle.wall <= Goal.runUntilIdle))
        print(
            "run --until-idle: \(untilIdle.walls.map { Fixed.text($0, 3) }.joined(separator: ", ")) s; "
                + "peak \(mib(untilIdle.peak)) MiB")

        rows += try idleRun(
            offstage: offstage, home: waiting, tasks: tasks, seconds: seconds, log: root)
        rows += try idleDashboard(
            offstage: offstage, home: waiting, tasks: tasks, seconds: seconds, log: root)
        rows += try attached(
            offstage: offstage, home: waiting, tasks: tasks, seconds: seconds, log: root)

        print("")
        let width = rows.map(\.what.count).max() ?? 0
        let figureWidth = max(14, rows.map(\.figure.count).max() ?? 0)
        for row in rows {
            let verdict = row.met.map { $0 ? "met" : "NOT MET" } ?? ""
            print(
                row.what.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + row.figure.padding(toLength: figureWidth, withPad: " ", startingAt: 0) + "  "
                    + row.goal.padding(toLength: 12, withPad: " ", startingAt: 0) + "  " + verdict)
        }
    }

    /// Runs a command `rounds` times (after one warm-up run) and gives the median wall time and the highest peak.
    private static func timed(rounds: Int, _ argv: [String], log: String) throws
        -> (wall: Double, walls: [Double], peak: Int64)
    {
        var walls: [Double] = []
        var peak: Int64 = 0
        for round in 0...rounds {
            let usage = try ChildProcess.run(argv, stderrPath: log)
            guard usage.exitCode == 0 else {
                throw BenchError("\(argv.dropFirst().joined(separator: " ")) exited with \(usage.exitCode)")
            }
            if round > 0 {
                walls.append(usage.wall)
                peak = max(peak, usage.peakBytes)
            }
        }
        return (Measurement.median(walls), walls, peak)
    }

    /// Starts `offstage run` on `home`: its output watched for the start-up summary ("tasks waiting"), its errors
    /// written to `errorsPath`.
    private static func startRun(offstage: String, home: String, errorsPath: String) throws
        -> (RunningChild, MarkerWatch)
    {
        let (watch, writeEnd) = try MarkerWatch.pipe()
        watch.look(for: "tasks waiting")
        defer { close(writeEnd) }
        let child = try RunningChild.start(
            name: "offstage run", [offstage, "--home", home, "run"], errorLog: errorsPath, output: writeEnd)
        return (child, watch)
    }

    /// `offstage run` on the waiting home: until its start-up summary, then its idle CPU and memory.
    private static func idleRun(
        offstage: String, home: String, tasks: Int, seconds: Double, log: String
    ) throws
        -> [Row]
    {
        let (child, watch) = try startRun(offstage: offstage, home: home, errorsPath: log + "/run.stderr")
        defer { _ = child.stop(signal: SIGTERM, timeout: 10) }
        let ready = watch.wait(timeout: 60).map { $0 - child.startedAt }
        let window = try idleWindow(child, after: (ready ?? 10) + child.startedAt, seconds: seconds)
        print(
            "run: ready \(ready.map { Fixed.text($0, 3) + " s" } ?? "not seen (no start-up summary)"); "
                + "\(Fixed.text(window.cpu, 3)) CPU s in \(Fixed.text(window.seconds, 2)) s; "
                + "resident \(mib(window.resident)) MiB, peak \(mib(window.peak)) MiB")
        return [
            .ready("run: start-up summary after (wall)", ready),
            Row(
                what: "run idle with \(tasks) waiting: CPU", figure: "\(Fixed.text(window.percent, 3)) %",
                goal: "<= \(Fixed.text(Goal.idlePercent, 1)) %", met: window.percent <= Goal.idlePercent),
            Row(
                what: "run idle with \(tasks) waiting: resident", figure: "\(mib(window.resident)) MiB",
                goal: "<= \(Fixed.text(Goal.runMiB, 0)) MiB",
                met: Double(window.resident) / 1_048_576 <= Goal.runMiB),
        ]
    }

    /// The hosted dashboard on the waiting home: until its first true frame, then its idle CPU and memory.
    private static func idleDashboard(
        offstage: String, home: String, tasks: Int, seconds: Double, log: String
    )
        throws -> [Row]
    {
        let started = try StartedContender.start(
            .dashboard, offstage: offstage, home: home, errorLog: log + "/dashboard.stderr",
            marker: trueFrameMarker)
        defer { _ = started.stop() }
        let ready = started.terminal?.watch.wait(timeout: 60).map { $0 - started.child.startedAt }
        let window = try idleWindow(
            started.child, after: (ready ?? 10) + started.child.startedAt, seconds: seconds)
        print(
            "dashboard: first true frame \(ready.map { Fixed.text($0, 3) + " s" } ?? "not seen"); "
                + "\(Fixed.text(window.cpu, 3)) CPU s in \(Fixed.text(window.seconds, 2)) s; "
                + "resident \(mib(window.resident)) MiB, peak \(mib(window.peak)) MiB")
        return [
            .ready("dashboard: first true frame after (wall)", ready),
            Row(
                what: "dashboard idle with \(tasks) waiting: CPU",
                figure: "\(Fixed.text(window.percent, 3)) %",
                goal: "<= \(Fixed.text(Goal.idlePercent, 1)) %", met: window.percent <= Goal.idlePercent),
            Row(
                what: "dashboard idle with \(tasks) waiting: resident",
                figure: "\(mib(window.resident)) MiB",
                goal: "<= \(Fixed.text(Goal.dashboardMiB, 0)) MiB",
                met: Double(window.resident) / 1_048_576 <= Goal.dashboardMiB),
        ]
    }

    /// `offstage run` with a dashboard attached (a second process on a pty): both processes' CPU and memory over the
    /// idle window, and the bytes a client subscribed to a dashboard's window is sent (`FrameCounter`): its first
    /// update, then every update over the idle window.
    private static func attached(
        offstage: String, home: String, tasks: Int, seconds: Double, log: String
    ) throws
        -> [Row]
    {
        let (engine, watch) = try startRun(offstage: offstage, home: home, errorsPath: log + "/engine.stderr")
        defer { _ = engine.stop(signal: SIGTERM, timeout: 10) }
        guard watch.wait(timeout: 60) != nil else {
            throw BenchError("the engine did not start in 60 s")
        }
        sleepUntil(ChildProcess.monotonicSeconds() + 1)
        let started = try StartedContender.start(
            .dashboard, offstage: offstage, home: home, errorLog: log + "/attached.stderr",
            marker: trueFrameMarker)
        defer { _ = started.stop() }
        let ready = started.terminal?.watch.wait(timeout: 60).map { $0 - started.child.startedAt }
        let counter = try FrameCounter(home: home, rows: 30)
        let first = counter.count(for: 2)
        let engineStart = try engine.cpu()
        let dashboardStart = try started.child.cpu()
        let opened = ChildProcess.monotonicSeconds()
        let idle = counter.count(for: seconds)
        let engineEnd = try engine.cpu()
        let dashboardEnd = try started.child.cpu()
        let window = ChildProcess.monotonicSeconds() - opened
        let enginePercent = 100 * engineEnd.since(engineStart).clock / window
        let dashboardPercent = 100 * dashboardEnd.since(dashboardStart).clock / window
        let engineMemory = memory(engine.pid)
        let dashboardMemory = memory(started.child.pid)
        // `ls` while the engine runs: it asks the engine only for the rows it may show otherwise than the store.
        let liveLs = try timed(rounds: 3, [offstage, "--home", home, "ls"], log: log + "/ls-live.stderr")
        let engineAfterLs = memory(engine.pid)
        print(
            "ls with the engine running: \(liveLs.walls.map { Fixed.text($0, 3) }.joined(separator: ", ")) s; "
                + "engine resident \(mib(engineAfterLs.resident)) MiB after them")
        print(
            "attached: first true frame \(ready.map { Fixed.text($0, 3) + " s" } ?? "not seen"); a client of a window "
                + "was sent \(first.bytes) bytes in \(frames(first.frames)) at first, then \(idle.bytes) bytes in "
                + "\(frames(idle.frames)) in \(Fixed.text(window, 2)) s; engine "
                + "\(Fixed.text(enginePercent, 3)) %, \(mib(engineMemory.resident)) MiB; dashboard "
                + "\(Fixed.text(dashboardPercent, 3)) %, \(mib(dashboardMemory.resident)) MiB")
        return [
            .ready("attached: first true frame after (wall)", ready),
            Row(
                what: "attached: a window's first update", figure: "\(first.bytes) B", goal: "", met: nil),
            Row(
                what: "attached: a window's updates while idle",
                figure: "\(idle.bytes) B in \(frames(idle.frames))", goal: "", met: nil),
            Row(
                what: "ls with the engine running (wall, median)", figure: "\(Fixed.text(liveLs.wall, 3)) s",
                goal: "<= \(Fixed.text(Goal.ls, 1)) s", met: liveLs.wall <= Goal.ls),
            Row(
                what: "attached idle: engine CPU, resident",
                figure: "\(Fixed.text(enginePercent, 2)) %, \(mib(engineMemory.resident)) MiB", goal: "",
                met: nil),
            Row(
                what: "attached idle: dashboard CPU, resident",
                figure: "\(Fixed.text(dashboardPercent, 2)) %, \(mib(dashboardMemory.resident)) MiB",
                goal: "",
                met: nil),
        ]
    }

    /// Text the dashboard draws only once it shows the home's tasks (the header's totals), never while it loads.
    static let trueFrameMarker = "waiting"

    /// A child's CPU over `seconds` from `after`, with its memory at the end.
    private static func idleWindow(_ child: RunningChild, after: Double, seconds: Double) throws
        -> (seconds: Double, cpu: Double, percent: Double, resident: Int64, peak: Int64)
    {
        sleepUntil(max(after + 2, ChildProcess.monotonicSeconds()))
        guard !child.hasExited else { throw BenchError("\(child.name) exited") }
        let first = try child.cpu()
        let opened = ChildProcess.monotonicSeconds()
        sleepUntil(opened + seconds)
        let last = try child.cpu()
        let window = ChildProcess.monotonicSeconds() - opened
        let cpu = last.since(first).clock
        let memory = memory(child.pid)
        return (window, cpu, 100 * cpu / window, memory.resident, memory.peak)
    }

    /// `VmRSS` and `VmHWM` of a process, bytes.
    static func memory(_ pid: pid_t) -> (resident: Int64, peak: Int64) {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int64 {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else {
                return 0
            }
            let digits = line.split(separator: " ").compactMap { Int64($0) }.first ?? 0
            return digits * 1024
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    /// Bytes in MiB, one decimal.
    static func mib(_ bytes: Int64) -> String { Fixed.text(Double(bytes) / 1_048_576, 1) }

    /// `1 frame`, `3 frames`.
    private static func frames(_ count: Int) -> String { "\(count) \(count == 1 ? "frame" : "frames")" }
}
