import Foundation

/// A fact the app life-cycle manager reacts to: a user gesture, an app API call, a system decision, a timer.
///
/// Every event comes with `now` (wall clock, for the log) and `steady` (seconds from a clock that never jumps
/// and continues across restarts) — see `AppLifecycle.handle(_:now:steady:)`.
public enum AppLifecycleEvent: Sendable, Equatable {
    /// The user tapped the app's icon or switched to it: it launches or comes to the front, becomes active,
    /// and the force-quit mark and the relaunch delay are cleared.
    case userOpened
    /// The user went to the Home screen: the active or inactive app moves to the background.
    case userPressedHome
    /// The user locked the device: the active or inactive app resigns active and moves to the background.
    case userLockedDevice
    /// An interruption began (a call, Control Center, a system alert): the active app becomes inactive.
    case interruptionBegan
    /// The interruption ended: the inactive app becomes active again.
    case interruptionEnded
    /// The user swiped the app away in the app switcher (any phase with a process).
    case userForceQuit
    /// The system purged the background or suspended app (memory pressure, jetsam) for this reason.
    case systemTerminated(reason: String)
    /// The offstage process restarted: treated as a device reboot (see `RebootPolicy`).
    case processRestarted
    /// The transfer daemon has events for this background session and asks for a background relaunch.
    case relaunchRequested(forSession: String)
    /// The transfer daemon has events for this session, whose `sessionSendsLaunchEvents` is off: the app is neither
    /// launched nor resumed for them; they wait for the user to open it.
    case launchEventsOff(session: String)
    /// The app called `beginBackgroundTask(withName:expirationHandler:)`.
    case beginBackgroundTask(name: String, hasExpirationHandler: Bool)
    /// The app called `endBackgroundTask(_:)`.
    case endBackgroundTask(id: BackgroundTaskID)
    /// The session delivered `urlSessionDidFinishEvents(forBackgroundURLSession:)` for this handler's session.
    case sessionEventsFinished(token: CompletionHandlerToken)
    /// The app called the completion handler it got with `handleEventsForBackgroundURLSession`.
    case completionHandlerCalled(token: CompletionHandlerToken)
    /// The BG scheduler launched this task: launch the app in the background (not running), resume it
    /// (suspended), or hand it the task (running); `counted`: the launch counts for the relaunch limiter.
    case backgroundTaskLaunched(identifier: String, counted: Bool)
    /// A BG task the scheduler launched ended (completed, expired, or killed): it no longer holds the app.
    case backgroundTaskEnded(identifier: String)
    /// The watchdog kills the app's process with this code (`0x2182bad2` from the BG scheduler) and reason.
    case watchdogKilled(code: String, reason: String)
    /// The app raised an exception (`NSInternalInconsistencyException` with this text): its process ends.
    case appCrashed(exception: String)
    /// A remote notification arrives for the app (`offstage push`).
    case pushReceived(SilentPush)
    /// Low Power Mode or a Background App Refresh switch changed (what background pushes depend on).
    case pushGateChanged(PushGate)
    /// A wake-up the life-cycle manager asked for came due.
    case timerFired
}
