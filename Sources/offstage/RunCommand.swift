import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// `offstage run [--until-idle] [--quiet] [--warp N]`: the engine without a dashboard, printing the event log.
enum RunCommand {
    static func run(_ raw: [String], context: CLIContext) throws {
        let args = try Arguments(raw, spec: CommandCatalog.run)
        try args.none()
        let rate = try args.value("--warp").map { try ClockCommand.rate($0, what: "--warp") } ?? .real
        let hook = try args.value("--on-complete").map { command -> String in
            guard !command.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw CLIError.usage("--on-complete needs a command")
            }
            return command
        }
        // Signals are caught from the start; one that comes before the runtime exists is handed to it.
        let signals = StopSignals()
        defer { signals.cancel() }  // held to the end: until then every signal is the command's
        let configuration = try SchedulerConfig.load(args.value("--config"), context: context)
        let lock = try diskFullSaysWhatIsKept(context, started: false) { try context.acquireLock() }
        defer { lock.release() }
        let store = try diskFullSaysWhatIsKept(context, started: false) { try context.openStore() }
        var options = context.engineOptions(configuration)
        options.untilIdle = args.flag("--until-idle")
        options.publishForDashboards()  // for dashboards that attach
        if let hook { options.onComplete = hook }
        if !args.flag("--quiet") {
            let origin = SchedulerConfig.origin(configuration)
            // Lines fit the terminal's width when stdout is one (read again for each line: it may be resized).
            say(
                EventText.fit(
                    "offstage run on \(context.home.path); BG task scheduler with the \(origin); clock \(rate.label)",
                    width: TerminalWidth.stdout()))
            options.onLog = { say(LogFormat.line($0, width: TerminalWidth.stdout())) }
        }
        let clock: VirtualClock
        do { clock = try VirtualClock(rate: rate) } catch { throw CLIError.usage("--warp: \(error)") }
        let runtime = DaemonRuntime(home: context.home, store: store, options: options, time: clock)
        let stopper = runtime.stopper
        signals.attach { stopper.requestShutdown(reason: StopSignals.name($0)) }
        let outcome: RunOutcome
        do {
            outcome = try diskFullSaysWhatIsKept(context, started: true) { try runtime.run() }
        } catch {
            throw CLIContext.translate(error)
        }
        if case .interrupted(let reason) = outcome {
            // Exit 130 as the README says: stopped by a signal, with the store left clean.
            throw CLIError.interrupted("interrupted by \(reason): the store is clean; `offstage run` carries on")
        }
        let waiting = try store.loadTasks().filter(\.isPausedForFullDisk).sorted { $0.id < $1.id }
        if !waiting.isEmpty { throw CLIError.diskFull(DiskFullText.tasksWaitingForRoom(waiting)) }
    }

    /// Runs `body`; a full disk (the store's, or the context's word for it) becomes one line saying what was kept:
    /// the store as it was, and the partial files (it used to say "nothing was written").
    private static func diskFullSaysWhatIsKept<T>(
        _ context: CLIContext, started: Bool, _ body: () throws -> T
    ) throws -> T {
        do {
            return try body()
        } catch StoreError.diskFull, CLIError.diskFull {
            let directory = context.home.partsDirectory
            let parts = PartFiles.summary(in: directory)
            throw CLIError.diskFull(
                DiskFullText.runStopped(
                    started: started, partFiles: parts.count, partBytes: parts.bytes, partsDirectory: directory))
        }
    }
}
