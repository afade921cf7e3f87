import Foundation

/// Plain background services and the limits on services in the background: from API 26 the system stops an idle
/// app's background services and refuses new ones; from API 31 it refuses a foreground service started from the
/// background (`AndroidPolicy.apiLevel`, `backgroundServiceSettle`).
extension AndroidSystemModel {
    /// Whether the app counts as idle for the background-service limits at `now`: API 26+, in the background for
    /// `backgroundServiceSettle` or more, with no foreground service (one makes the app a foreground app).
    func isIdleForServices(now: Date) -> Bool {
        guard let since = state.backgroundSince else { return false }
        return policy.apiLevel >= 26 && state.phase == .background && state.foregroundServices.isEmpty
            && now >= since.addingTimeInterval(policy.backgroundServiceSettle)
    }

    /// When the system will stop the background services (nil: it will not, as things stand).
    var backgroundServicesStopAt: Date? {
        guard policy.apiLevel >= 26, !state.backgroundServices.isEmpty, state.phase == .background,
            state.foregroundServices.isEmpty, let since = state.backgroundSince
        else { return nil }
        return since.addingTimeInterval(policy.backgroundServiceSettle)
    }

    /// `startService`: runs at once while the app is in the foreground or within the settle window; an idle app
    /// (API 26+) gets `IllegalStateException`, which the events show.
    mutating func startBackgroundService(_ name: String, in t: inout AndroidSystemTransition) {
        if state.forceStopped { return t.refuse("the app is force-stopped: it cannot start \(name)") }
        if state.phase == .gone {
            return t.refuse("the app has no process: open it first (offstage android open)")
        }
        if state.backgroundServices.contains(where: { $0.name == name }) {
            return t.refuse("background service \(name) is already running")
        }
        if isIdleForServices(now: t.now) {
            return t.refuseLogged(
                .androidProcess, "service \(name)",
                "IllegalStateException: Not allowed to start service \(name): app is in background "
                    + "(idle for over \(DurationText.short(policy.backgroundServiceSettle)); API \(policy.apiLevel), "
                    + "background service limits since API 26)")
        }
        state.backgroundServices.append(BackgroundServiceRecord(name: name, startedAt: t.now))
        let limit =
            policy.apiLevel >= 26
            ? "; the system stops it \(DurationText.short(policy.backgroundServiceSettle)) after the app leaves "
                + "the foreground (API 26+)"
            : ""
        t.log(
            .androidProcess, "service \(name)", "started (a background service, no notification)\(limit)")
    }

    /// `stopService`.
    mutating func stopBackgroundService(_ name: String, in t: inout AndroidSystemTransition) {
        guard let index = state.backgroundServices.firstIndex(where: { $0.name == name }) else {
            return t.refuse("no background service named \(name)")
        }
        state.backgroundServices.remove(at: index)
        t.log(.androidProcess, "service \(name)", "stopped by the app")
    }

    /// The app became idle: the system stops its background services, as if each called `stopSelf()`.
    mutating func stopBackgroundServicesOfAnIdleApp(in t: inout AndroidSystemTransition) {
        guard let due = backgroundServicesStopAt, t.now >= due else { return }
        for service in state.backgroundServices {
            t.log(
                .androidProcess, "service \(service.name)",
                "stopped by the system: the app has been in the background for "
                    + "\(DurationText.short(policy.backgroundServiceSettle)) (background service limits, "
                    + "API \(policy.apiLevel) ≥ 26)")
        }
        state.backgroundServices = []
    }

    /// Why the system refuses to start a foreground service now, or nil: from API 31 an app in the background may
    /// not start one (`ForegroundServiceStartNotAllowedException`), whether the app calls `startForegroundService`
    /// (`fgs start`) or a worker calls `setForegroundAsync` (`work foreground`). The one exemption modelled: the app
    /// is visible (in the foreground).
    func foregroundStartRefusal(fromWorker: Bool) -> String? {
        guard policy.apiLevel >= 31, state.phase != .foreground else { return nil }
        let call = fromWorker ? "setForegroundAsync()" : "startForegroundService()"
        return
            "ForegroundServiceStartNotAllowedException: \(call) not allowed: the app is "
            + "\(state.phase == .gone ? "not running" : "in the background") (API \(policy.apiLevel); since API 31 "
            + "only a visible app, or an exemption, may start a foreground service)"
    }
}
