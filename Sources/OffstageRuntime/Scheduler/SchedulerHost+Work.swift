import Foundation
import OffstageCore
import OffstageStore

/// What the model app's BG task launch handlers do: a shell command, a download, or pretended work.
extension SchedulerHost {
    /// Starts what a launch handler does: a command, a download, or pretended work.
    func startWork(_ launch: BGTaskLaunch) throws {
        guard let handlerWork = launch.work else { return }
        let identifier = launch.identifier
        switch handlerWork {
        case .shellCommand(let command, let timeout):
            let token = nextToken
            nextToken += 1
            let queue = context.queue
            do {
                let task = try ShellTask(
                    command: command, timeout: timeout, logPath: commandLogPath,
                    environment: ["OFFSTAGE_TASK_IDENTIFIER": identifier]
                ) { success in
                    queue.post(.handlerCommandEnded(identifier: identifier, token: token, success: success))
                }
                work[identifier] = .command(task, token: token)
            } catch {
                return try finishWork(identifier, success: false)
            }
        case .download(let url):
            var spec = TransferSpec(kind: .download, url: url, session: "com.offstage.bgtask")
            spec.taskDescription = "BG task \(identifier)"
            // The handler creates it in the background (the system then treats it as discretionary).
            spec.createdInBackground = !(app?.lifecycle.phase.isForeground ?? false)
            let taskID = try context.store.enqueueAdd(spec, now: context.time.now()).task
            work[identifier] = .download(taskID: taskID)
        case .simulatedWork(let seconds, let honours):
            work[identifier] = .simulated(until: context.time.now().addingTimeInterval(seconds), honours)
        }
    }

    /// Stops a handler's work without reporting it (the system ended the task, or the app was killed).
    func stopWork(_ identifier: String) {
        work.removeValue(forKey: identifier)?.stop(transfers)
    }

    /// Stops every handler's work, as when the app's process goes away.
    func stopAllWork() {
        for identifier in work.keys.sorted() { stopWork(identifier) }
    }

    /// The handler's work ended: the model app calls what it calls then (`setTaskCompleted`, and a submit when it
    /// reschedules at the end).
    func finishWork(_ identifier: String, success: Bool) throws {
        work[identifier] = nil
        for event in modelApp.workFinished(identifier, success: success, now: context.time.now()) {
            try handle(event)
        }
    }

    /// A handler command's process exited; ignored when that run was already stopped.
    func commandEnded(_ identifier: String, token: Int, success: Bool) throws {
        guard work[identifier]?.commandToken == token else { return }
        try finishWork(identifier, success: success)
    }

    /// Fires the scheduler's wake and ends pretended work whose time has come; checks handler downloads.
    func runDue() throws {
        let now = context.time.now()
        let steady = steadyNow
        if wakeIsDue(steady: steady) {
            wake = nil
            lastFired = steady
            try handle(.timerFired)
        }
        for (identifier, running) in work {
            switch running.end(now: now, transfers: transfers) {
            case .simulated?: try finishWork(identifier, success: true)
            case .download(let completed)?: try finishWork(identifier, success: completed)
            case nil: continue
            }
        }
    }
}
