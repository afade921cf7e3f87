import Foundation

/// Background relaunches for session events, the rate limiter, and the completion-handler contract (`0x2182bad3`).
extension AppLifecycle {
    /// The daemon has events for `session`: launch or resume the app in the background now, or once the rate
    /// limiter's delay ends. Refused after a force-quit, and when the app runs (the session delivers directly).
    mutating func relaunchRequested(session: String, in t: inout AppLifecycleTransition) {
        if state.forceQuit || state.phase.runsCode {
            return refuse("relaunch for \(session): " + state.canRelaunch(steady: t.steady).reason, in: &t)
        }
        if !state.pendingRelaunches.contains(session) { state.pendingRelaunches.append(session) }
        state.heldForOpen.removeAll { $0 == session }
        let remaining = state.limiter.remaining(at: t.steady)
        if remaining > 0 {
            t.log(
                .appRelaunch, "app",
                "relaunch for \(session) delayed \(DurationText.short(remaining)) by the relaunch rate limiter")
        } else {
            relaunchPendingIfAllowed(in: &t)
        }
    }

    /// The session's events wait for the user to open the app: its `sessionSendsLaunchEvents` is off, so the system
    /// neither launches nor resumes the app for them (said once per wait).
    mutating func holdForOpen(session: String, in t: inout AppLifecycleTransition) {
        guard !state.phase.runsCode else {
            return refuse("launch events off for \(session): the app runs; the session delivers directly", in: &t)
        }
        guard !state.heldForOpen.contains(session) else { return }
        state.heldForOpen.append(session)
        t.log(
            .appRelaunch, "app",
            "no background launch for \(session)'s events: its sessionSendsLaunchEvents is off; "
                + "they wait for the user to open the app")
    }

    /// Launches or resumes the app in the background for every waiting session once the limiter allows: the
    /// delay doubles first, then `didFinishLaunching`/`didEnterBackground` (a launch) and one
    /// `handleEventsForBackgroundURLSession` per session, each with a new completion-handler token.
    mutating func relaunchPendingIfAllowed(in t: inout AppLifecycleTransition) {
        guard !state.pendingRelaunches.isEmpty, state.canRelaunch(steady: t.steady).allowed else { return }
        let sessions = state.pendingRelaunches
        state.pendingRelaunches = []
        let resumed = state.phase == .suspended
        let delay = state.limiter.recordRelaunch(at: t.steady)
        let reason = "session events for " + sessions.joined(separator: ", ")
        state.phase = .background
        state.backgroundSince = t.steady
        if resumed {
            t.actions.append(.resumeAppInBackground(reason: reason))
        } else {
            t.actions += [
                .launchAppInBackground(reason: reason), .callDelegate(.didFinishLaunching(inBackground: true)),
                .callDelegate(.didEnterBackground),
            ]
        }
        t.log(
            .appRelaunch, "app",
            "\(resumed ? "resumed" : "launched") in the background for \(reason); "
                + "next relaunch delay \(DurationText.short(delay))")
        for session in sessions {
            let token = CompletionHandlerToken(rawValue: state.nextTokenNumber)
            state.nextTokenNumber += 1
            state.handlers.append(
                OutstandingCompletionHandler(
                    token: token, session: session, deadline: t.steady + policy.completionHandlerDeadline))
            t.log(
                .appCompletionHandler, session,
                "\(token) issued; call within \(DurationText.short(policy.completionHandlerDeadline))")
            t.actions.append(.callDelegate(.handleEventsForBackgroundURLSession(session: session, token: token)))
        }
    }

    /// `urlSessionDidFinishEvents(forBackgroundURLSession:)` was delivered: the app may now call the handler.
    mutating func sessionEventsFinished(_ token: CompletionHandlerToken, in t: inout AppLifecycleTransition) {
        guard let index = state.handlers.firstIndex(where: { $0.token == token }) else {
            return refuse("urlSessionDidFinishEvents: no outstanding completion handler \(token.rawValue)", in: &t)
        }
        guard !state.handlers[index].eventsFinished else {
            return refuse("urlSessionDidFinishEvents: already delivered for \(token)", in: &t)
        }
        state.handlers[index].eventsFinished = true
        t.log(.appCompletionHandler, state.handlers[index].session, "urlSessionDidFinishEvents delivered")
    }

    /// The app called a completion handler: it no longer holds the app running. Calling it before
    /// `urlSessionDidFinishEvents` is accepted but logged (the snapshot may miss the last events).
    mutating func completionHandlerCalled(_ token: CompletionHandlerToken, in t: inout AppLifecycleTransition) {
        guard let index = state.handlers.firstIndex(where: { $0.token == token }) else {
            return refuse(
                "completion handler \(token.rawValue): not outstanding (already called, expired or never issued)",
                in: &t)
        }
        let handler = state.handlers.remove(at: index)
        let left = DurationText.short(handler.deadline - t.steady)
        t.log(
            .appCompletionHandler, handler.session,
            "\(token) called with \(left) to spare"
                + (handler.eventsFinished ? "" : " (before urlSessionDidFinishEvents)"))
    }

    /// A handler past its deadline kills the background or suspended app with `0x2182bad3`; in the foreground
    /// it lapses without a kill (nothing is watched there) and can no longer be called.
    mutating func enforceHandlerDeadlines(in t: inout AppLifecycleTransition) {
        let overdue = state.handlers.filter { $0.deadline <= t.steady }
        guard !overdue.isEmpty else { return }
        if state.phase.isForeground {
            state.handlers.removeAll { $0.deadline <= t.steady }
            for handler in overdue {
                t.log(.appCompletionHandler, handler.session, "\(handler.token) lapsed in the foreground")
            }
            return
        }
        let sessions = overdue.map(\.session).joined(separator: ", ")
        let reason =
            "\(WatchdogCode.backgroundURLSession): completion handler for \(sessions) not called within "
            + "\(DurationText.short(policy.completionHandlerDeadline))"
        kill(code: WatchdogCode.backgroundURLSession, reason: reason, in: &t)
    }
}
