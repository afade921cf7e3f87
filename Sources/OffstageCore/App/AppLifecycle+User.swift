import Foundation

/// User gestures and process ends: open, home, lock, interruptions, force-quit, system termination, reboot.
extension AppLifecycle {
    /// The user opened the app: launch (not running), resume (suspended), or bring to the front (background).
    ///
    /// Opening is what lifts a force-quit, resets the relaunch rate limiter, and releases transfers a reboot held
    /// for the next launch. Relaunches still waiting for the limiter are dropped: in the foreground the session
    /// delivers its events directly. Open background tasks stay open; their time restarts at the next home.
    mutating func userOpened(in t: inout AppLifecycleTransition) {
        let from = state.phase
        switch from {
        case .active:
            return refuse("the app is already active", in: &t)
        case .inactive:
            t.actions.append(.callDelegate(.didBecomeActive))
        case .notRunning:
            t.actions += [
                .launchAppInForeground, .callDelegate(.didFinishLaunching(inBackground: false)),
                .callDelegate(.didBecomeActive),
            ]
        case .background, .suspended:
            t.actions += [.callDelegate(.willEnterForeground), .callDelegate(.didBecomeActive)]
        }
        state.phase = .active
        state.backgroundSince = nil
        for index in state.tasks.indices { state.tasks[index].expired = false }
        let path = from == .inactive ? "inactive → active" : "\(from.rawValue) → inactive → active"
        t.log(.appLifecycle, "app", "opened by the user: \(path)")
        if state.forceQuit {
            state.forceQuit = false
            t.log(.appRelaunch, "app", "opened after a force-quit: background relaunches allowed again")
        }
        if state.limiter.delay > 0 {
            state.limiter.reset()
            t.log(.appRelaunch, "app", "relaunch rate limiter reset (the user brought the app to the front)")
        }
        if !state.pendingRelaunches.isEmpty {
            t.log(
                .appRelaunch, "app",
                "delayed relaunch dropped (the app is in the foreground): "
                    + state.pendingRelaunches.joined(separator: ", "))
            state.pendingRelaunches = []
        }
        if !state.heldForOpen.isEmpty {
            t.log(
                .appRelaunch, "app",
                "opened: the events held for \(state.heldForOpen.joined(separator: ", ")) (launch events off) "
                    + "are delivered now")
            state.heldForOpen = []
        }
        if state.transfersHeldForLaunch {
            state.transfersHeldForLaunch = false
            t.log(.appLifecycle, "transfers", "released at the first launch after the reboot")
            t.actions.append(.resumeTransfers)
        }
    }

    /// The user went home or locked the device: the foreground app resigns active and enters the background,
    /// where `applicationDidEnterBackground` gets the grace and background time starts counting.
    mutating func userLeft(why: String, in t: inout AppLifecycleTransition) {
        let from = state.phase
        guard from.isForeground else {
            return refuse("\(why): the app is not in the foreground (\(from.rawValue))", in: &t)
        }
        if from == .active { t.actions.append(.callDelegate(.willResignActive)) }
        state.phase = .background
        state.backgroundSince = t.steady
        t.actions.append(.callDelegate(.didEnterBackground))
        let path = from == .active ? "active → inactive → background" : "inactive → background"
        t.log(
            .appLifecycle, "app",
            "\(why): \(path) (\(DurationText.short(policy.didEnterBackgroundGrace)) for applicationDidEnterBackground, "
                + "\(DurationText.short(policy.backgroundTaskLimit)) of background time)")
    }

    /// An interruption (call, Control Center, alert) began or ended: active ↔ inactive.
    mutating func interruption(began: Bool, in t: inout AppLifecycleTransition) {
        let expected: AppLifecyclePhase = began ? .active : .inactive
        guard state.phase == expected else {
            return refuse(
                "interruption \(began ? "began" : "ended"): the app is not \(expected.rawValue) (\(state.phase.rawValue))",
                in: &t)
        }
        state.phase = began ? .inactive : .active
        t.actions.append(.callDelegate(began ? .willResignActive : .didBecomeActive))
        t.log(.appLifecycle, "app", began ? "interrupted: active → inactive" : "interruption ended: inactive → active")
    }

    /// The user swiped the app away: the process ends, transfers are cancelled (−999, reason 0) and nothing
    /// relaunches the app until the user opens it. A not-running app has no card to swipe away: refused.
    mutating func forceQuit(in t: inout AppLifecycleTransition) {
        let from = state.phase
        guard from.hasProcess else { return refuse("force-quit: the app is not running", in: &t) }
        endProcess(.userForceQuit)
        state.forceQuit = true
        state.pendingRelaunches = []
        let reason = TransferCancellationReason.userForceQuit
        t.log(
            .appTerminated, "app",
            "force-quit by the user (\(from.rawValue) → not-running); transfers cancelled "
                + "(\(TransferCancellationReason.errorCode), reason \(reason.rawValue): \(reason.text)); "
                + "no relaunch until the user opens the app")
        t.actions.append(.cancelTransfers(reason: reason))
    }

    /// The system purged the background or suspended app: transfers go on and it may be relaunched. The
    /// foreground app is refused (the model does not jetsam the frontmost app).
    mutating func systemTerminated(reason: String, in t: inout AppLifecycleTransition) {
        let from = state.phase
        guard from == .background || from == .suspended else {
            return refuse(
                "system termination: only a background or suspended app is purged (\(from.rawValue)); "
                    + "send it to the background first", in: &t)
        }
        endProcess(.system(reason: reason))
        t.log(
            .appTerminated, "app",
            "terminated by the system (\(reason)) (\(from.rawValue) → not-running); transfers go on")
    }

    /// The offstage process restarted, modelled as a device reboot: the app is not running (in every phase), the
    /// force-quit mark and the limiter survive (unless its delay was measured on a steady clock that restarted),
    /// delayed relaunches are dropped, and transfers follow the policy.
    mutating func reboot(in t: inout AppLifecycleTransition) {
        let from = state.phase
        if from.hasProcess { endProcess(.reboot) }
        state.pendingRelaunches = []
        // A real reboot restarts a monotonic steady clock: a delay ending further away than the limiter's longest
        // one was measured on the old clock, and is over.
        if state.limiter.remaining(at: t.steady) > state.limiter.maxDelay { state.limiter.reset() }
        let policyText: String
        switch policy.rebootPolicy {
        case .resumeTransfers:
            policyText = "transfers resume"
            t.actions.append(.resumeTransfers)
        case .waitForAppLaunch:
            policyText = "transfers wait for the next app launch"
            state.transfersHeldForLaunch = true
        case .cancelTransfers:
            let reason = TransferCancellationReason.insufficientSystemResources
            policyText =
                "transfers cancelled (\(TransferCancellationReason.errorCode), reason \(reason.rawValue): \(reason.text))"
            t.actions.append(.cancelTransfers(reason: reason))
        }
        guard from.hasProcess else {
            // Nothing ran to be terminated (a fresh home, or an app that had ended): the restart is all there is.
            return t.log(
                .appLifecycle, "app", "device rebooted (process restarted): the app was not running; \(policyText)")
        }
        t.log(
            .appTerminated, "app", "device rebooted (process restarted) (\(from.rawValue) → not-running); \(policyText)"
        )
    }
}
