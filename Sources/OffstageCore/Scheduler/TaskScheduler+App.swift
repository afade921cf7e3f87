import Foundation

/// The app's life cycle and registration, as the system sees them.
extension TaskScheduler {
    /// Apple's exception text for a registration after launch.
    public static let lateRegistrationException =
        "All launch handlers must be registered before application finishes launching"

    /// Apple's exception text for a second registration of an identifier.
    public static func duplicateRegistrationException(_ identifier: String) -> String {
        "Launch handler for task with identifier \(identifier) has already been registered"
    }

    /// Apple's exception text for a launch of a task with no registered handler.
    public static func noHandlerException(_ identifier: String) -> String {
        "No launch handler registered for task with identifier \(identifier)"
    }

    /// Restarted from the store: whatever ran is interrupted, the app is not running, the next wake is one interval away.
    mutating func restart(in t: inout SchedulerTransition) {
        t.changed = true
        for task in state.running {
            endRun(task, outcome: .interrupted, in: &t)
            t.log(.bgInterrupted, task.identifier, "Offstage stopped while the task ran")
        }
        state.app.phase = .notRunning
        state.launching = false
        state.registered = []
        state.nextWakeAt = nil
    }

    /// New device state; using the device stops running processing tasks (their expiration handler is called now).
    mutating func changeDevice(_ device: SchedulerDeviceState, in t: inout SchedulerTransition) {
        guard device != state.device else { return }
        state.device = device
        t.log(.conditionsChanged, "device", device.summary)
        guard device.inUse else { return }
        for index in state.running.indices where state.running[index].request.request.kind == .processing {
            if !state.running[index].expirationCalled {
                state.running[index].expirationAt = min(state.running[index].expirationAt, t.steady)
            }
        }
    }

    /// The app's own Background App Refresh switch changed.
    mutating func switchBackgroundRefreshForApp(_ on: Bool, in t: inout SchedulerTransition) {
        guard on != state.backgroundRefreshForApp else { return }
        state.backgroundRefreshForApp = on
        t.log(.conditionsChanged, "app", "Background App Refresh switched \(on ? "on" : "off") for this app")
    }

    /// The user opened the app: a credit for the budget, and an open learned at this hour of the day (the life
    /// cycle launches or fronts the app).
    mutating func userOpened(in t: inout SchedulerTransition) {
        state.budget.recordOpen(at: t.steady, parameters)
        state.usage.recordOpen(
            hour: LocalHour.of(t.now, in: policy.timeZone), at: t.steady,
            halfLife: parameters.usageHalfLife)
        t.changed = true
    }

    /// The life cycle told the app's new state: a new process opens registration; an ended one ends its tasks.
    mutating func appChanged(_ view: SchedulerAppView, why: String, in t: inout SchedulerTransition) {
        guard view != state.app else { return }
        let had = state.app.phase.hasProcess
        if view.forceQuit && !state.app.forceQuit && !state.usage.isEmpty {
            // As the platform does: a force-quit tells the system the user does not want the app in the background.
            state.usage.reset()
            t.log(
                .appLifecycle, "app", "force-quit: what was learned about when the app is used is forgotten"
            )
        }
        state.app = view
        t.changed = true
        if had && !view.phase.hasProcess {
            endProcess(outcome: .interrupted, why: why, in: &t)
        } else if !had && view.phase.hasProcess {
            state.launching = true
            state.registered = []
        }
    }

    /// The process ended: running tasks end with `outcome`, registrations are gone. The scheduler's copy of the
    /// phase changes here only for an end it caused itself (a crash, its watchdog), which it asks the life cycle
    /// to carry out in the same breath (`.crashApp`, `.killApp`).
    mutating func endProcess(outcome: TaskRunOutcome, why: String, in t: inout SchedulerTransition) {
        for task in state.running {
            endRun(task, outcome: outcome, in: &t)
            if outcome == .interrupted { t.log(.bgInterrupted, task.identifier, why) }
        }
        state.app.phase = .notRunning
        state.launching = false
        state.registered = []
        t.changed = true
    }

    /// The app raised an exception: log its text and crash it.
    mutating func crash(_ exception: String, in t: inout SchedulerTransition) {
        t.log(.appCrashed, "app", "NSInternalInconsistencyException: \(exception)")
        endProcess(outcome: .interrupted, why: "crashed", in: &t)
        t.actions.append(.crashApp(exception: exception))
    }

    /// `register(forTaskWithIdentifier:)`: only while launching; false for an identifier not in Info.plist.
    mutating func register(_ identifier: String, in t: inout SchedulerTransition) {
        guard state.app.phase.hasProcess else {
            t.actions.append(.refuse("the app is not running"))
            return
        }
        guard state.launching else { return crash(Self.lateRegistrationException, in: &t) }
        guard configuration.permittedIdentifiers.contains(identifier) else {
            t.log(.bgRegistered, identifier, "register returned false: not in BGTaskSchedulerPermittedIdentifiers")
            t.actions.append(.reply(.registered(identifier: identifier, accepted: false)))
            return
        }
        guard !state.registered.contains(identifier) else {
            return crash(Self.duplicateRegistrationException(identifier), in: &t)
        }
        state.registered.insert(identifier)
        t.log(.bgRegistered, identifier)
        t.actions.append(.reply(.registered(identifier: identifier, accepted: true)))
    }

    /// The app finished launching: registration closes and tasks launched meanwhile get their handlers called.
    mutating func finishLaunching(in t: inout SchedulerTransition) {
        guard state.launching else {
            t.actions.append(.refuse("the app is not launching"))
            return
        }
        state.launching = false
        state.lastLaunchRegistered = state.registered
        t.log(.appLifecycle, "app", "finished launching (\(state.registered.count) handlers registered)")
        for task in state.running where !task.handlerCalled {
            guard state.registered.contains(task.identifier) else {
                return crash(Self.noHandlerException(task.identifier), in: &t)
            }
            callHandler(task.identifier, in: &t)
        }
    }
}
