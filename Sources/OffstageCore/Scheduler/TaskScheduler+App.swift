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
        state.phase = .notRunning
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

    /// The user opened the app: a credit, the limiter reset, a launch if it was not running.
    mutating func userOpened(in t: inout SchedulerTransition) {
        state.budget.recordOpen(at: t.steady, parameters)
        state.limiter.reset()
        state.swipedAway = false
        switch state.phase {
        case .notRunning:
            state.phase = .launchingForeground
            state.registered = []
            t.log(.appLifecycle, "app", "launched by the user")
        case .launchingBackground:
            state.phase = .launchingForeground
            t.log(.appLifecycle, "app", "opened by the user")
        case .background:
            state.phase = .foreground
            t.log(.appLifecycle, "app", "opened by the user")
        case .foreground, .launchingForeground:
            t.changed = true
        }
    }

    /// The app left the foreground.
    mutating func userLeft(in t: inout SchedulerTransition) {
        switch state.phase {
        case .foreground: state.phase = .background
        case .launchingForeground: state.phase = .launchingBackground
        default:
            t.actions.append(.refuse("the app is not in the foreground"))
            return
        }
        t.log(.appLifecycle, "app", "moved to the background")
    }

    /// The process ended: running tasks end with `outcome`, registrations are gone.
    mutating func endProcess(outcome: TaskRunOutcome, why: String, in t: inout SchedulerTransition) {
        for task in state.running {
            endRun(task, outcome: outcome, in: &t)
            if outcome == .interrupted { t.log(.bgInterrupted, task.identifier, why) }
        }
        if state.phase != .notRunning { t.log(.appLifecycle, "app", "terminated: \(why)") }
        state.phase = .notRunning
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
        guard state.phase != .notRunning else {
            t.actions.append(.refuse("the app is not running"))
            return
        }
        guard state.phase.isLaunching else { return crash(Self.lateRegistrationException, in: &t) }
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
        guard state.phase.isLaunching else {
            t.actions.append(.refuse("the app is not launching"))
            return
        }
        state.phase = state.phase == .launchingForeground ? .foreground : .background
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
