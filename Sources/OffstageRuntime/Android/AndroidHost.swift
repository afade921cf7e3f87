import Foundation
import OffstageCore
import OffstageStore

/// The host of the Android profile: the system model (`AndroidSystemModel`) and WorkManager (`WorkManagerModel`),
/// the workers they started and their wakes. Each step runs both models to rest and goes through the shared
/// routine once (commit with the command's outcome, then worker stops and starts).
final class AndroidHost {
    /// The store, the clock, the mailbox and the shared routine.
    let context: HostContext
    /// The transfers' host (device conditions, download workers).
    let transfers: TransferHost
    /// The profile (android or both; a switch between them changes it in place).
    var profile: PlatformProfile
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
    let workersCanStart: Bool
    /// Whether the system model had a stored state (a device that ran before).
    let restored: Bool

    /// Both models as the store holds them, with unusable rows set aside.
    init(context: HostContext, transfers: TransferHost, setup: AndroidSetup) throws {
        self.context = context
        self.transfers = transfers
        profile = setup.profile
        commandLogPath = setup.commandLogPath
        workersCanStart = !context.offline
        let stored = try context.loadState("android_state") { try context.store.loadAndroidState() }
        restored = stored != nil
        let loaded = try context.store.loadWorkRequestsSettingAside()
        try context.reportSetAside(loaded.setAside)
        let model = AndroidSystemModel(policy: setup.policy, state: stored)
        system = model
        work = WorkManagerModel(
            requests: loaded.requests,
            environment: model.workEnvironment(now: context.time.now(), workersCanStart: !context.offline))
    }

    /// The environment WorkManager sees now, read off the system model.
    func environment(now: Date) -> WorkEnvironment {
        system.workEnvironment(now: now, workersCanStart: workersCanStart)
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
    func fired(now: Date) {
        if let last = lastFired, last.at == now {
            lastFired = (now, last.count + 1)
        } else {
            lastFired = (now, 1)
        }
    }

    /// The earliest moment the loop must come back for the Android side: the two wakes and simulated work.
    func nextDue(now: Date) -> Date? {
        var dates = [systemWake, workWake].compactMap { $0 }.filter { mayFire($0, now: now) || $0 > now }
        dates += workers.values.compactMap(\.simulatedUntil)
        return dates.min()
    }

    /// Whether something is due at `now`: a wake, or simulated work whose time has come.
    func isDue(now: Date) -> Bool {
        if mayFire(systemWake, now: now) || mayFire(workWake, now: now) { return true }
        return workers.values.contains { ($0.simulatedUntil ?? .distantFuture) <= now }
    }

    /// Whether any worker is running.
    var isBusy: Bool { !workers.isEmpty }

    /// The Android side of the snapshot at `now`: profile, process, device, work, services.
    func snapshot(now: Date) -> AndroidSnapshot {
        var snapshot = AndroidSnapshot(profile: profile)
        system.fill(&snapshot, now: now)
        snapshot.work = work.snapshots(now: now)
        return snapshot
    }
}
