import Foundation

/// An input to the one model app: an event for the BG scheduler or for the app's life cycle.
public enum ModelAppInput: Sendable, Equatable {
    /// An event for the BG task scheduler.
    case scheduler(SchedulerEvent)
    /// An event for the app's life cycle.
    case lifecycle(AppLifecycleEvent)
}

/// One machine's transition inside `ModelAppSystem.handle`: the event it got and the actions it returned.
public enum ModelAppStep: Sendable, Equatable {
    /// The scheduler handled this event.
    case scheduler(SchedulerEvent, [SchedulerAction])
    /// The life cycle handled this event.
    case lifecycle(AppLifecycleEvent, [AppLifecycleAction])
}

/// The one model app as the system sees it: the BG task scheduler and the app's life cycle, wired together.
///
/// The life cycle owns the app's process (its phase, the one relaunch limiter, force-quit, terminations); the
/// scheduler is told the app's state (`.appChanged`) and asks the life cycle to launch the app for a task, to
/// kill it (its `0x2182bad2` watchdog) or to end it after a crash. A BG task launch and a session relaunch
/// therefore launch the same process through the same limiter, and a kill from either side ends that one
/// process: its BG tasks, background tasks and completion handlers. Pure: the shell carries out the steps.
public struct ModelAppSystem: Sendable, Equatable {
    /// The BG task scheduler.
    public var scheduler: TaskScheduler
    /// The app's life cycle.
    public var lifecycle: AppLifecycle

    /// The two machines.
    public init(scheduler: TaskScheduler, lifecycle: AppLifecycle) {
        self.scheduler = scheduler
        self.lifecycle = lifecycle
    }

    /// Handles one input and everything it causes between the two machines, at wall time `now` and steady time
    /// `steady` (the one `SteadyClock`'s, which the scheduler's state keeps: `readSteady`); returns every transition
    /// in order, the input's first.
    public mutating func handle(_ input: ModelAppInput, now: Date, steady: Double) -> [ModelAppStep] {
        var work = [input]
        var steps: [ModelAppStep] = []
        var index = 0
        while index < work.count, index < 1000 {
            switch work[index] {
            case .scheduler(let event):
                let actions = scheduler.handle(event, now: now, steady: steady)
                steps.append(.scheduler(event, actions))
                work += Self.routed(actions)
            case .lifecycle(let event):
                let actions = lifecycle.handle(event, now: now, steady: steady)
                steps.append(.lifecycle(event, actions))
                let view = lifecycle.state.schedulerView
                if view != scheduler.state.app {
                    let why = lifecycle.state.lastTermination?.text ?? "ended"
                    work.append(.scheduler(.appChanged(view, why: why)))
                }
            }
            index += 1
        }
        return steps
    }

    /// The exception the app's launch raises, if the app's code makes these calls while it launches (`launch`:
    /// `ModelApp.launchEvents()`, its registrations and the end of launching), or nil: a what-if on a copy, so a
    /// command that launches the app can say it crashed rather than that it opened (the registrations run after
    /// the command's outcome is committed).
    public func crashAtLaunch(_ launch: [SchedulerEvent], now: Date, steady: Double) -> String? {
        guard scheduler.state.launching else { return nil }
        var copy = self
        for event in launch {
            for case .scheduler(_, let actions) in copy.handle(.scheduler(event), now: now, steady: steady) {
                for case .crashApp(let exception) in actions { return exception }
            }
        }
        return nil
    }

    /// The life-cycle events a scheduler transition causes: launches, kills and crashes first, then the ends
    /// of the BG tasks that finished (so a kill ends the process before its tasks are let go).
    static func routed(_ actions: [SchedulerAction]) -> [ModelAppInput] {
        var first: [ModelAppInput] = []
        var ended: [ModelAppInput] = []
        for action in actions {
            switch action {
            case .commit(let changes):
                ended += changes.finishedRuns.map { .lifecycle(.backgroundTaskEnded(identifier: $0.identifier)) }
            case .launchApp(let identifier, let counted):
                first.append(.lifecycle(.backgroundTaskLaunched(identifier: identifier, counted: counted)))
            case .killApp(let code, let reason):
                first.append(.lifecycle(.watchdogKilled(code: code, reason: reason)))
            case .crashApp(let exception):
                first.append(.lifecycle(.appCrashed(exception: exception)))
            default:
                continue
            }
        }
        return first + ended
    }
}

extension AppTermination {
    /// How the process ended, as the scheduler's log says it ("killed by the watchdog (0x2182bad2)").
    public var text: String {
        switch self {
        case .userForceQuit: "swiped away by the user"
        case .system(let reason): reason == "crashed" ? "crashed" : "terminated by the system (\(reason))"
        case .watchdog(let code): "killed by the watchdog (\(code))"
        case .reboot: "Offstage stopped while the task ran"
        }
    }
}
