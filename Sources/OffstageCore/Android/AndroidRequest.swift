/// Something the user, the system or the CLI does to the Android side of the model (`offstage work|fgs|device`).
public enum AndroidRequest: Codable, Sendable, Equatable {
    /// `offstage work enqueue`: enqueue a work request (with its unique name, policy and prerequisites).
    case enqueue(WorkEnqueue)
    /// `offstage work cancel NAME|--tag T`: cancel work by id, name or tag.
    case cancel(WorkSelector)
    /// `offstage work run NAME`: run it now, bypassing its constraints and delays (like the test driver).
    case run(name: String)
    /// `offstage fgs start NAME`: the app starts a foreground service with a visible notification.
    case startForegroundService(name: String, notification: String?)
    /// `offstage fgs stop NAME`: the app stops a foreground service.
    case stopForegroundService(name: String)
    /// `offstage device doze on|off`: the device enters or leaves Doze.
    case doze(Bool)
    /// `offstage device bucket NAME`: the system puts the app in this standby bucket.
    case bucket(StandbyBucket)
    /// `offstage device battery-saver on|off`.
    case batterySaver(Bool)
    /// `offstage device background-restricted on|off`: the user restricts the app's background activity.
    case backgroundRestricted(Bool)
    /// `offstage device roaming on|off`.
    case roaming(Bool)
    /// `offstage device storage-low on|off`.
    case storageLow(Bool)
    /// The user opens the Android app (its process starts in the foreground; the bucket becomes active).
    case appOpened
    /// The user leaves the Android app (its process stays in the background until the system ends it).
    case appLeft
    /// The low-memory killer ends the app's background process (a foreground service protects it).
    case lowMemoryKill
    /// The user force-stops the app: its work stops (USER) and nothing runs until the user opens it again.
    case forceStop
    /// The device reboots: every process ends; WorkManager reschedules its work at boot.
    case reboot

    /// `offstage android service start NAME`: the app starts a plain background service (`startService`).
    case startBackgroundService(name: String)
    /// `offstage android service stop NAME`: the app stops it.
    case stopBackgroundService(name: String)
    /// `offstage work foreground NAME`: the running worker of NAME (a name or an id) calls `setForegroundAsync` with
    /// this notification text.
    case setForeground(name: String, notification: String)

    /// Whether the request only changes stored state, so a process that finds no engine running may apply it
    /// itself (a worker, a service or a process needs a running engine).
    public var changesStateOnly: Bool {
        switch self {
        case .enqueue, .cancel, .doze, .bucket, .batterySaver, .backgroundRestricted, .roaming, .storageLow:
            return true
        case .run, .startForegroundService, .stopForegroundService, .appOpened, .appLeft, .lowMemoryKill,
            .forceStop, .reboot, .startBackgroundService, .stopBackgroundService, .setForeground:
            return false
        }
    }
}
