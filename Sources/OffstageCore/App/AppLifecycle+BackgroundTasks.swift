import Foundation

/// `beginBackgroundTask` / `endBackgroundTask`, expiration handlers and the `0x2182bad2` watchdog.
extension AppLifecycle {
    /// `beginBackgroundTask(withName:expirationHandler:)`: granted in the foreground and in the background while
    /// background time remains (`.invalid` once it is gone); refused when the app runs no code. A task begun
    /// within `expirationLead` of the end has its expiration handler called at once.
    mutating func beginTask(name: String, hasExpirationHandler: Bool, in t: inout AppLifecycleTransition) {
        guard state.phase.runsCode else {
            return refuse("beginBackgroundTask: the app runs no code (\(state.phase.rawValue))", in: &t)
        }
        let remaining = backgroundTimeRemaining(steady: t.steady)
        guard remaining > 0 else {
            t.actions.append(.grantBackgroundTask(.invalid))
            t.log(.appBackgroundTask, "app", "beginBackgroundTask(\(name)) returned invalid: no background time left")
            return
        }
        let id = BackgroundTaskID(rawValue: state.nextTaskNumber)
        state.nextTaskNumber += 1
        let task = BackgroundTaskRecord(
            id: id, name: name, hasExpirationHandler: hasExpirationHandler, begunAt: t.steady)
        state.tasks.append(task)
        t.actions.append(.grantBackgroundTask(id))
        let left =
            state.phase.isForeground
            ? "in the foreground" : "with \(DurationText.short(remaining)) of background time left"
        t.log(
            .appBackgroundTask, task.subject,
            "began \(left)" + (hasExpirationHandler ? "" : "; no expiration handler"))
    }

    /// `endBackgroundTask(_:)`: closes an open task; an unknown or already-ended identifier is refused with
    /// UIKit's message. The app is suspended right after if nothing else holds it and the grace has passed.
    mutating func endTask(_ id: BackgroundTaskID, in t: inout AppLifecycleTransition) {
        guard state.phase.runsCode else {
            return refuse("endBackgroundTask: the app runs no code (\(state.phase.rawValue))", in: &t)
        }
        guard let index = state.tasks.firstIndex(where: { $0.id == id }) else {
            return refuse(
                "Can't end BackgroundTask: no background task exists with identifier \(id), "
                    + "or it may have already been ended", in: &t)
        }
        let task = state.tasks.remove(at: index)
        let left = backgroundTimeRemaining(steady: t.steady)
        t.log(
            .appBackgroundTask, task.subject,
            "ended" + (state.phase == .background ? " with \(DurationText.short(left)) left" : ""))
    }

    /// Calls the expiration handler of every open task whose background time is within `expirationLead` of its
    /// end (once per stay in the background); a task without one is logged.
    mutating func expireTasks(in t: inout AppLifecycleTransition) {
        guard state.phase == .background, let end = state.backgroundEnd(policy),
            t.steady >= end - policy.expirationLead
        else { return }
        for index in state.tasks.indices where !state.tasks[index].expired {
            state.tasks[index].expired = true
            let task = state.tasks[index]
            if task.hasExpirationHandler {
                t.log(.appBackgroundTask, task.subject, "expiration handler called")
                t.actions.append(.callExpirationHandler(taskID: task.id))
            } else {
                t.log(.appBackgroundTask, task.subject, "expiring with no expiration handler to call")
            }
        }
    }

    /// Kills the app with `0x2182bad2` when background time is over and a task is still open.
    mutating func enforceTaskLimit(in t: inout AppLifecycleTransition) {
        guard state.phase == .background, !state.tasks.isEmpty, let end = state.backgroundEnd(policy),
            t.steady >= end
        else { return }
        let names = state.tasks.map(\.subject).joined(separator: ", ")
        let reason =
            "\(WatchdogCode.backgroundTask): \(names) not ended within "
            + "\(DurationText.short(policy.backgroundTaskLimit)) of background time"
        kill(code: WatchdogCode.backgroundTask, reason: reason, in: &t)
    }

    /// The watchdog kills the app: a system termination (transfers go on, relaunch allowed), logged with the code.
    mutating func kill(code: String, reason: String, in t: inout AppLifecycleTransition) {
        let from = state.phase
        endProcess(.watchdog(code: code))
        t.log(.appKilled, "app", "killed by the watchdog (\(from.rawValue) → not-running): \(reason)")
        t.actions.append(.killApp(code: code, reason: reason))
    }
}
