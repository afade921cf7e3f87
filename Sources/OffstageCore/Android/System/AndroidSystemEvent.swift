import Foundation

/// A fact the Android system model reacts to: a user gesture, a CLI command, a device change, a worker, a timer.
public enum AndroidSystemEvent: Sendable, Equatable {
    /// The user opened the app: its process comes to the foreground, the screen is on (Doze ends), the bucket
    /// becomes active, and a force-stop is lifted (WorkManager reschedules its work, as its `ForceStopRunnable` does).
    case appOpened
    /// The user left the app (Home, another app, lock): the process stays, in the background.
    case appLeft
    /// The user or the CLI (`device bucket NAME`) put the app in this standby bucket.
    case bucketSet(StandbyBucket)
    /// `device doze on`: the device enters Doze now (like `dumpsys deviceidle force-idle`; refused on a charger).
    case dozeOn
    /// `device doze off`: the device leaves Doze now.
    case dozeOff
    /// The screen turned on (leaves Doze) or off (starts the quiet time for device idle and automatic Doze).
    case screenChanged(on: Bool)
    /// The device moved: it leaves Doze and the quiet time starts again.
    case motionDetected
    /// The shared device conditions changed; plugging in leaves Doze and lifts bucket limits.
    case conditionsChanged(DeviceConditions)
    /// Battery saver was switched on or off.
    case batterySaverChanged(Bool)
    /// The user restricted (or unrestricted) the app's background activity (`isBackgroundRestricted`).
    case backgroundRestrictionChanged(Bool)
    /// The device started or stopped roaming.
    case roamingChanged(Bool)
    /// Storage became low, or stopped being low.
    case storageLowChanged(Bool)
    /// WorkManager started an expedited job: it counts against the quota unless the app is in the foreground.
    case expeditedJobStarted(name: String)
    /// WorkManager started a worker: a gone process starts in the background.
    case workerStarted(name: String)
    /// A worker ended (any result, or stopped).
    case workerEnded(name: String)
    /// The low-memory killer ended the background process (refused while a foreground service keeps it).
    case lowMemoryKilled
    /// The user force-stopped the app: the process ends, work stops with USER, services stop, and no job runs
    /// until the user opens the app again.
    case forceStopped
    /// The device rebooted (the offstage process restarted): the process is gone, services stop, Doze ends, and
    /// WorkManager reschedules its work (`ACTION_BOOT_COMPLETED`) unless the app is force-stopped.
    case rebooted
    /// `fgs start NAME`, or a worker's `setForegroundAsync` (`fromWorker`): a foreground service starts with this
    /// notification text (nil: "NAME running"); a gone process starts in the background.
    case foregroundServiceStarted(name: String, notification: String?, fromWorker: Bool)
    /// `fgs stop NAME`, or the worker that started it ended: the service and its notification go.
    case foregroundServiceStopped(name: String)
    /// A wake-up the model asked for (`.wake(at:)`) came due.
    case timerFired
    /// `android service start NAME`: the app starts a plain background service (`startService`).
    case backgroundServiceStarted(name: String)
    /// `android service stop NAME`: the app stops it (`stopService`).
    case backgroundServiceStopped(name: String)
}
