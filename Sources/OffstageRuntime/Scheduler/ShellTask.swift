import Foundation
import OffstageSignals

/// A BG task handler's shell command: a real process with its own timeout.
///
/// Stopping it (expiration, a kill of the app, its timeout) sends SIGTERM, then SIGKILL after a grace
/// period. `ended` is called once, on a background thread, with whether the command exited with status 0.
final class ShellTask: Sendable {
    private let process: Process
    /// Seconds between SIGTERM and SIGKILL.
    static let grace = 2.0

    /// Starts `/bin/sh -c command`; output goes to `logPath` (appended), or nowhere.
    init(
        command: String, timeout: Double, logPath: String?, environment: [String: String],
        ended: @escaping @Sendable (Bool) -> Void
    ) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        var output = FileHandle.nullDevice
        if let logPath {
            if !FileManager.default.fileExists(atPath: logPath) {
                _ = FileManager.default.createFile(
                    atPath: logPath, contents: nil, attributes: [.posixPermissions: 0o600])
            }
            if let handle = FileHandle(forWritingAtPath: logPath) {
                handle.seekToEndOfFile()
                output = handle
            }
        }
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        process.terminationHandler = { finished in
            ended(finished.terminationReason == .exit && finished.terminationStatus == 0)
        }
        self.process = process
        // The child inherits this thread's signal mask: it must not start with SIGTERM blocked (offstage blocks it).
        try ProcessSignals.spawning { try process.run() }
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + max(0.1, timeout)) { [weak self] in
            guard let self, self.process.isRunning, self.process.processIdentifier == pid else { return }
            self.stop()
        }
    }

    /// SIGTERM now, SIGKILL after the grace period if it is still running.
    func stop() {
        guard process.isRunning else { return }
        let pid = process.processIdentifier
        // Foundation starts the child as the leader of its own process group: signal the whole group, so
        // whatever the command started stops too (Foundation reports the end only when all of them are gone).
        let target = -pid
        kill(target, SIGTERM)
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.grace) { [process] in
            if process.isRunning, process.processIdentifier == pid { kill(target, SIGKILL) }
        }
    }
}
