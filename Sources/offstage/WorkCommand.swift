import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage work enqueue|ls|cancel|run …`: WorkManager's requests, sent to the running offstage like every
/// command (`CLIContext.submit`), or read from the one snapshot (`ls`).
enum WorkCommand {
    /// Parses the line, then lists, or submits and reports; exits through `CLIError` on a usage error or refusal.
    static func run(_ raw: [String], context: CLIContext) throws {
        let line = try WorkCommandLine.parse(raw)
        let configuration = try Arguments(raw, spec: CommandCatalog.work).value("--config")
        switch line {
        case .list(let json):
            let loaded = try SchedulerConfig.load(configuration, context: context)
            let snapshot = try ViewSnapshot.read(context: context) { loaded }
            print(json ? try WorkTable.json(snapshot) : WorkTable.text(snapshot, width: TerminalWidth.stdout()))
        case .enqueue(_, let warnings):
            // WorkManager logs what it coerced and carries on: so does this, before the outcome.
            for warning in warnings { context.output.warning("warning: \(warning)") }
            try send(line, configuration: configuration, context: context)
        case .cancel, .run:
            try send(line, configuration: configuration, context: context)
        }
    }

    /// Submits the line's command and reports its outcome: refused (exit 1, the reason), done, or still pending.
    private static func send(_ line: WorkCommandLine, configuration: String?, context: CLIContext) throws {
        guard let command = line.command else { return }
        let outcome = try context.submit(command, configuration: configuration)
        try TaskControlCommand.report(outcome, done: done(line), context: context)
    }

    /// What the line did once the engine took it.
    static func done(_ line: WorkCommandLine) -> String {
        switch line {
        case .enqueue(let request, _): enqueued(request)
        case .list: ""
        case .cancel(.name(let name)): "cancelled the unfinished work named \(TransferDaemon.printable(name))"
        case .cancel(.tag(let tag)): "cancelled the unfinished work tagged \(TransferDaemon.printable(tag))"
        case .cancel(.id(let id)): "cancelled work request \(TransferDaemon.printable(id))"
        case .cancel(.all): "cancelled all unfinished work"
        case .run(let name):
            "running the work named \(TransferDaemon.printable(name)) now (constraints and delays bypassed)"
        }
    }

    /// `enqueued work sync: every 1 h flex 10 min, simulated 10 s then success; …`, with when a delayed request
    /// may first run.
    static func enqueued(_ request: WorkEnqueue) -> String {
        let spec = request.spec
        var parts = [
            WorkTable.kind(periodic: spec.kind.schedule, expedited: spec.expedited != nil), worker(spec.worker),
        ]
        if !spec.constraints.text.isEmpty { parts.append("needs " + spec.constraints.text) }
        if let policy = request.policy { parts.append("unique, \(policy.rawValue)") }
        if !request.after.isEmpty {
            parts.append("after " + request.after.map(TransferDaemon.printable).joined(separator: ", "))
        }
        if spec.initialDelay > 0 {
            parts.append("runs \(DurationText.short(spec.initialDelay)) after it is enqueued at the earliest")
        }
        return "enqueued work \(TransferDaemon.printable(request.name)): " + parts.joined(separator: "; ")
    }

    /// The worker in words.
    static func worker(_ kind: WorkerKind) -> String {
        switch kind {
        case .shell(let command): "shell \(TransferDaemon.printable(command))"
        case .download(let url): "download \(TransferDaemon.printable(url))"
        case .simulated(let seconds, let result): "simulated \(DurationText.short(seconds)) then \(result.rawValue)"
        }
    }
}
