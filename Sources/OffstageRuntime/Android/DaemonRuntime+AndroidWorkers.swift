import Foundation
import OffstageCore
import OffstageStore

/// Android workers: a shell command, a download through the transfer engine, or simulated work; each reports
/// `.workerFinished` to WorkManager (and `.workerEnded` to the system model) when it ends.
extension DaemonRuntime {
    /// The transfer session Android download workers use.
    static let androidWorkSession = "com.offstage.work"

    /// The input key whose value, when present, makes the worker call `setForegroundAsync` with it at once.
    public static let setForegroundInputKey = "setForeground"

    /// Starts what a worker does; a shell command that cannot start fails at once.
    func startWorker(_ launch: WorkerLaunch) throws {
        stopWorker(launch.id)  // a run this one replaces, if its stop and this start came in one step
        guard var host = androidHost else { return }
        let id = launch.id
        switch launch.worker {
        case .shell(let command):
            let token = host.nextToken
            host.nextToken += 1
            let queue = self.queue
            var environment = [
                "OFFSTAGE_WORK_ID": id, "OFFSTAGE_WORK_NAME": launch.name,
                "OFFSTAGE_RUN_ATTEMPT": String(launch.attempt),
            ]
            for (key, value) in launch.input { environment["OFFSTAGE_INPUT_" + Self.environmentName(key)] = value }
            do {
                // WorkManager stops it at its 10-minute limit in virtual time; the real timeout is only a backstop.
                let task = try ShellTask(
                    command: command, timeout: 86_400, logPath: host.commandLogPath, environment: environment
                ) { success in
                    queue.post(.workerCommandEnded(id: id, token: token, success: success))
                }
                host.workers[id] = .command(task, token: token)
            } catch {
                androidHost = host
                return try workerFinished(id, result: .failure)
            }
        case .download(let url):
            var spec = TransferSpec(kind: .download, url: url, session: Self.androidWorkSession)
            spec.taskDescription = "work \(launch.name)"
            do {
                host.workers[id] = .download(taskID: try store.enqueueAdd(spec, now: time.now()).task)
            } catch let error as StoreError {
                if case .diskFull = error { throw error }
                androidHost = host
                return try workerFinished(id, result: .failure)
            }
        case .simulated(let seconds, let result):
            host.workers[id] = .simulated(until: time.now().addingTimeInterval(max(0, seconds)), result: result)
        }
        androidHost = host
        if let notification = launch.input[Self.setForegroundInputKey] {
            try runAndroid([.work(.setForeground(id: id, notification: notification))], commandID: nil)
        }
    }

    /// An input key as an environment variable suffix: letters and digits upper-cased, anything else `_`.
    static func environmentName(_ key: String) -> String {
        String(key.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// Stops a worker without reporting it (WorkManager or the system ended its run): the shell is killed, the
    /// download cancelled.
    func stopWorker(_ id: String) {
        guard let worker = androidHost?.workers.removeValue(forKey: id) else { return }
        switch worker {
        case .command(let task, _): task.stop()
        case .download(let taskID): cancelWorkDownload(taskID)
        case .simulated: break
        }
    }

    /// A worker returned `result`: WorkManager hears `.workerFinished`, the system model `.workerEnded`.
    func workerFinished(_ id: String, result: WorkResult) throws {
        guard var host = androidHost else { return }
        host.workers[id] = nil
        let name = host.work.state.requests.first { $0.id == id }?.name ?? id
        var inputs: [AndroidInput] = [.work(.workerFinished(id: id, result: result))]
        if let systemName = host.systemNames.removeValue(forKey: id) {
            inputs.append(.system(.workerEnded(name: systemName)))
        }
        androidHost = host
        let entry = LogEntry(
            time: time.now(), kind: .work, subject: "work \(name)", reason: "finished: \(result.rawValue)")
        try store.apply(android: AndroidStoreChanges(log: [entry]), command: nil)
        logged(entry)
        try runAndroid(inputs, commandID: nil)
    }

    /// A shell worker's process exited; ignored when that run was already stopped.
    func workerCommandEnded(_ id: String, token: Int, success: Bool) throws {
        guard case .command(_, let current)? = androidHost?.workers[id], current == token else { return }
        try workerFinished(id, result: success ? .success : .failure)
    }

    /// Fires the models' wakes and ends simulated work and downloads whose time has come.
    func runAndroidDue() throws {
        guard let host = androidHost else { return }
        let now = time.now()
        if host.mayFire(host.systemWake, now: now) {
            androidHost?.systemWake = nil
            androidHost?.fired(now: now)
            try runAndroid([.system(.timerFired)], commandID: nil)
        }
        if let current = androidHost, current.mayFire(current.workWake, now: now) {
            androidHost?.workWake = nil
            androidHost?.fired(now: now)
            try runAndroid([.work(.timerFired)], commandID: nil)
        }
        for (id, worker) in (androidHost?.workers ?? [:]).sorted(by: { $0.key < $1.key }) {
            switch worker {
            case .simulated(let until, let result) where until <= now:
                try workerFinished(id, result: result)
            case .download(let taskID):
                guard let task = daemon.tasks[taskID], task.state.isTerminal else { continue }
                try workerFinished(id, result: task.state == .completed ? .success : .failure)
            default:
                continue
            }
        }
    }

    /// Stops every Android worker, as when the offstage process goes away.
    func stopAllAndroidWorkers() {
        for id in androidHost?.workers.keys.sorted() ?? [] { stopWorker(id) }
    }
}
