import Foundation
import OffstageCore
import OffstageStore

/// The Android models fed from commands, the device, timers and workers; each step commits once (with its
/// command's outcome), then starts and stops workers.
extension AndroidHost {
    /// Tells both models the offstage process (re)started: WorkManager's runs of the last process are over, and a
    /// device that ran before reboots (`ACTION_BOOT_COMPLETED`).
    func start() throws {
        // A device that ran before reboots: the system stops what the last process ran (UNKNOWN) and WorkManager
        // reschedules it at boot. WorkManager's own restart (`.started`) is for a fresh device, or for runs the
        // system model did not know of (its row set aside): sending both would restart the same work twice.
        var inputs: [AndroidInput] = restored ? [.system(.rebooted)] : [.work(.started), .system(.timerFired)]
        if system.state.conditions != transfers.daemon.conditions {
            inputs.append(.system(.conditionsChanged(transfers.daemon.conditions)))
        }
        try run(inputs, command: nil)
        if restored, work.state.requests.contains(where: { $0.state == .running && systemNames[$0.id] == nil }) {
            try run([.work(.started)], command: nil)
        }
    }

    /// Passes the daemon's device conditions on to the system model when they differ.
    func syncDevice() throws {
        guard system.state.conditions != transfers.daemon.conditions else { return }
        try run([.system(.conditionsChanged(transfers.daemon.conditions))], command: nil)
    }

    /// Executes an `.android` command.
    func execute(_ request: AndroidRequest, from command: CommandSource) throws {
        if case .setForeground(let name, let notification) = request {
            // The worker's own call: it needs the running request the name (or id) stands for.
            let running = work.state.requests.filter {
                $0.state == .running && ($0.name == name || $0.id == name)
            }
            guard running.count == 1, let id = running.first?.id else {
                return try context.refuse(
                    command,
                    running.isEmpty
                        ? "setForegroundAsync: no running worker named \(name)"
                        : "setForegroundAsync: \(running.count) workers named \(name) run: give the request's id"
                )
            }
            return try run([.work(.setForeground(id: id, notification: notification))], command: command)
        }
        try run([Self.input(for: request)], command: command)
    }

    /// The model event an Android command stands for.
    static func input(for request: AndroidRequest) -> AndroidInput {
        switch request {
        case .enqueue(let enqueue): .work(.enqueue(enqueue))
        case .cancel(let selector): .work(.cancel(selector))
        case .run(let name): .work(.workRun(name: name))
        case .startForegroundService(let name, let notification):
            .system(.foregroundServiceStarted(name: name, notification: notification, fromWorker: false))
        case .stopForegroundService(let name): .system(.foregroundServiceStopped(name: name))
        case .doze(let on): .system(on ? .dozeOn : .dozeOff)
        case .bucket(let bucket): .system(.bucketSet(bucket))
        case .batterySaver(let on): .system(.batterySaverChanged(on))
        case .backgroundRestricted(let on): .system(.backgroundRestrictionChanged(on))
        case .roaming(let on): .system(.roamingChanged(on))
        case .storageLow(let low): .system(.storageLowChanged(low))
        case .appOpened: .system(.appOpened)
        case .appLeft: .system(.appLeft)
        case .lowMemoryKill: .system(.lowMemoryKilled)
        case .forceStop: .system(.forceStopped)
        case .reboot: .system(.rebooted)
        case .startBackgroundService(let name): .system(.backgroundServiceStarted(name: name))
        case .stopBackgroundService(let name): .system(.backgroundServiceStopped(name: name))
        case .setForeground(let name, let notification):
            .work(.setForeground(id: name, notification: notification))
        }
    }

    /// Feeds `inputs` (and everything they cause between the two models) to the models, commits the step in one
    /// transaction (completing `command` with its outcome), then starts and stops workers.
    ///
    /// Only the first input's refusals refuse the command; the models' exchanges after it (a worker ending that
    /// the system already forgot) may be refused harmlessly.
    func run(_ inputs: [AndroidInput], command: CommandSource?) throws {
        let now = context.time.now()
        var step = AndroidStep()
        var pending = inputs
        var own = command != nil
        var budget = 1000  // the models settle in a few exchanges; this only bounds a defect
        while !pending.isEmpty, budget > 0 {
            budget -= 1
            let input = pending.removeFirst()
            var caused: [AndroidInput] = []
            switch input {
            case .system(let event):
                let actions = system.handle(event, now: now)
                caused = systemActions(actions, step: &step, own: own)
                let environment = environment(now: now)
                if environment != work.state.environment {
                    caused.insert(.work(.environmentChanged(environment)), at: 0)
                }
            case .work(let event):
                let actions = work.handle(event, now: now)
                caused = workActions(actions, step: &step, own: own, now: now)
            }
            own = false
            pending = caused + pending
        }
        let finished = step
        try context.carryOut(
            [
                HostStep(finished.commitment) { [self] in
                    for id in finished.stops { stopWorker(id) }
                    // An offline apply starts nothing: `WorkEnvironment.workersCanStart` keeps due work ENQUEUED there.
                    guard !context.offline else { return }
                    for launch in finished.starts { try startWorker(launch) }
                }
            ], command: command)
    }

    /// Turns the system model's actions into store changes and WorkManager events.
    private func systemActions(_ actions: [AndroidSystemAction], step: inout AndroidStep, own: Bool)
        -> [AndroidInput]
    {
        var caused: [AndroidInput] = []
        systemWake = nil
        // A refusal the events keep is said once, as the refusal, not again as a note.
        let refused = Set(actions.compactMap { if case .refuse(let reason) = $0 { reason } else { nil } })
        for action in actions {
            switch action {
            case .commit(let changes):
                step.changes.systemState = changes.state
                step.changes.log += changes.log
                if own {
                    step.notes += changes.log.filter { !refused.contains($0.reason) }.map {
                        $0.reason.isEmpty ? $0.subject : "\($0.subject): \($0.reason)"
                    }
                }
            case .refuse(let reason):
                if own { step.refusals.append(reason) }
            case .stopRunningWork(let reason, let includingForeground):
                for request in work.state.requests where request.state == .running {
                    if includingForeground || request.run?.notification == nil {
                        caused.append(.work(.systemStopped(id: request.id, reason: reason)))
                    }
                }
            case .endProcess(let reason):
                let end: WorkProcessEnd =
                    reason == "reboot" ? .reboot : reason == "force stop" ? .forceStop : .lowMemoryKiller
                caused.append(.work(.processDied(end)))
            case .rescheduleWork(let reason):
                step.changes.log.append(
                    LogEntry(
                        time: context.time.now(), kind: .work, subject: "WorkManager",
                        reason: "reschedules its work: \(reason)"
                    ))
                caused.append(.work(.timerFired))
            case .wake(let date):
                systemWake = date
            case .startProcessInBackground, .showNotification, .removeNotification, .gateChanged, .constraintsChanged:
                // The system model logged them; the gate and inputs reach WorkManager as one environment.
                break
            }
        }
        return caused
    }

    /// Turns WorkManager's actions into store changes, worker starts and stops, and system model events.
    private func workActions(_ actions: [WorkAction], step: inout AndroidStep, own: Bool, now: Date)
        -> [AndroidInput]
    {
        var caused: [AndroidInput] = []
        workWake = nil
        func log(_ name: String, _ reason: String) {
            step.changes.log.append(LogEntry(time: now, kind: .work, subject: "work \(name)", reason: reason))
        }
        func name(_ id: String) -> String { work.state.requests.first { $0.id == id }?.name ?? id }
        for action in actions {
            switch action {
            case .persist(let changes):
                step.changes.work.append(changes)
            case .enqueued(let id, let name, let state):
                log(name, "enqueued as \(id) (\(state.rawValue))")
                if own { step.notes.append("enqueued \(name) as \(id) (\(state.rawValue))") }
            case .kept(let id, let name):
                log(name, "kept: unfinished work \(id) stands")
                if own { step.notes.append("kept \(name): unfinished work \(id) stands") }
            case .warn(let warning):
                step.changes.log.append(LogEntry(time: now, kind: .work, subject: "WorkManager", reason: warning))
                if own { step.notes.append("warning: \(warning)") }
            case .refuse(let reason):
                if own { step.refusals.append(reason) }
            case .workerCallRefused(let id, let reason):
                log(name(id), reason)
                if own { step.refusals.append(reason) }
            case .startWorker(let launch):
                if system.state.forceStopped {
                    if own { step.refusals.append("the app is force-stopped: no worker runs until the user opens it") }
                    caused.append(.work(.systemStopped(id: launch.id, reason: .user)))
                    continue
                }
                // A request restarted within one step runs one worker: the newest launch.
                step.starts.removeAll { $0.id == launch.id }
                if let old = systemNames.removeValue(forKey: launch.id) {
                    caused.append(.system(.workerEnded(name: old)))
                }
                let systemName = systemName(for: launch)
                systemNames[launch.id] = systemName
                step.starts.append(launch)
                log(launch.name, "started (attempt \(launch.attempt))")
                caused.append(.system(.workerStarted(name: systemName)))
            case .stopWorker(let id, let reason):
                step.stops.append(id)
                step.starts.removeAll { $0.id == id }
                log(name(id), "stopped: \(reason.constantName)")
                if let systemName = systemNames.removeValue(forKey: id) {
                    caused.append(.system(.workerEnded(name: systemName)))
                }
            case .startForegroundNotification(let id, let notification):
                caused.append(
                    .system(
                        .foregroundServiceStarted(
                            name: serviceName(for: id), notification: notification, fromWorker: true)))
            case .stopForegroundNotification(let id):
                caused.append(.system(.foregroundServiceStopped(name: serviceName(for: id))))
            case .consumedExpeditedQuota(let id):
                caused.append(.system(.expeditedJobStarted(name: name(id))))
            case .scheduleWake(let date):
                workWake = date
            }
        }
        return caused
    }
}
