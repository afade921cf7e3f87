import Foundation
import Glibc

/// One run of a download tool measured whole and over a window in its middle: what the whole run cost (start-up,
/// transfer, delivery) and what the transfer alone costs per byte once it is under way.
struct WindowedRun {
    /// Wall seconds from just before the fork to the reap.
    var wall: Double
    /// CPU seconds of the whole run (`wait4`).
    var cpu: Double
    /// The exit status, or 128 + signal number when a signal ended it.
    var exitCode: Int32
    /// CPU seconds and bytes written in the window (nil: the run ended before the window closed, or the file was not
    /// there when it opened).
    var window: (cpu: Double, bytes: Int64)?

    /// CPU seconds per MiB written in the window, when there was one and it wrote anything (curl 7.88 runs far ahead
    /// of a limit at first and then writes nothing for seconds: such a window has no rate).
    var cpuPerMiB: Double? {
        guard let window, window.bytes > 0 else { return nil }
        return window.cpu / (Double(window.bytes) / 1_048_576)
    }

    /// Runs `argv` (argv[0] absolute) with standard error in `errorLog`; reads its CPU clock and the size of `file`
    /// (the download as it grows) `window.lowerBound` and `window.upperBound` seconds after the start, then waits
    /// for it to end.
    static func run(_ argv: [String], errorLog: String, growing file: String, window: ClosedRange<Double>) throws
        -> WindowedRun
    {
        let child = try RunningChild.start(
            name: URL(fileURLWithPath: argv[0]).lastPathComponent, argv, errorLog: errorLog)
        sleepUntil(child.startedAt + window.lowerBound)
        let first = (try? child.cpu()).map { ($0, size(of: file)) }
        sleepUntil(child.startedAt + window.upperBound)
        let last = (try? child.cpu()).map { ($0, size(of: file)) }
        let end = child.waitForExit()
        let wall = ChildProcess.monotonicSeconds() - child.startedAt
        var measured: (cpu: Double, bytes: Int64)?
        if let (cpuBefore, bytesBefore) = first, let (cpuAfter, bytesAfter) = last, let bytesBefore, let bytesAfter {
            measured = (cpuAfter.since(cpuBefore).clock, bytesAfter - bytesBefore)
        }
        return WindowedRun(wall: wall, cpu: end.lifetimeCPU, exitCode: end.exitCode, window: measured)
    }

    /// The size of `path` now, nil when there is nothing there.
    private static func size(of path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
