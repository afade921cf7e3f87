import Foundation
import OffstageCore

/// The user's command run when a transfer ends (`run --on-complete CMD`, or `onComplete` in `transfers.json`).
///
/// The command is the user's own text, run as `/bin/sh -c CMD`; everything about the task (its id, state, file and
/// URL, all possibly server-controlled) reaches it only through the environment, never spliced into the command
/// line. Its output is appended to `HOME/hooks.log`; its end, or its failure, is one event-log line, never fatal.
struct CompletionHook {
    /// The shell command.
    let command: String
    /// Where its output goes.
    let logPath: String
    /// The longest it may run before it is stopped (SIGTERM, then SIGKILL).
    var timeout: Double = 600

    /// The environment the hook gets for `task`: `OFFSTAGE_TASK_ID`, `OFFSTAGE_STATE` (`completed` or `failed`),
    /// `OFFSTAGE_FILE` (the delivered file, an upload's source, or empty), `OFFSTAGE_URL` (credentials removed),
    /// `OFFSTAGE_KIND` and `OFFSTAGE_ERROR` (why it failed, control characters escaped; empty otherwise).
    static func environment(for task: TransferTask) -> [String: String] {
        let file: String
        switch (task.kind, task.state) {
        case (.download, .completed): file = task.deliveredPath ?? ""
        case (.upload, _): file = task.uploadPath ?? ""
        default: file = ""
        }
        return [
            "OFFSTAGE_TASK_ID": String(task.id),
            "OFFSTAGE_STATE": task.state == .completed ? "completed" : "failed",
            "OFFSTAGE_FILE": file,
            "OFFSTAGE_URL": URLCredentials.stripped(task.url),
            "OFFSTAGE_KIND": task.kind.rawValue,
            "OFFSTAGE_ERROR": task.state == .completed ? "" : TransferDaemon.printable(task.error ?? ""),
        ].mapValues { $0.replacingOccurrences(of: "\0", with: "") }
    }

    /// Starts the hook for `task`; `ended` is called once, on another thread, with nil (exit 0) or why it failed.
    /// Returns the running command, or nil when it could not start (`ended` has then been called already).
    func start(for task: TransferTask, ended: @escaping @Sendable (String?) -> Void) -> ShellTask? {
        let log = logPath
        do {
            return try ShellTask(
                command: command, timeout: timeout, logPath: logPath, environment: Self.environment(for: task)
            ) { success in
                ended(success ? nil : "it exited with an error or was stopped; its output is in \(log)")
            }
        } catch {
            ended("cannot start /bin/sh: \(error)")
            return nil
        }
    }
}
