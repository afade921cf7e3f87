import Foundation
import OffstageCore
import OffstageHTTP
import OffstageStore

extension DaemonRuntime {
    /// Feeds one event to the daemon and carries out its actions.
    func handle(_ event: DaemonEvent) throws {
        let actions = daemon.handle(event, now: time.now())
        try perform(actions, commandID: nil)
    }

    /// Executes the inbox's pending commands, each exactly once: its result and its changes commit together.
    func executeInbox() throws {
        // Snapshots read the inbox's adds again after each read of the inbox (a command sent pokes it first).
        inboxAdds = nil
        for (id, command) in try executableCommands() {
            try execute(command, id: id)
        }
    }

    /// Executes one pending command: its result and its changes commit together.
    func execute(_ command: DaemonCommand, id: Int64) throws {
        snapshotMayHaveChanged = true
        if command.isForClock { return try executeClockCommand(command, id: id) }
        if !hostsIOS, command.isForApp || command.isForScheduler {
            return try store.completeCommand(
                id: id, status: .refused,
                result: "this engine runs the Android profile only (no iOS model): set \"platform\" to \"ios\" or "
                    + "\"both\" in config/android.json and restart offstage", changes: StoreChanges(), now: time.now())
        }
        if command.isForApp { return try executeAppCommand(command, id: id) }
        if command.isForScheduler { return try executeSchedulerCommand(command, id: id) }
        if case .android(let request) = command { return try executeAndroidCommand(request, id: id) }
        // An `add` creates the task whose id it reserved when it was enqueued (ids are not inbox ids); a batch, the
        // tasks of its consecutive ids.
        let taskID = try store.reservedTaskID(command: id) ?? id
        let actions = daemon.handle(event(for: command, taskID: taskID), now: time.now())
        try perform(actions, commandID: id)
        if case .setConditions = command {
            try syncSchedulerDevice()
            try syncAndroidDevice()
        }
    }

    /// The pending commands this runtime can execute: scheduler commands wait for a runtime that hosts it.
    func executableCommands() throws -> [(id: Int64, command: DaemonCommand)] {
        try store.pendingCommands().filter {
            !hostsIOS || ((host != nil || !$0.command.isForScheduler) && (appHost != nil || !$0.command.isForApp))
        }
    }

    /// The daemon event a command stands for.
    private func event(for command: DaemonCommand, taskID: Int64) -> DaemonEvent {
        switch command {
        case .add(let spec): return .addRequested(id: taskID, spec: spec, defaultDirectory: home.documentsDirectory)
        case .addBatch(let batch):
            return .batchAddRequested(firstID: taskID, batch: batch, defaultDirectory: home.documentsDirectory)
        case .pause(let task): return .pauseRequested(id: task)
        case .resume(let task): return .resumeRequested(id: task)
        case .cancel(let task): return .cancelRequested(id: task)
        case .setConditions(let conditions): return .conditionsChanged(conditions)
        case .configureSession(let configuration): return .sessionConfigured(configuration)
        case .schedule, .unschedule, .launchTask, .expireTask, .setDeviceInUse, .appOpened, .appBackgrounded, .app,
            .setClockRate, .jumpToNextDeadline, .android:
            return .timerFired
        }
    }

    /// Commits first, then performs the side effects; a command's outcome commits with its changes.
    private func perform(_ actions: [DaemonAction], commandID: Int64?) throws {
        var changes = StoreChanges()
        var refusals: [String] = []
        for action in actions {
            if case .commit(let c) = action { changes = c }
            if case .refuse(let reason) = action { refusals.append(reason) }
        }
        if let commandID {
            let status: CommandStatus = refusals.isEmpty ? .done : .refused
            let result = refusals.isEmpty ? "ok" : refusals.joined(separator: "; ")
            try store.completeCommand(id: commandID, status: status, result: result, changes: changes, now: time.now())
        } else if !changes.isEmpty {
            try store.apply(changes, now: time.now())
        }
        for entry in changes.log { logged(entry) }
        if !changes.outboxAdded.isEmpty { appHost?.needsPump = true }
        try performAfterCommit(actions)
    }

    /// Performs the side effects of a daemon transition whose commit is already written.
    func performAfterCommit(_ actions: [DaemonAction]) throws {
        for action in actions {
            try execute(action)
        }
    }

    /// The credentials a request may carry: those given for its task, else the `.netrc` entry for the host of the
    /// task's own URL, bound to that URL's origin (the engine drops them for a request to any other origin,
    /// such as a redirect to another port of the same host).
    func credentials(for request: TransferRequest) -> OriginCredentials? {
        if let given = options.credentials[request.taskID] { return given }
        guard let file = engine?.netrcFile, let task = daemon.tasks[request.taskID] else { return nil }
        return Netrc.credentials(for: task.url, file: file)
    }

    private func execute(_ action: DaemonAction) throws {
        switch action {
        case .commit, .refuse:
            break
        case .start(let request):
            snapshots.began(request.taskID, offset: request.offset)
            engine?.submit(request, credentials: credentials(for: request))
        case .stop(let id):
            engine?.stop(taskID: id)
        case .removePart(let id):
            _ = PosixFiles.remove(home.partPath(taskID: id))
        case .deliver(let task) where daemon.appSessions.contains(task.session):
            // The app moves the file when its delegate gets it; a runtime that does not host the app leaves it.
            appHost?.needsPump = true
        case .deliver:
            // An offline apply starts no work: the task stays `finishing` and the next start delivers it.
            guard !offline, case .deliver(let task) = action else { break }
            try handle(finalizer.step(task))
        case .wake(let date):
            nextWake = min(nextWake ?? date, date)
        case .measureDiskSpace:
            if let free = PosixFiles.freeBytes(at: home.partsDirectory) {
                try handle(.diskSpaceChecked(freeBytes: free))
            }
        }
    }
}
