import Foundation
import OffstageCore
import OffstageStore

/// `offstage app …` commands from the inbox: gestures and system decisions, the app's own calls, its mistakes.
extension DaemonRuntime {
    /// Executes one command addressed to the model app; its outcome commits with its first change.
    func executeAppCommand(_ command: DaemonCommand, id: Int64) throws {
        guard case .app(let request) = command else { return }
        guard let host = appHost else { return try refuseForNoApp(id) }
        if let event = request.lifecycleEvent {
            let before = host.lifecycle.state
            try handleApp(event, commandID: id)
            // A refused gesture changes nothing, for the scheduler either.
            if appHost?.lifecycle.state != before { try forwardToScheduler(request) }
            return
        }
        switch request {
        case .relaunch:
            let check = host.lifecycle.canRelaunch(steady: time.steady())
            // Only the rate limiter may hold it back: then the relaunch waits for the delay to end.
            let onlyDelayed = !host.lifecycle.wasForceQuit && !host.lifecycle.phase.runsCode
            guard check.allowed || onlyDelayed else {
                return try commitApp(AppChanges(), commandID: id, refusals: ["relaunch: \(check.reason)"])
            }
            guard try !waitingDeliveries().isEmpty else {
                return try commitApp(
                    AppChanges(), commandID: id,
                    refusals: ["relaunch: no session events wait for the app (open it to launch it instead)"])
            }
            // A relaunch the limiter holds says when it will happen, not that it happened.
            let held = host.lifecycle.state.limiter.remaining(at: time.steady())
            let result =
                held > 0
                ? "relaunch held by the rate limiter for \(Clamped.int(held.rounded(.up))) s"
                : "relaunched the app in the background for its session events"
            try handleApp(.relaunchRequested(forSession: host.session), commandID: id, result: result)
        case .download(let url, let description):
            try createTask(commandID: id, description: description) {
                (s: inout BackgroundSession) throws(AppSessionError) in
                try s.downloadTask(with: url)
            }
        case .upload(let path, let url, let description):
            try createTask(commandID: id, description: description) {
                (s: inout BackgroundSession) throws(AppSessionError) in
                try s.uploadTask(with: url, fromFile: path)
            }
        case .setMistake(let name, let on):
            var mistakes = host.runtimeMistakes
            guard mistakes.set(name, on) else {
                let known = AppMistakes.names.map(\.name).joined(separator: ", ")
                return try commitApp(
                    AppChanges(), commandID: id, refusals: ["no app mistake \(name); known: \(known)"])
            }
            if !on, host.setup.configuration.mistakes.enabled.contains(name) {
                return try commitApp(
                    AppChanges(), commandID: id,
                    refusals: ["\(name) is on in the configuration (app.json): switch it off there"])
            }
            appHost?.runtimeMistakes = mistakes
            let effect = AppMistakes.names.first { $0.name == name }?.effect ?? ""
            let line = LogEntry(
                time: time.now(), kind: .appMistake, subject: "app",
                reason: on ? "\(name) switched on: \(effect)" : "\(name) switched off")
            try commitApp(AppChanges(state: appHost?.stored, log: [line]), commandID: id)
        case .tryCall(let call, let url):
            try tryRestrictedCall(call, url: url, commandID: id)
        case .setBackgroundRefresh(let on):
            try handleScheduler(.appBackgroundRefreshChanged(on: on), commandID: id)
        case .open, .home, .lock, .kill, .forceQuit:
            break
        }
    }

    /// The scheduler hears of the app's phase from the life cycle itself; an open also credits its budget.
    private func forwardToScheduler(_ request: AppRequest) throws {
        if case .open = request { try schedulerHeardOpen() }
    }

    /// The running app creates a task in its background session, sets `taskDescription` (unless that is its
    /// mistake), writes its registry record and calls `resume()`: the task, the record and the command commit
    /// together. The task's id comes from the home's task counter; the command's result names it beside the
    /// app's own `taskIdentifier`, which counts per session.
    private func createTask(
        commandID: Int64, description: String?,
        make: (inout BackgroundSession) throws(AppSessionError) -> SessionTask
    ) throws {
        guard let host = appHost, host.lifecycle.phase.runsCode, var process = host.process else {
            let phase = appHost?.lifecycle.phase.rawValue ?? "not hosted"
            return try commitApp(
                AppChanges(), commandID: commandID,
                refusals: ["the app runs no code (\(phase)): open it first (offstage app open)"])
        }
        let session = host.session
        ensureSession(in: &process)
        let next = (daemon.tasks.values.filter { $0.session == session }.map(\.taskIdentifier).max() ?? 0) + 1
        let submitted: (task: SessionTask, actions: [SessionAction])
        var named: String?
        var label = ""
        do {
            submitted = try process.sessions.withSession(session) { s throws(AppSessionError) in
                s.continueNumbering(from: next)
                let task = try make(&s)
                label = description ?? "task-\(task.taskIdentifier)"
                named = host.freshBehaviour.taskDescription(label: label)
                try s.setTaskDescription(named, for: task.taskIdentifier)
                return (task, try s.resume(task.taskIdentifier))
            }
        } catch {
            let line = LogEntry(time: time.now(), kind: .appSession, subject: session, reason: error.description)
            return try commitApp(AppChanges(log: [line]), commandID: commandID, refusals: [error.description])
        }
        guard case .submit(_, let spec, _)? = submitted.actions.first else {
            return try commitApp(
                AppChanges(), commandID: commandID, refusals: ["resume() did not hand the task to the system"])
        }
        let taskID = try store.reserveTaskID()
        let actions = daemon.handle(
            .addRequested(id: taskID, spec: spec, defaultDirectory: home.documentsDirectory), now: time.now())
        var task = submitted.task
        task.taskDescription = named
        task.taskIdentifier = daemon.tasks[taskID]?.taskIdentifier ?? task.taskIdentifier
        let record = AppRecord(task: task, session: session)
        if record == nil { process.unnamedTasks[taskID] = label }
        appHost?.process = process
        let ids = Self.bothIDs(taskID, app: task.taskIdentifier)
        let what = "\(task.kind.rawValue)Task(with: \(URLCredentials.masked(task.url))) → \(ids)"
        let line = LogEntry(
            time: time.now(), kind: .appTask, subject: "task \(taskID)",
            reason: named.map { "\(what), taskDescription \"\($0)\", resumed" }
                ?? "\(what), resumed without a taskDescription (app mistake): no registry record")
        try ack(
            actions, app: AppChanges(upserts: record.map { [$0] } ?? [], log: [line]), commandID: commandID,
            result: "created \(ids)")
    }

    /// A task's home id, with the app's own `taskIdentifier` beside it when the two differ.
    static func bothIDs(_ id: Int64, app taskIdentifier: Int) -> String {
        Int64(taskIdentifier) == id ? "task \(id)" : "task \(id) (the app's taskIdentifier \(taskIdentifier))"
    }

    /// The app makes its background session when it has none yet (it skipped recreating it at launch).
    func ensureSession(in process: inout AppProcess) {
        guard let session = appHost?.session, process.sessions.sessions[session] == nil else { return }
        _ = try? process.sessions.makeSession(configuration: sessionConfiguration(), now: time.now())
    }

    /// The configuration the app's background session is made with (the system's stored one when it has it).
    func sessionConfiguration() -> SessionConfiguration {
        let identifier = appHost?.session ?? options.appSessionIdentifier
        return daemon.sessions[identifier] ?? SessionConfiguration(identifier: identifier)
    }
}
