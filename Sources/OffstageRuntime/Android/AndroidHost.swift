import Foundation
import OffstageCore
import OffstageStore

/// An Android worker's work in progress, as the runtime carries it out.
enum AndroidWorker {
    /// A shell command running as a process (`token` names this run).
    case command(ShellTask, token: Int)
    /// A download through the transfer engine, by its transfer task.
    case download(taskID: Int64)
    /// Simulated work ending at this date with this result.
    case simulated(until: Date, result: WorkResult)
}

/// One input to the Android side: an event for the system model or for WorkManager.
enum AndroidInput: Equatable {
    /// For `AndroidSystemModel`.
    case system(AndroidSystemEvent)
    /// For `WorkManagerModel`.
    case work(WorkEvent)
}

/// The runtime's side of the Android profile: the two pure models, the workers they started, their wakes.
struct AndroidHost {
    /// The profile (android or both).
    let profile: PlatformProfile
    /// The system around the app: buckets, Doze, process, services, quota.
    var system: AndroidSystemModel
    /// WorkManager.
    var work: WorkManagerModel
    /// Where shell workers log.
    let commandLogPath: String?
    /// Running workers, by request id.
    var workers: [String: AndroidWorker] = [:]
    /// The name the system model knows each running worker by, by request id.
    var systemNames: [String: String] = [:]
    /// When the system model next wants `.timerFired`.
    var systemWake: Date?
    /// When WorkManager next wants `.timerFired`.
    var workWake: Date?
    /// Counter naming each shell run, so a late exit of a stopped one is recognised.
    var nextToken = 1
    /// The wall reading of the last wake fired, and how many fired at it (a guard against a same-instant loop).
    var lastFired: (at: Date, count: Int)?
    /// Whether workers can start: false for a command applied to the store with no engine running.
    var workersCanStart = true

    /// The environment WorkManager sees now, read off the system model.
    func environment(now: Date) -> WorkEnvironment {
        WorkEnvironment(
            gate: system.gate(now: now), inputs: system.constraintInputs(now: now),
            expeditedQuotaLeft: system.expeditedQuotaLeft(now: now),
            expeditedQuotaBackAt: system.expeditedQuotaRefillAt(now: now),
            appInForeground: system.state.phase == .foreground, workersCanStart: workersCanStart)
    }

    /// A name for request `id`'s worker the system model does not know yet (its request name, made unique).
    func systemName(for launch: WorkerLaunch) -> String {
        let taken = Set(systemNames.values)
        guard taken.contains(launch.name) else { return launch.name }
        return "\(launch.name) #\(launch.id.suffix(4))"
    }

    /// The foreground service name of request `id`'s worker (`setForegroundAsync`).
    func serviceName(for id: String) -> String {
        "work " + (work.state.requests.first { $0.id == id }?.name ?? id)
    }

    /// Whether a wake at `date` may fire at wall time `now` (at most 20 at one reading, so a frozen clock cannot spin).
    func mayFire(_ date: Date?, now: Date) -> Bool {
        guard let date, date <= now else { return false }
        if let last = lastFired, last.at == now, last.count >= 20 { return false }
        return true
    }

    /// Records a wake fired at `now`.
    mutating func fired(now: Date) {
        if let last = lastFired, last.at == now {
            lastFired = (now, last.count + 1)
        } else {
            lastFired = (now, 1)
        }
    }

    /// The earliest moment the loop must come back for the Android side: the two wakes and simulated work.
    func nextDue(now: Date) -> Date? {
        var dates = [systemWake, workWake].compactMap { $0 }.filter { mayFire($0, now: now) || $0 > now }
        for case .simulated(let until, _) in workers.values { dates.append(until) }
        return dates.min()
    }

    /// Whether something is due at `now`: a wake, or simulated work whose time has come.
    func isDue(now: Date) -> Bool {
        if mayFire(systemWake, now: now) || mayFire(workWake, now: now) { return true }
        return workers.values.contains {
            guard case .simulated(let until, _) = $0 else { return false }
            return until <= now
        }
    }

    /// Whether any worker is running.
    var isBusy: Bool { !workers.isEmpty }
}

/// What one Android step collected: the store changes, the command's outcome, and the I/O to do after the commit.
struct AndroidStep {
    /// What to write.
    var changes = AndroidStoreChanges()
    /// Why the step's own event was refused.
    var refusals: [String] = []
    /// What the step's own event did, for the command's result (warnings, ids, log lines).
    var notes: [String] = []
    /// Workers to start after the commit.
    var starts: [WorkerLaunch] = []
    /// Workers to stop after the commit, by request id.
    var stops: [String] = []

    /// The command's status and result: refusals first, then what happened.
    var outcome: (status: CommandStatus, result: String) {
        if !refusals.isEmpty {
            return (.refused, (refusals + notes).joined(separator: "; "))
        }
        return (.done, notes.isEmpty ? "ok" : notes.joined(separator: "; "))
    }
}
