import Foundation
import Glibc

/// A long-running child (an engine, a dashboard, the origin) whose CPU time the bench samples while it runs.
///
/// Started with `fork` + `execve` like `ChildProcess` (same reasons), with given descriptors as its standard
/// input, output and error, and optionally a new session whose controlling terminal is its standard input.
final class RunningChild {
    /// What the child is, for messages.
    let name: String
    /// Its process id.
    let pid: pid_t
    /// `CLOCK_MONOTONIC` seconds just before the fork.
    let startedAt: Double
    /// Its exit code and whole-life CPU seconds, once `wait4` has reaped it.
    private var reaped: (exitCode: Int32, cpu: Double)?

    /// A started child.
    private init(name: String, pid: pid_t, startedAt: Double) {
        self.name = name
        self.pid = pid
        self.startedAt = startedAt
    }

    /// Starts `argv` (argv[0] absolute) with its own environment, standard input from `/dev/null`, standard output to
    /// `output` (nil: `/dev/null`) and standard error written to `errorLog` (made anew).
    static func start(name: String, _ argv: [String], errorLog: String, output: Int32? = nil) throws -> RunningChild {
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        let errors = open(errorLog, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        defer {
            for descriptor in [null, errors] where descriptor >= 0 { close(descriptor) }
        }
        guard null >= 0, errors >= 0 else {
            throw BenchError("cannot open \(null < 0 ? "/dev/null" : errorLog): \(String(cString: strerror(errno)))")
        }
        return try start(
            name: name, argv, environment: nil, input: null, output: output ?? null, errors: errors)
    }

    /// Starts `argv` (argv[0] absolute) with `input`, `output` and `errors` as descriptors 0, 1 and 2 and
    /// `environment` ("NAME=value"; nil: the bench's own). With `controllingTerminal` the child starts a session and
    /// makes descriptor 0 (a terminal) its controlling terminal.
    static func start(
        name: String, _ argv: [String], environment: [String]?, input: Int32, output: Int32, errors: Int32,
        controllingTerminal: Bool = false
    ) throws -> RunningChild {
        guard !argv.isEmpty else { throw BenchError("empty command line") }
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArguments.append(nil)
        var cEnvironment: [UnsafeMutablePointer<CChar>?] = (environment ?? []).map { strdup($0) }
        cEnvironment.append(nil)
        defer {
            for pointer in cArguments { free(pointer) }
            for pointer in cEnvironment { free(pointer) }
        }
        guard let executable = cArguments[0] else { throw BenchError("out of memory") }
        let useOwnEnvironment = environment == nil
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        let start = ChildProcess.monotonicSeconds()
        let pid = cArguments.withUnsafeBufferPointer { arguments -> pid_t in
            cEnvironment.withUnsafeBufferPointer { variables -> pid_t in
                guard let argumentBase = arguments.baseAddress, let variableBase = variables.baseAddress else {
                    return -1
                }
                let child = fork()
                guard child == 0 else { return child }
                // Only async-signal-safe calls on memory prepared before the fork.
                if controllingTerminal { setsid() }
                dup2(input, 0)
                dup2(output, 1)
                dup2(errors, 2)
                if controllingTerminal, ioctl(0, UInt(TIOCSCTTY), 0) != 0 { _exit(125) }
                signal(SIGINT, SIG_DFL)
                signal(SIGTERM, SIG_DFL)
                signal(SIGQUIT, SIG_DFL)
                signal(SIGPIPE, SIG_DFL)
                sigprocmask(SIG_SETMASK, &emptyMask, nil)
                execve(
                    executable, argumentBase, useOwnEnvironment ? environ : UnsafeMutablePointer(mutating: variableBase)
                )
                _exit(127)
            }
        }
        guard pid > 0 else { throw BenchError("cannot start \(name): fork: \(String(cString: strerror(errno)))") }
        Cleanup.shared.addBackground(pid)
        return RunningChild(name: name, pid: pid, startedAt: start)
    }

    /// The child's CPU time so far, read two ways while it runs (both count every thread, live or ended).
    func cpu() throws -> CPUSample {
        guard reaped == nil, !hasExited else { throw BenchError("\(name) (pid \(pid)) exited early") }
        var clock = clockid_t()
        var now = timespec()
        guard clock_getcpuclockid(pid, &clock) == 0, clock_gettime(clock, &now) == 0 else {
            throw BenchError("cannot read the CPU clock of \(name) (pid \(pid)): \(String(cString: strerror(errno)))")
        }
        let ticks = try Self.statTicks(pid)
        return CPUSample(clockSeconds: Double(now.tv_sec) + Double(now.tv_nsec) / 1e9, ticks: ticks)
    }

    /// The CPU seconds the child's main thread has run (`/proc/PID/task/PID/schedstat`, nanoseconds), nil when
    /// the kernel does not say.
    func mainThreadCPU() -> Double? {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/schedstat", encoding: .utf8)) ?? ""
        return text.split(separator: " ").first.flatMap { Double($0) }.map { $0 / 1e9 }
    }

    /// utime + stime of `pid` in clock ticks, fields 14 and 15 of `/proc/PID/stat`.
    static func statTicks(_ pid: pid_t) throws -> Int {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
        guard let paren = text.lastIndex(of: ")") else { throw BenchError("cannot read /proc/\(pid)/stat") }
        let fields = text[text.index(after: paren)...].split(separator: " ")
        // fields[0] is field 3 (state), so field 14 is fields[11] and field 15 is fields[12].
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
            throw BenchError("unexpected /proc/\(pid)/stat: \(text.prefix(120))")
        }
        return user + system
    }

    /// True once the child has ended (it is then reaped and its status kept).
    var hasExited: Bool {
        if reaped != nil { return true }
        return reap(blocking: false)
    }

    /// Sends `signal`, waits up to `timeout` seconds for the child to end (then SIGKILL), and returns its exit code
    /// (128 + signal number when a signal ended it), whether it had to be killed, and its whole-life CPU (`wait4`).
    @discardableResult
    func stop(signal: Int32 = SIGTERM, timeout: Double = 10) -> (exitCode: Int32, killed: Bool, lifetimeCPU: Double) {
        if let reaped { return (reaped.exitCode, false, reaped.cpu) }
        kill(pid, signal)
        let deadline = ChildProcess.monotonicSeconds() + timeout
        while ChildProcess.monotonicSeconds() < deadline {
            if reap(blocking: false), let reaped { return (reaped.exitCode, false, reaped.cpu) }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        _ = reap(blocking: true)
        return (reaped?.exitCode ?? 137, true, reaped?.cpu ?? 0)
    }

    /// Waits for the child to end by itself; returns its exit code and whole-life CPU (`wait4`).
    func waitForExit() -> (exitCode: Int32, lifetimeCPU: Double) {
        if reaped == nil { _ = reap(blocking: true) }
        return (reaped?.exitCode ?? 137, reaped?.cpu ?? 0)
    }

    /// Waits for the child (or only looks, without `blocking`); true once it is reaped and its status kept.
    private func reap(blocking: Bool) -> Bool {
        var usage = rusage()
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = wait4(pid, &status, blocking ? 0 : WNOHANG, &usage)
        } while result < 0 && errno == EINTR
        guard result == pid else { return false }
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        reaped = (code, cpu)
        Cleanup.shared.removeBackground(pid)
        return true
    }
}

/// One reading of a running child's CPU time.
struct CPUSample: Sendable {
    /// The process CPU clock (`clock_getcpuclockid`), in seconds: nanosecond resolution.
    var clockSeconds: Double
    /// utime + stime from `/proc/PID/stat`, in clock ticks (`sysconf(_SC_CLK_TCK)`, 100 per second here).
    var ticks: Int

    /// Clock ticks per second.
    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// The CPU seconds from `earlier` to this sample by the CPU clock, and by the stat ticks.
    func since(_ earlier: CPUSample) -> (clock: Double, ticks: Double) {
        (clockSeconds - earlier.clockSeconds, Double(ticks - earlier.ticks) / Self.ticksPerSecond)
    }
}
