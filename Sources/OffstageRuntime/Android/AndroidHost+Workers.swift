import Foundation
import OffstageCore
import OffstageStore

/// Android workers: a shell command, a download through the transfer engine, or simulated work; each reports
/// `.workerFinished` to WorkManager (and `.workerEnded` to the system model) when it ends.
extension AndroidHost {
    /// The transfer session Android download workers use.
    static let androidWorkSession = "com.offstage.work"

    /// The input key whose value, when present, makes the worker call `setForegroundAsync` with it at once.
    static let setForegroundInputKey = "setForeground"

    /// Starts what a worker does; a shell command that cannot start fails at once.
    func startWorker(_ launch: WorkerLaunch) throws {
        stopWorker(launch.id)  // a run this one replaces, if its stop and this start came in one step
        let id = launch.id
        switch launch.worker {
        case .shell(let command):
            let token = nextToken
            nextToken += 1
            let queue = context.queue
            var environment = [
                "OFFSTAGE_WORK_ID": id, "OFFSTAGE_WORK_NAME": launch.name,
                "OFFSTAGE_RUN_ATTEMPT": String(launch.attempt),
            ]
            for (key, value) in launch.input { environment["OFFSTAGE_INPUT_" + Self.environmentName(key)] = value }
            do {
                // WorkManager stops it at its 10-minute limit in virtual time; the real timeout is only a backstop.
                let task = try ShellTask(
                    command: command, timeout: 86_400, logPath: commandLogPath, environment: environment
                ) { success in
                    queue.post(.workerCommandEnded(id: id, token: token, success: success))
                }
                workers[id] = .command(task, token: token)
            } catch {
                return try workerFinished(id, result: .failure)
            }
        case .download(let url):
            var spec = TransferSpec(kind: .download, url: url, session: Self.androidWorkSession)
            spec.taskDescription = "work \(launch.name)"
            do {
                workers[id] = .download(taskID: try context.store.enqueueAdd(spec, now: context.time.now()).task)
            } catch let error as StoreError {
                if case .diskFull = error { throw error }
                return try workerFinished(id, result: .failure)
            }
        case .simulated(let seconds, let result):
            workers[id] = .simulated(until: context.time.now().addingTimeInterval(max(0, seconds)), result)
        }
        if let notification = launch.input[Self.setForegroundInputKey] {
            try run([.work(.setForeground(id: id, notification: notification))], command: nil)
        }
    }

    /// An input key as an environment variable suffix: letters and digits upper-cased, anything else `_`.
    static func environmentName(_ key: String) -> String {
        String(key.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    }

    /// Stops a worker without reporting it (WorkManager or the system ended its run): the shell is killed, the
    /// download cancelled.
    func stopWorker(_ id: String) {
        workers.removeValue(forKey: id)?.stop(transfers)
    }

    /// A worker returned `result`: WorkManager hears `.workerFinished`, the system model `.workerEnded`.
    func workerFinished(_ id: String, result: WorkResult) throws {
        workers[id] = nil
        let name = work.state.requests.first { $0.id == id }?.name ?? id
        var inputs: [AndroidInput] = [.work(.workerFinished(id: id, result: result))]
        if let systemName = systemNames.removeValue(forKey: id) {
            inputs.append(.system(.workerEnded(name: systemName)))
        }
        let entry = LogEntry(
            time: context.time.now(), kind: .work, subject: "work \(name)", reason: "finished: \(result.rawValue)")
        try context.commit(Commitment(changes: StoreCommit(android: AndroidStoreChanges(log: [entry]))), command: nil)
        try run(inputs, command: nil)
    }

    /// A shell worker's process exited; ignored when that run was already stopped.
    func workerCommandEnded(_ id: String, token: Int, success: Bool) throws {
        guard workers[id]?.commandToken == token else { return }
        try workerFinished(id, result: success ? .success : .failure)
    }

    /// Fires the models' wakes and ends simulated work and downloads whose time has come.
    func runDue() throws {
        let now = context.time.now()
        if mayFire(systemWake, now: now) {
            systemWake = nil
            fired(now: now)
            try run([.system(.timerFired)], command: nil)
        }
        if mayFire(workWake, now: now) {
            workWake = nil
            fired(now: now)
            try run([.work(.timerFired)], command: nil)
        }
        for (id, worker) in workers.sorted(by: { $0.key < $1.key }) {
            switch worker.end(now: now, transfers: transfers) {
            case .simulated(let result)?: try workerFinished(id, result: result)
            case .download(let completed)?: try workerFinished(id, result: completed ? .success : .failure)
            case nil: continue
            }
        }
    }

    /// Stops every Android worker, as when the offstage process goes away.
    func stopAllWorkers() {
        for id in workers.keys.sorted() { stopWorker(id) }
    }
}
