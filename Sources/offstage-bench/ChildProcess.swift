import Foundation
import Glibc
import OffstageClock

/// What one finished child cost: wall time on the monotonic clock, and its own `wait4` rusage.
struct ChildUsage: Sendable {
    /// Seconds from just before `fork` to the return of `wait4`.
    var wall: Double
    /// User plus system CPU seconds of the child (and any children it waited for).
    var cpu: Double
    /// Peak resident set size in bytes (`ru_maxrss` is KiB on Linux).
    var peakBytes: Int64
    /// The exit status, or 128 + signal number when a signal ended it.
    var exitCode: Int32
}

/// Runs one program to completion with `fork` + `execve` and measures it with `wait4`.
///
/// Only the child's usage is counted, never the bench's own. Standard input is `/dev/null`, standard output
/// `/dev/null` or `stdoutPath`; standard error goes to `stderrPath` so a failure can be explained.
///
/// Why not `posix_spawn`: glibc's posix_spawn is `clone(CLONE_VM | CLONE_VFORK)`, so at `execve`
/// the "old mm" is the bench's own, and the kernel folds its high-water mark into the child's
/// `ru_maxrss` (exec_mmap → setmax_mm_hiwater_rss). Every tool then showed the bench's ~24 MiB.
/// After a real `fork` the old mm holds only the bench's copied anonymous pages (a few MiB,
/// below any tool's own peak), so `ru_maxrss` is the tool's. Between `fork` and `execve` the
/// child calls only async-signal-safe C functions on memory prepared before the fork.
enum ChildProcess {
    /// Runs `argv[0]` (an absolute path) with `argv`, waits for it and returns its usage; standard output goes to
    /// `stdoutPath` when given.
    static func run(_ argv: [String], stderrPath: String, stdoutPath: String? = nil) throws -> ChildUsage {
        guard let path = argv.first else { throw BenchError("empty command line") }
        var cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) }
        cArguments.append(nil)
        let devNull = strdup("/dev/null")
        let errorFile = strdup(stderrPath)
        let outputFile = strdup(stdoutPath ?? "/dev/null")
        defer {
            for pointer in cArguments { free(pointer) }
            free(devNull)
            free(errorFile)
            free(outputFile)
        }
        guard let executable = cArguments[0], let devNull, let errorFile, let outputFile else {
            throw BenchError("out of memory")
        }
        // The bench ignores SIGINT/SIGTERM (a dispatch source handles them); ignored dispositions
        // would survive execve, so the child puts the defaults back.
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)

        let start = monotonicSeconds()
        let pid = cArguments.withUnsafeBufferPointer { arguments -> pid_t in
            guard let argumentBase = arguments.baseAddress else { return -1 }
            let child = fork()
            guard child == 0 else { return child }
            let input = open(devNull, O_RDONLY)
            let output = open(outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let errors = open(errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            guard input >= 0, output >= 0, errors >= 0 else { _exit(126) }
            dup2(input, 0)
            dup2(output, 1)
            dup2(errors, 2)
            if input > 2 { close(input) }
            if output > 2 { close(output) }
            if errors > 2 { close(errors) }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
            signal(SIGQUIT, SIG_DFL)
            signal(SIGPIPE, SIG_DFL)
            sigprocmask(SIG_SETMASK, &emptyMask, nil)
            execve(executable, argumentBase, environ)
            _exit(127)
        }
        guard pid > 0 else { throw BenchError("cannot start \(path): fork: \(String(cString: strerror(errno)))") }
        Cleanup.shared.setChild(pid)
        defer { Cleanup.shared.setChild(nil) }

        var usage = rusage()
        var waitStatus: Int32 = 0
        while wait4(pid, &waitStatus, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("wait4 \(path): \(String(cString: strerror(errno)))") }
        }
        let wall = monotonicSeconds() - start
        let cpu = seconds(usage.ru_utime) + seconds(usage.ru_stime)
        let exitCode: Int32
        if waitStatus & 0x7f == 0 {
            exitCode = (waitStatus >> 8) & 0xff
        } else {
            exitCode = 128 + (waitStatus & 0x7f)
        }
        if exitCode == 127 && access(path, X_OK) != 0 { throw BenchError("cannot execute \(path)") }
        return ChildUsage(wall: wall, cpu: cpu, peakBytes: Int64(usage.ru_maxrss) * 1024, exitCode: exitCode)
    }

    /// Seconds on `CLOCK_MONOTONIC` (the shells' one reader, `SystemTimeSource`).
    static func monotonicSeconds() -> Double { SystemTimeSource().steady() }

    private static func seconds(_ value: timeval) -> Double {
        Double(value.tv_sec) + Double(value.tv_usec) / 1e6
    }

    /// The absolute path of `name` on `PATH`, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
