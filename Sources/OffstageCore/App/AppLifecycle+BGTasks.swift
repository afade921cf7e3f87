import Foundation

/// The BG scheduler's side of the one app process: its launches, their end, its watchdog, the app's crashes.
extension AppLifecycle {
    /// The scheduler launched a BG task: the same process a session relaunch uses is launched (not running) or
    /// resumed (suspended) in the background, through the one relaunch limiter when the launch counts.
    mutating func backgroundTaskLaunched(_ identifier: String, counted: Bool, in t: inout AppLifecycleTransition) {
        let resumes = AppLifecycleState.launchResumesApp(phase: state.phase, runningBGTasks: state.bgTasks.count)
        let delay = counted && resumes ? state.limiter.recordRelaunch(at: t.steady) : nil
        if !state.bgTasks.contains(identifier) { state.bgTasks.append(identifier) }
        t.changed = true
        let reason = "BG task \(identifier)"
        let limiterText = delay.map { "; next relaunch delay \(DurationText.short($0))" } ?? ""
        switch state.phase {
        case .notRunning:
            state.phase = .background
            state.backgroundSince = t.steady
            t.actions += [
                .launchAppInBackground(reason: reason), .callDelegate(.didFinishLaunching(inBackground: true)),
                .callDelegate(.didEnterBackground),
            ]
            t.log(
                .appLifecycle, "app",
                "launched in the background for \(reason) (not-running → background)\(limiterText)")
        case .suspended:
            state.phase = .background
            state.backgroundSince = t.steady
            t.actions.append(.resumeAppInBackground(reason: reason))
            t.log(
                .appLifecycle, "app", "resumed in the background for \(reason) (suspended → background)\(limiterText)")
        case .background, .active, .inactive:
            if !limiterText.isEmpty { t.log(.appRelaunch, "app", "\(reason) counted\(limiterText)") }
        }
    }

    /// A BG task ended: it no longer keeps the app running (an unknown identifier changes nothing).
    mutating func backgroundTaskEnded(_ identifier: String, in t: inout AppLifecycleTransition) {
        guard let index = state.bgTasks.firstIndex(of: identifier) else { return }
        state.bgTasks.remove(at: index)
        t.changed = true
    }

    /// The scheduler's watchdog kills the app: the one process ends, with its BG tasks, background tasks and
    /// completion handlers.
    mutating func watchdogKilled(code: String, reason: String, in t: inout AppLifecycleTransition) {
        guard state.phase.hasProcess else { return refuse("watchdog kill: the app is not running", in: &t) }
        kill(code: code, reason: reason, in: &t)
    }

    /// The app crashed: its process ends as a system termination would (transfers go on, relaunch allowed).
    mutating func crashed(_ exception: String, in t: inout AppLifecycleTransition) {
        guard state.phase.hasProcess else { return refuse("crash: the app is not running", in: &t) }
        let from = state.phase
        endProcess(.system(reason: "crashed"))
        t.log(
            .appTerminated, "app",
            "crashed (\(from.rawValue) → not-running): NSInternalInconsistencyException: \(exception)")
    }
}
