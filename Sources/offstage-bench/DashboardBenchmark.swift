import Foundation
import Glibc

/// `offstage-bench dashboard`: what the dashboard costs on top of the engine while transfers run.
///
/// One `offstage origin` on 127.0.0.1 serves every download. For each contender run: a fresh home, ten
/// `offstage add` of a 64 MiB generated file throttled to 2 MB/s (about 33 s each, so none is done when the window
/// closes), then the contender (`offstage run`, or the dashboard on a 120×40 pseudo-terminal) is started and its
/// CPU is read `seconds` after its start; then SIGTERM. Runs alternate run, dashboard, run, dashboard… for `pairs`
/// pairs; the report gives medians and the median of the per-pair ratios. Target: dashboard at most 1.1× run.
enum DashboardBenchmark {
    /// The target: the dashboard's CPU at most this multiple of `run`'s.
    static let targetRatio = 1.1
    /// Downloads per home.
    static let files = 10
    /// The throttle of each download, bytes per second.
    static let rate = 2_000_000

    /// Runs the pairs and prints the figures.
    static func run(offstage: String, seconds: Double, pairs: Int) throws {
        print(
            "offstage-bench dashboard: \(files) downloads of 64 MiB at \(rate) B/s each from offstage origin on "
                + "127.0.0.1; CPU over the first \(Fixed.text(seconds, 0)) s of each contender, \(pairs) alternating pairs"
        )
        let root = try makeScratchDirectory("offstage-bench-dashboard")
        defer { removeScratchDirectory(root) }
        let origin = try OriginProcess.start(offstage: offstage, directory: root)
        // On an interruption Cleanup stops it with the other long-running children.
        defer { origin.stop() }
        print("origin: \(origin.baseURL)")

        var windows: [Contender: [CPUWindow]] = [:]
        var runNumber = 0
        for pair in 1...pairs {
            for contender in Contender.allCases {
                runNumber += 1
                let home = root + "/home-\(runNumber)"
                try prepareHome(home, offstage: offstage, origin: origin.baseURL, log: root + "/add.stderr")
                let window = try measure(contender, offstage: offstage, home: home, seconds: seconds, log: root)
                windows[contender, default: []].append(window)
                try? FileManager.default.removeItem(atPath: home)
                print(
                    "pair \(pair)/\(pairs) \(contender.rawValue): \(Fixed.text(window.cpuClock, 3)) CPU s "
                        + "(ticks \(Fixed.text(window.cpuTicks, 2))) in \(Fixed.text(window.seconds, 2)) s = "
                        + "\(Fixed.text(window.percent, 2)) % of a core"
                        + (window.terminalBytes.map { ", \($0) bytes to the terminal" } ?? "")
                        + (contender == .dashboard
                            ? window.mainThread.map { ", its own thread \(Fixed.text($0, 3)) CPU s" } ?? "" : ""))
            }
        }

        let runCPU = (windows[.run] ?? []).map(\.cpuClock)
        let dashboardCPU = (windows[.dashboard] ?? []).map(\.cpuClock)
        let runPercent = Measurement.median((windows[.run] ?? []).map(\.percent))
        let dashboardPercent = Measurement.median((windows[.dashboard] ?? []).map(\.percent))
        let ratio = Measurement.pairedRatio(dashboardCPU, over: runCPU)
        print("")
        print("medians over \(pairs) \(pairs == 1 ? "pair" : "pairs"):")
        print(
            "  run        \(Fixed.text(Measurement.median(runCPU), 3)) CPU s, \(Fixed.text(runPercent, 2)) % of a core")
        print(
            "  dashboard  \(Fixed.text(Measurement.median(dashboardCPU), 3)) CPU s, \(Fixed.text(dashboardPercent, 2)) % of a core"
        )
        let ownThread = (windows[.dashboard] ?? []).compactMap(\.mainThread)
        if !ownThread.isEmpty, Measurement.median(runCPU) > 0 {
            let own = Measurement.median(ownThread)
            print(
                "  the dashboard's own thread (frames, keys, snapshots received) \(Fixed.text(own, 3)) CPU s, "
                    + "\(Fixed.text(100 * own / Measurement.median(runCPU), 1)) % of run's median")
        }
        let ofMedians =
            Measurement.median(runCPU) > 0 ? Measurement.median(dashboardCPU) / Measurement.median(runCPU) : 0
        print("  ratio of the medians \(Fixed.text(ofMedians, 3))x")
        print(
            "target: dashboard <= \(Fixed.text(targetRatio, 1))x run; measured \(Fixed.text(ratio, 3))x "
                + "(median of per-pair ratios)   \(ratio <= targetRatio ? "met" : "NOT MET")")
    }

    /// A fresh home with the ten downloads waiting in its inbox (no engine runs yet).
    private static func prepareHome(_ home: String, offstage: String, origin: String, log: String) throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        for index in 1...files {
            let url = "\(origin)/gen/64m?seed=\(index)&rate=\(rate)"
            let usage = try ChildProcess.run(
                [offstage, "--home", home, "add", url, "--name", "f\(index).bin"], stderrPath: log)
            guard usage.exitCode == 0 else {
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                throw BenchError(
                    "offstage add exited with \(usage.exitCode): \(text.split(separator: "\n").last.map(String.init) ?? "no message")"
                )
            }
        }
    }

    /// Starts the contender, reads its CPU `seconds` after its start, stops it, and checks that the downloads ran
    /// and were all still under way.
    private static func measure(_ contender: Contender, offstage: String, home: String, seconds: Double, log: String)
        throws -> CPUWindow
    {
        let started = try StartedContender.start(
            contender, offstage: offstage, home: home, errorLog: log + "/\(contender.rawValue).stderr")
        var stopped = false
        defer { if !stopped { _ = started.child.stop(signal: SIGTERM, timeout: 5) } }
        // The window opens at the fork: a new process's CPU clock starts at zero.
        let zero = CPUSample(clockSeconds: 0, ticks: 0)
        let bytesBefore = started.terminal?.bytesDrained
        sleepUntil(started.child.startedAt + seconds)
        let last = try started.child.cpu()
        let mainThread = started.child.mainThreadCPU()
        let closed = ChildProcess.monotonicSeconds()
        let spent = last.since(zero)
        let end = started.stop()
        stopped = true
        let window = CPUWindow(
            seconds: closed - started.child.startedAt, cpuClock: spent.clock, cpuTicks: spent.ticks,
            terminalBytes: started.terminal.map { $0.bytesDrained - (bytesBefore ?? 0) }, mainThread: mainThread)
        let progress = try downloads(home: home, offstage: offstage, log: log + "/ls.stderr")
        print(
            "  \(contender.rawValue): pid \(started.child.pid), \(end.ending); "
                + "\(progress.underWay) of \(files) downloads still under way, \(progress.completed) completed, "
                + "\(Fixed.text(Double(progress.bytes) / 1_048_576, 1)) MiB checkpointed")
        guard progress.bytes > 0 else { throw BenchError("\(contender.rawValue): no bytes were downloaded") }
        return window
    }

    /// The home's downloads by `offstage ls --json`: how many are under way or completed, and the bytes written.
    private static func downloads(home: String, offstage: String, log: String) throws
        -> (underWay: Int, completed: Int, bytes: Int64)
    {
        let listing = home + "/ls.json"
        let usage = try ChildProcess.run(
            [offstage, "--home", home, "ls", "--json"], stderrPath: log, stdoutPath: listing)
        guard usage.exitCode == 0, let data = FileManager.default.contents(atPath: listing),
            let tasks = try JSONSerialization.jsonObject(with: data) as? [[String: Any]]
        else { throw BenchError("offstage ls --json failed in \(home)") }
        var underWay = 0
        var completed = 0
        var bytes: Int64 = 0
        for task in tasks {
            let state = task["state"] as? String ?? ""
            if ["queued", "running", "retrying", "finishing"].contains(state) { underWay += 1 }
            if state == "completed" { completed += 1 }
            bytes += (task["bytesWritten"] as? NSNumber)?.int64Value ?? 0
        }
        return (underWay, completed, bytes)
    }
}
