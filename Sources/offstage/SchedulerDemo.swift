import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageUI

/// The second half of `offstage demo`: the BG task scheduler with the model app, then a replay of the policy.
enum SchedulerDemo {
    /// The identifiers the demo plays with (from the built-in configuration).
    static let refresh = "com.example.refresh"
    static let cleanup = "com.example.db-cleanup"

    /// Opens the model app, launches its app refresh (a real shell command), launches and expires a processing
    /// task, lists why each pending request waits, and compares a heavy and a rare user in a 30-day replay.
    static func run(store: Store, context: CLIContext, signals: StopSignals) throws {
        say("\nPart 2 — background tasks, as BGTaskScheduler decides them\n")
        let configuration = OffstageConfiguration.builtIn
        for command: DaemonCommand in [
            .appOpened, .appBackgrounded, .launchTask(identifier: refresh), .launchTask(identifier: cleanup),
            .expireTask(identifier: cleanup), .launchTask(identifier: "com.example.unknown"),
        ] {
            try store.enqueue(command, now: context.time.now())
        }
        var options = RuntimeOptions()
        options.untilIdle = true
        options.scheduler = SchedulerConfig.setup(configuration, context: context)
        options.onLog = { say(LogFormat.line($0)) }
        let runtime = DaemonRuntime(home: context.home, store: store, options: options)
        let stopper = runtime.stopper
        signals.attach { stopper.requestShutdown(reason: StopSignals.name($0)) }
        let outcome: RunOutcome
        do { outcome = try runtime.run() } catch { throw CLIContext.translate(error) }
        if case .interrupted(let reason) = outcome { throw DemoCommand.interrupted(reason) }

        let output = (try? String(contentsOfFile: context.home.path + "/bgtasks.log", encoding: .utf8)) ?? ""
        say(
            "\nThe app refresh handler's shell command wrote: \(output.trimmingCharacters(in: .whitespacesAndNewlines))"
        )
        say("\nWhy each pending request has not run yet (offstage pending):")
        for request in runtime.snapshot().requests {
            say("  \(ByteFormat.pad(request.request.identifier, 26)) \(request.reasonText)")
        }
        say("\nThe same app refresh, rescheduled every 15 min, over 30 simulated days (offstage simulate):")
        for usage in [UsageProfile.heavy, .rare] {
            let report = SchedulerConfig.simulate(configuration, days: 30, usage: usage, seed: 42)
            guard let line = report.identifier(refresh) else { continue }
            say(
                "  \(ByteFormat.pad(usage.rawValue, 6)) user: \(String(format: "%.1f", line.runsPerDay)) runs a day, "
                    + "\(line.daysWithoutRun) of 30 days without a run")
        }
    }
}
