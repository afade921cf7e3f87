import Foundation

/// The Android system around one app — App Standby Buckets, Doze, battery saver, background restriction,
/// the expedited-job quota, the process life cycle and foreground services — with no I/O.
///
/// Every input is an `AndroidSystemEvent` at wall time `now`; every output a list of `AndroidSystemAction`s, the
/// first the one `.commit` (when anything changed), the last a `.wake(at:)` when something is due later. Illegal
/// events return `.refuse(reason)` and change nothing. WorkManager reads `gate(now:)`, `expeditedQuotaLeft(now:)`
/// and `constraintInputs(now:)`. There is no Suspended state: the process is foreground, background, or gone.
public struct AndroidSystemModel: Sendable, Equatable {
    /// The numbers.
    public var policy: AndroidPolicy
    /// Everything to persist.
    public internal(set) var state: AndroidSystemState

    /// A model; `state` is what the store held (nil: a fresh device).
    public init(policy: AndroidPolicy = AndroidPolicy(), state: AndroidSystemState? = nil) {
        self.policy = policy
        self.state = state ?? AndroidSystemState()
    }

    /// Reacts to one event at wall time `now`.
    public mutating func handle(_ event: AndroidSystemEvent, now: Date) -> [AndroidSystemAction] {
        var t = AndroidSystemTransition(now: now)
        let before = state
        runDue(in: &t)
        let afterDue = (state, t)
        apply(event, in: &t)
        if let refusal = t.refusal {
            // A refused event changes nothing of its own; what came due by `now` still happens. A refusal the
            // platform raises as an exception in the app keeps its one event line.
            let line = t.refusalLine
            (state, t) = afterDue
            if let line { t.log.append(line) }
            t.actions.append(.refuse(refusal))
        }
        report(in: &t)
        if let wake = nextDeadline(now: now) { t.actions.append(.wake(at: wake)) }
        return t.finish(state, changed: state != before)
    }

    /// Applies the event itself.
    private mutating func apply(_ event: AndroidSystemEvent, in t: inout AndroidSystemTransition) {
        switch event {
        case .appOpened: appOpened(in: &t)
        case .appLeft: appLeft(in: &t)
        case .bucketSet(let bucket): setBucket(bucket, why: "set by the user", in: &t)
        case .dozeOn: dozeOn(in: &t)
        case .dozeOff: exitDoze(why: "turned off", in: &t, refuseIfAwake: true)
        case .screenChanged(let on): screenChanged(on: on, in: &t)
        case .motionDetected:
            state.lastActivityAt = t.now
            exitDoze(why: "the device moved", in: &t)
        case .conditionsChanged(let conditions): conditionsChanged(conditions, in: &t)
        case .batterySaverChanged(let on):
            guard state.batterySaver != on else { return t.refuse("battery saver is already \(on ? "on" : "off")") }
            state.batterySaver = on
            t.log(.androidDevice, "battery saver", on ? "on" : "off")
        case .backgroundRestrictionChanged(let on):
            guard state.backgroundRestricted != on else {
                return t.refuse("background activity is already \(on ? "restricted" : "unrestricted")")
            }
            state.backgroundRestricted = on
            t.log(.androidDevice, "background activity", on ? "restricted by the user" : "unrestricted")
        case .roamingChanged(let on):
            state.roaming = on
            t.log(.androidDevice, "roaming", on ? "on" : "off")
        case .storageLowChanged(let low):
            state.storageLow = low
            t.log(.androidDevice, "storage", low ? "low" : "not low")
        case .expeditedJobStarted(let name): expeditedStarted(name, in: &t)
        case .workerStarted(let name): workerStarted(name, in: &t)
        case .workerEnded(let name):
            guard let index = state.runningWorkers.firstIndex(of: name) else {
                return t.refuse("no running worker named \(name)")
            }
            state.runningWorkers.remove(at: index)
        case .lowMemoryKilled: lowMemoryKilled(in: &t)
        case .forceStopped: forceStop(in: &t)
        case .rebooted: reboot(in: &t)
        case .foregroundServiceStarted(let name, let text, let fromWorker):
            startService(name, notification: text, fromWorker: fromWorker, in: &t)
        case .foregroundServiceStopped(let name): stopService(name, why: "stopped", in: &t)
        case .backgroundServiceStarted(let name): startBackgroundService(name, in: &t)
        case .backgroundServiceStopped(let name): stopBackgroundService(name, in: &t)
        case .timerFired: break
        }
    }

    /// Writes back what came due by `now`: the unused-app fall to restricted, automatic Doze, quota pruning.
    private mutating func runDue(in t: inout AndroidSystemTransition) {
        if let due = autoRestrictDate, t.now >= due {
            state.bucket = .restricted
            state.bucketSince = due
            let unused = due.timeIntervalSince(state.lastOpenedAt ?? due)
            t.log(.androidDevice, "bucket restricted", "app not opened for \(DurationText.short(unused))")
        }
        if let auto = autoDozeDate, t.now >= auto {
            state.dozeSince = auto
            t.log(.androidDevice, "Doze", "entered: unplugged, stationary, screen off")
        }
        let from = t.now.addingTimeInterval(-policy.expeditedWindow)
        state.expeditedStarts.removeAll { $0 <= from }
        stopBackgroundServicesOfAnIdleApp(in: &t)
    }

    /// Reports a changed gate (stopping the workers it no longer lets run) and changed constraint inputs.
    private mutating func report(in t: inout AndroidSystemTransition) {
        let gate = gate(now: t.now)
        if gate != state.reportedGate {
            let wasOpen = state.reportedGate?.isOpen ?? true
            state.reportedGate = gate
            t.actions.append(.gateChanged(gate))
            if wasOpen, case .closed(let deferral, _) = gate, !state.runningWorkers.isEmpty, !t.stoppedWork {
                t.actions.append(.stopRunningWork(reason: Self.stopReason(for: deferral), includingForeground: false))
            }
        }
        let inputs = constraintInputs(now: t.now)
        if inputs != state.reportedInputs {
            state.reportedInputs = inputs
            t.actions.append(.constraintsChanged(inputs))
        }
    }

    /// The stop reason a running worker gets when the gate closes for `deferral`.
    static func stopReason(for deferral: AndroidDeferral) -> WorkStopReason {
        switch deferral {
        case .doze, .batterySaver: .deviceState
        case .bucketWindow, .restrictedBucket: .quota
        case .backgroundRestricted: .backgroundRestriction
        case .networkDisabled: .constraintConnectivity
        case .forceStopped: .user
        }
    }
}

/// Collects the log lines and actions of one Android system transition.
struct AndroidSystemTransition {
    /// Wall-clock time of the event.
    let now: Date
    /// Log lines.
    var log: [LogEntry] = []
    /// Side effects, after the commit.
    var actions: [AndroidSystemAction] = []
    /// Why the event was refused (nil: it was not).
    var refusal: String?
    /// Whether this transition already told WorkManager to stop running work.
    var stoppedWork = false

    /// Appends an event-log line.
    mutating func log(_ kind: LogKind, _ subject: String, _ reason: String = "") {
        log.append(LogEntry(time: now, kind: kind, subject: subject, reason: reason))
    }

    /// Refuses the event for this reason.
    mutating func refuse(_ reason: String) { refusal = reason }

    /// The event line a refusal keeps (the exception the app gets is in the events).
    var refusalLine: LogEntry?

    /// Refuses the event for this reason and keeps one event line saying so.
    mutating func refuseLogged(_ kind: LogKind, _ subject: String, _ reason: String) {
        refusal = reason
        refusalLine = LogEntry(time: now, kind: kind, subject: subject, reason: reason)
    }

    /// Asks WorkManager to stop running work.
    mutating func stopWork(_ reason: WorkStopReason, includingForeground: Bool) {
        actions.append(.stopRunningWork(reason: reason, includingForeground: includingForeground))
        stoppedWork = true
    }

    /// The commit (when anything changed) followed by the side effects.
    func finish(_ state: AndroidSystemState, changed: Bool) -> [AndroidSystemAction] {
        guard changed || !log.isEmpty else { return actions }
        return [.commit(AndroidSystemChanges(state: state, log: log))] + actions
    }
}
