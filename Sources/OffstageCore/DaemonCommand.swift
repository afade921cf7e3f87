/// A command another `offstage` process leaves in the store's inbox for the running daemon.
public enum DaemonCommand: Codable, Sendable, Equatable {
    /// Create a transfer; its task id is reserved from the home's task counter when the command is enqueued.
    case add(TransferSpec)
    /// Create one download per URL of a list, all or none; their ids are reserved together (consecutive) when the
    /// command is enqueued.
    case addBatch(TransferBatch)
    /// Pause a task.
    case pause(id: Int64)
    /// Resume a paused or failed task.
    case resume(id: Int64)
    /// Cancel a task.
    case cancel(id: Int64)
    /// Replace the device conditions.
    case setConditions(DeviceConditions)
    /// Set or lift (nil) the engine-wide rate limit in bytes a second, shared by every running request at once.
    case setRateLimit(bytesPerSecond: Int64?)
    /// Set or lift (nil) one task's own rate limit in bytes a second, applied at once when it runs.
    case setTaskRateLimit(id: Int64, bytesPerSecond: Int64?)
    /// Create or reconfigure a session.
    case configureSession(SessionConfiguration)
    /// Submit a BG task request on behalf of the model app (`BGTaskScheduler.submit`).
    case schedule(BGTaskRequest)
    /// Cancel the pending request with this identifier, or every pending request when nil.
    case unschedule(identifier: String?)
    /// Launch a task now, whatever the policy says (Apple's `_simulateLaunchForTaskWithIdentifier`).
    case launchTask(identifier: String)
    /// Call the running task's expiration handler now (Apple's `_simulateExpirationForTaskWithIdentifier`).
    case expireTask(identifier: String)
    /// Mark the simulated device as in use or idle (processing tasks run only while it is idle).
    case setDeviceInUse(Bool)
    /// The user opened the model app (it launches in the foreground when it was not running).
    case appOpened
    /// The user left the model app (it moves to the background).
    case appBackgrounded
    /// Something the user, the system or the model app does to the app (its life cycle, its session, its mistakes).
    case app(AppRequest)
    /// Run the engine's clock at this rate from now on (`offstage clock warp N|real|freeze`, the dashboard).
    case setClockRate(ClockRate)
    /// Move the engine's clock forward to the next moment something time-driven is due (`offstage clock next`).
    case jumpToNextDeadline
    /// Something done to the Android side of the model (work, foreground services, Doze, buckets, its process);
    /// refused by an engine whose platform profile has no Android.
    case android(AndroidRequest)
    /// Switch the home's simulated platform (`offstage device platform ios|android|both`, the device menu): kept in
    /// the store, where it overrides `config/android.json`; a running engine starts and stops its hosts to match.
    case setPlatform(PlatformProfile)

    /// Whether the runtime's clock executes this command (any runtime takes it, and refuses it when its clock
    /// cannot be steered).
    public var isForClock: Bool {
        switch self {
        case .setClockRate, .jumpToNextDeadline: return true
        default: return false
        }
    }

    /// Whether the hosted model app executes this command (it waits for a runtime that hosts the app).
    public var isForApp: Bool {
        if case .app = self { return true }
        return false
    }

    /// Whether the command only changes stored state, so a process that finds no engine running may apply it
    /// itself; the others need running work (a launch, an expiration, the app's process) and an engine.
    public var changesStateOnly: Bool {
        switch self {
        case .add, .addBatch, .pause, .resume, .cancel, .setConditions, .configureSession, .schedule, .unschedule,
            .setDeviceInUse, .setRateLimit, .setTaskRateLimit, .setPlatform:
            return true
        case .app(.setMistake):
            return true
        case .android(let request):
            return request.changesStateOnly
        case .launchTask, .expireTask, .appOpened, .appBackgrounded, .app, .setClockRate, .jumpToNextDeadline:
            return false
        }
    }

    /// How many task ids the command reserves from the home's counter when it is enqueued: one for an `add`, one
    /// per URL for an `addBatch`, none for the rest.
    public var reservedTaskCount: Int {
        switch self {
        case .add: return 1
        case .addBatch(let batch): return batch.urls.count
        default: return 0
        }
    }

    /// Whether the Android model executes this command.
    public var isForAndroid: Bool {
        if case .android = self { return true }
        return false
    }

    /// Whether the BG task scheduler executes this command (rather than the transfer daemon).
    public var isForScheduler: Bool {
        switch self {
        case .schedule, .unschedule, .launchTask, .expireTask, .setDeviceInUse, .appOpened, .appBackgrounded:
            return true
        default: return false
        }
    }
}

/// What became of an inbox command.
public enum CommandStatus: String, Codable, Sendable {
    /// Waiting for a running daemon to pick it up.
    case pending
    /// Executed.
    case done
    /// Refused, with a reason.
    case refused
}
