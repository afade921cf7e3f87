import Foundation
import Glibc

/// One of the two ways to run a home's engine whose CPU the bench compares: `offstage run` (the engine printing its
/// event log, here to /dev/null) and `offstage` with no command (the dashboard, which hosts the same engine) on a
/// 120×40 pseudo-terminal.
enum Contender: String, CaseIterable, Sendable {
    /// `offstage --home H run`, standard output to /dev/null.
    case run
    /// `offstage` with `OFFSTAGE_HOME=H`, on a pseudo-terminal, its output drained.
    case dashboard

    /// The command line shown in reports.
    var commandLine: String {
        switch self {
        case .run: "offstage --home H run > /dev/null"
        case .dashboard: "OFFSTAGE_HOME=H TERM=xterm-256color LANG=C.UTF-8 offstage  (on a 120x40 pty)"
        }
    }
}

/// A started contender: the child, and its terminal when it has one.
final class StartedContender {
    /// The child process.
    let child: RunningChild
    /// The pseudo-terminal of the dashboard (nil for `run`).
    let terminal: PseudoTerminal?
    /// Where its standard error goes.
    let errorLog: String

    /// A started contender.
    private init(child: RunningChild, terminal: PseudoTerminal?, errorLog: String) {
        self.child = child
        self.terminal = terminal
        self.errorLog = errorLog
    }

    /// Starts `contender` of `offstage` on `home`; its standard error (the run's) goes to `errorLog`. With `marker`,
    /// the dashboard's terminal notes when that text is first drawn.
    static func start(
        _ contender: Contender, offstage: String, home: String, errorLog: String, marker: String? = nil
    ) throws -> StartedContender {
        switch contender {
        case .run:
            let child = try RunningChild.start(
                name: "offstage run", [offstage, "--home", home, "run"], errorLog: errorLog)
            return StartedContender(child: child, terminal: nil, errorLog: errorLog)
        case .dashboard:
            let terminal = try PseudoTerminal(columns: 120, rows: 40)
            var environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "OFFSTAGE_HOME=\(home)"]
            if let path = ProcessInfo.processInfo.environment["PATH"] { environment.append("PATH=\(path)") }
            let child: RunningChild
            do {
                child = try RunningChild.start(
                    name: "offstage (dashboard)", [offstage], environment: environment, input: terminal.slave,
                    output: terminal.slave, errors: terminal.slave, controllingTerminal: true)
            } catch {
                terminal.closeSlave()
                close(terminal.master)
                throw error
            }
            terminal.closeSlave()
            if let marker { terminal.watch.look(for: marker) }
            terminal.startDraining()
            return StartedContender(child: child, terminal: terminal, errorLog: errorLog)
        }
    }

    /// SIGTERM, then waits for the end (SIGKILL after 10 s); how it ended, in words, and its whole-life CPU.
    func stop() -> (ending: String, lifetimeCPU: Double) {
        let result = child.stop(signal: SIGTERM, timeout: 10)
        let ending =
            result.killed
            ? "SIGTERM: still running 10 s later, SIGKILL" : "SIGTERM -> exit \(result.exitCode)"
        return (ending, result.lifetimeCPU)
    }

    /// The last line of its standard error (for a failure message).
    var lastErrorLine: String {
        let text = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").last.map(String.init) ?? "no message on stderr"
    }
}

/// Sleeps until `deadline` on the monotonic clock.
func sleepUntil(_ deadline: Double) {
    while true {
        let left = deadline - ChildProcess.monotonicSeconds()
        guard left > 0 else { return }
        usleep(UInt32(min(left, 1) * 1_000_000))
    }
}

/// A fresh private directory under the system's temporary directory, registered for removal on interruption.
func makeScratchDirectory(_ prefix: String) throws -> String {
    var template = Array(
        (NSTemporaryDirectory() + "/\(prefix)-XXXXXX").replacingOccurrences(of: "//", with: "/").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
        guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
        return String(cString: base)
    }
    guard let path = made else { throw BenchError("mkdtemp: \(String(cString: strerror(errno)))") }
    Cleanup.shared.addScratch(path)
    return path
}

/// Removes a scratch directory made by `makeScratchDirectory`.
func removeScratchDirectory(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
    Cleanup.shared.removeScratch(path)
}
