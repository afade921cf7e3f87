import Foundation

/// The real `offstage` executable, built beside this test binary, run as a child process.
struct OffstageBinary {
    /// What a finished run left behind.
    struct Result {
        /// Exit status, or 128 + signal number when killed.
        let status: Int32
        /// Everything written to stdout.
        let stdout: String
        /// Everything written to stderr.
        let stderr: String
    }

    /// The path of the binary.
    let path: String
    /// The home every command gets through `OFFSTAGE_HOME`.
    let home: String

    /// The binary in the same build folder as the running test executable.
    init(home: String) throws {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let candidate = directory.appendingPathComponent("offstage").path
        guard FileManager.default.isExecutableFile(atPath: candidate) else {
            throw BinaryMissing(path: candidate)
        }
        path = candidate
        self.home = home
    }

    /// Environment for a child: the test home, and any extra variables.
    private func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["OFFSTAGE_HOME"] = home
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Starts the binary without waiting; stdout is discarded, stderr too unless `errors` names a file for it.
    func launch(_ arguments: [String], environment extra: [String: String] = [:], errors: String? = nil) throws
        -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment(extra)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        if let errors {
            _ = FileManager.default.createFile(atPath: errors, contents: nil)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        }
        try process.run()
        return process
    }

    /// Starts an engine (`run …`) without waiting for it to end, and waits until it has started: its
    /// `daemon-started` line is in the event log (so its inbox is read and its signal trap is in place).
    func startEngine(_ arguments: [String], environment extra: [String: String] = [:], errors: String? = nil) throws
        -> Process
    {
        let before = try daemonStarts()
        let process = try launch(arguments, environment: extra, errors: errors)
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline, try daemonStarts() == before { usleep(20_000) }
        return process
    }

    /// How many times an engine has started on the home (its `daemon-started` lines).
    private func daemonStarts() throws -> Int {
        try run(["events", "--limit", "1000000"]).stdout.components(separatedBy: "daemon-started").count - 1
    }

    /// Runs to completion and collects its output; optionally in `directory`, under `umask`, with `input` on stdin.
    @discardableResult
    func run(
        _ arguments: [String], environment extra: [String: String] = [:], directory: String? = nil,
        umask mask: String? = nil, input: String? = nil
    ) throws -> Result {
        let process = Process()
        if let mask {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "umask \(mask) && exec \"$0\" \"$@\"", path] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
        }
        process.environment = environment(extra)
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        if input != nil { process.standardInput = stdin }
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Result(
            status: status, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self))
    }
}

/// The binary was not built (run the tests with `swift test`, which builds it).
struct BinaryMissing: Error, CustomStringConvertible {
    let path: String
    var description: String { "offstage binary not found at \(path); `swift test` builds it" }
}

/// A temporary folder removed when the test ends.
final class TemporaryFolder {
    /// Its path.
    let path: String

    /// Creates a fresh folder under the system's temporary directory.
    init(_ label: String) throws {
        path = NSTemporaryDirectory() + "offstage-e2e-\(label)-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Files in a subfolder, sorted; empty when it does not exist.
    func files(in subfolder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + subfolder)) ?? []).sorted()
    }
}
