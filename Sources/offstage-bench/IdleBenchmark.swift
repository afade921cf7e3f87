import Foundation
import Glibc

/// `offstage-bench idle`: the CPU an idle engine costs, without and with the dashboard.
///
/// Each contender gets a fresh home with no tasks. It is started, left 2 s to start up, and then its CPU time is
/// read at the start and the end of a `seconds`-long window on the monotonic clock (the process CPU clock, and
/// utime+stime ticks of `/proc/PID/stat` as a cross-check); the difference over the window's length is its share of
/// one core. Then it gets SIGTERM and must exit within 10 s. Target: at most 0.5 % of a core for each.
enum IdleBenchmark {
    /// The target, in percent of one core.
    static let targetPercent = 0.5
    /// Seconds left to the child to start up before the window opens.
    static let startUp = 2.0

    /// Measures `offstage run` and then the dashboard, and prints them side by side.
    static func run(offstage: String, seconds: Double) throws {
        print(
            "offstage-bench idle: \(offstage), fresh home, no tasks; \(Fixed.text(startUp, 0)) s start-up, then a "
                + "\(Fixed.text(seconds, 0)) s window")
        let root = try makeScratchDirectory("offstage-bench-idle")
        defer { removeScratchDirectory(root) }
        var windows: [(Contender, CPUWindow)] = []
        for contender in Contender.allCases {
            let home = root + "/home-\(contender.rawValue)"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            let window = try measure(contender, offstage: offstage, home: home, seconds: seconds, log: root)
            windows.append((contender, window))
        }
        print("")
        print("          CPU s (clock)  CPU s (ticks)  window s  % of a core  terminal bytes   target <= 0.5 %")
        for (contender, window) in windows {
            print(
                contender.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)
                    + pad(Fixed.text(window.cpuClock, 3), 13) + pad(Fixed.text(window.cpuTicks, 2), 15)
                    + pad(Fixed.text(window.seconds, 2), 10) + pad(Fixed.text(window.percent, 3), 13)
                    + pad(window.terminalBytes.map(String.init) ?? "-", 16) + "   "
                    + (window.percent <= targetPercent ? "met" : "NOT MET"))
        }
    }

    /// Starts one contender, waits out the start-up, measures the window, stops it and says how it ended.
    private static func measure(_ contender: Contender, offstage: String, home: String, seconds: Double, log: String)
        throws -> CPUWindow
    {
        let started = try StartedContender.start(
            contender, offstage: offstage, home: home, errorLog: log + "/\(contender.rawValue).stderr")
        var stopped = false
        defer { if !stopped { _ = started.child.stop(signal: SIGTERM, timeout: 5) } }
        sleepUntil(started.child.startedAt + startUp)
        guard !started.child.hasExited else {
            throw BenchError("\(started.child.name) exited during start-up: \(started.lastErrorLine)")
        }
        let window = try CPUWindow.measure(started, seconds: seconds)
        let end = started.stop()
        stopped = true
        print(
            "\(contender.rawValue): \(contender.commandLine): pid \(started.child.pid), "
                + "\(Fixed.text(window.cpuClock, 3)) CPU s in \(Fixed.text(window.seconds, 2)) s; "
                + "\(end.ending); \(Fixed.text(end.lifetimeCPU, 3)) CPU s over its whole life")
        return window
    }

    /// `text` right-aligned in `width` columns.
    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}

/// A child's CPU over one window of wall time.
struct CPUWindow: Sendable {
    /// The window's length on the monotonic clock.
    var seconds: Double
    /// CPU seconds in the window by the process CPU clock.
    var cpuClock: Double
    /// CPU seconds in the window by `/proc/PID/stat` ticks (10 ms resolution).
    var cpuTicks: Double
    /// Bytes the child wrote to its terminal in the window (nil without one).
    var terminalBytes: Int?
    /// CPU seconds of the child's main thread from its start to the window's end (the dashboard's own thread;
    /// `run`'s engine loop), when measured.
    var mainThread: Double? = nil

    /// `cpuClock` as a percentage of one core over the window.
    var percent: Double { seconds > 0 ? 100 * cpuClock / seconds : 0 }

    /// Reads the child's CPU now and again `seconds` later.
    static func measure(_ started: StartedContender, seconds: Double) throws -> CPUWindow {
        let first = try started.child.cpu()
        let opened = ChildProcess.monotonicSeconds()
        let bytesBefore = started.terminal?.bytesDrained
        sleepUntil(opened + seconds)
        let last = try started.child.cpu()
        let closed = ChildProcess.monotonicSeconds()
        let spent = last.since(first)
        let bytes = started.terminal.map { $0.bytesDrained - (bytesBefore ?? 0) }
        return CPUWindow(seconds: closed - opened, cpuClock: spent.clock, cpuTicks: spent.ticks, terminalBytes: bytes)
    }
}
