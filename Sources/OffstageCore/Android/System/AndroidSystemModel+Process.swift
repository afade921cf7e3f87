import Foundation

/// The process life cycle and foreground services: foreground, background or gone, never suspended.
extension AndroidSystemModel {
    /// The user opened the app: foreground, screen on, bucket active, force-stop lifted.
    mutating func appOpened(in t: inout AndroidSystemTransition) {
        if state.phase != .foreground {
            t.log(.androidProcess, "app", state.phase == .gone ? "started in the foreground" : "came to the foreground")
        }
        state.phase = .foreground
        state.backgroundSince = nil
        state.lastOpenedAt = t.now
        if !state.screenOn { screenChanged(on: true, in: &t) }
        if bucket(now: t.now).bucket != .active { setBucket(.active, why: "the user opened the app", in: &t) }
        if state.forceStopped {
            state.forceStopped = false
            t.log(.androidProcess, "app", "force-stop lifted by the user opening it")
            t.actions.append(.rescheduleWork(reason: "first open after a force stop"))
        }
    }

    /// The user left the app: it keeps running in the background (no Suspended state on Android).
    mutating func appLeft(in t: inout AndroidSystemTransition) {
        guard state.phase == .foreground else { return t.refuse("the app is not in the foreground") }
        state.phase = .background
        state.backgroundSince = t.now
        t.log(.androidProcess, "app", "moved to the background")
    }

    /// Starts a gone process in the background for this reason.
    mutating func startInBackground(reason: String, in t: inout AndroidSystemTransition) {
        guard state.phase == .gone else { return }
        state.phase = .background
        state.backgroundSince = t.now
        t.log(.androidProcess, "app", "started in the background: \(reason)")
        t.actions.append(.startProcessInBackground(reason: reason))
    }

    /// WorkManager started a worker.
    mutating func workerStarted(_ name: String, in t: inout AndroidSystemTransition) {
        if state.forceStopped { return t.refuse("the app is force-stopped: no worker runs until the user opens it") }
        if state.runningWorkers.contains(name) { return t.refuse("worker \(name) is already running") }
        startInBackground(reason: "worker \(name)", in: &t)
        state.runningWorkers.append(name)
    }

    /// The low-memory killer ends the background process, unless a foreground service keeps it.
    mutating func lowMemoryKilled(in t: inout AndroidSystemTransition) {
        switch state.phase {
        case .gone: return t.refuse("the app has no process")
        case .foreground: return t.refuse("the low-memory killer does not end the foreground app")
        case .background:
            if let service = state.foregroundServices.first {
                return t.refuse("foreground service \(service.name) keeps the process alive")
            }
        }
        if !state.runningWorkers.isEmpty { t.stopWork(.deviceState, includingForeground: true) }
        end(reason: "low-memory killer", in: &t)
    }

    /// The user force-stopped the app.
    mutating func forceStop(in t: inout AndroidSystemTransition) {
        if state.forceStopped && state.phase == .gone { return t.refuse("the app is already force-stopped") }
        state.forceStopped = true
        stopAllServices(why: "force stop", in: &t)
        if !state.runningWorkers.isEmpty { t.stopWork(.user, includingForeground: true) }
        end(reason: "force stop", in: &t)
    }

    /// The device rebooted: process gone, services stopped, Doze reset; work rescheduled unless force-stopped.
    mutating func reboot(in t: inout AndroidSystemTransition) {
        stopAllServices(why: "reboot", in: &t)
        if !state.runningWorkers.isEmpty { t.stopWork(.unknown, includingForeground: true) }
        end(reason: "reboot", in: &t)
        if state.dozeSince != nil {
            state.dozeSince = nil
            t.log(.androidDevice, "Doze", "exited: reboot")
        }
        state.lastActivityAt = t.now
        if state.forceStopped {
            t.log(.androidProcess, "boot", "ACTION_BOOT_COMPLETED not delivered: the app is force-stopped")
        } else {
            t.actions.append(.rescheduleWork(reason: "ACTION_BOOT_COMPLETED"))
        }
    }

    /// Ends the process (if any) for this reason.
    private mutating func end(reason: String, in t: inout AndroidSystemTransition) {
        state.runningWorkers = []
        for service in state.backgroundServices {
            t.log(.androidProcess, "service \(service.name)", "ended with the process (\(reason))")
        }
        state.backgroundServices = []
        state.backgroundSince = nil
        guard state.phase != .gone else { return }
        state.phase = .gone
        state.lastEnd = reason
        t.log(.androidProcess, "app", "process ended: \(reason)")
        t.actions.append(.endProcess(reason: reason))
    }

    /// Starts a foreground service with its notification.
    mutating func startService(
        _ name: String, notification: String?, fromWorker: Bool, in t: inout AndroidSystemTransition
    ) {
        if state.forceStopped { return t.refuse("the app is force-stopped: it cannot start \(name)") }
        if state.foregroundServices.contains(where: { $0.name == name }) {
            return t.refuse("foreground service \(name) is already running")
        }
        if let refusal = foregroundStartRefusal(fromWorker: fromWorker) {
            return t.refuseLogged(.foregroundService, name, refusal)
        }
        startInBackground(reason: "foreground service \(name)", in: &t)
        let service = ForegroundServiceSnapshot(
            name: name, notification: notification ?? "\(name) running", startedAt: t.now, fromWorker: fromWorker)
        state.foregroundServices.append(service)
        t.log(.foregroundService, name, fromWorker ? "started by a worker (setForegroundAsync)" : "started")
        t.actions.append(.showNotification(service))
    }

    /// Stops one foreground service and removes its notification.
    mutating func stopService(_ name: String, why: String, in t: inout AndroidSystemTransition) {
        guard let index = state.foregroundServices.firstIndex(where: { $0.name == name }) else {
            return t.refuse("no foreground service named \(name)")
        }
        state.foregroundServices.remove(at: index)
        t.log(.foregroundService, name, why)
        t.actions.append(.removeNotification(service: name))
    }

    /// Stops every foreground service for this reason.
    private mutating func stopAllServices(why: String, in t: inout AndroidSystemTransition) {
        for service in state.foregroundServices { stopService(service.name, why: why, in: &t) }
    }
}
