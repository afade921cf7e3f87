import Foundation
import OffstageCore
import OffstageStore

/// `offstage app …` commands from the inbox: gestures and system decisions, the app's own calls (restricted ones
/// included), its mistakes.
extension AppHost {
    /// Executes one command addressed to the model app; its outcome commits with its first change.
    func execute(_ request: AppRequest, from command: CommandSource) throws {
        if case .push(let push) = request { return try receive(push, command: command) }
        if let event = request.lifecycleEvent {
            let before = lifecycle.state
            try handleLifecycle(event, command: command)
            // A refused gesture changes nothing, for the scheduler either; an open also credits its budget.
            if case .open = request, lifecycle.state != before { try scheduler?.heardOpen() }
            return
        }
        switch request {
        case .relaunch:
            try relaunch(command: command)
        case .download(let url, let description):
            try createTask(command: command, description: description) {
                (s: inout BackgroundSession) throws(AppSessionError) in
                try s.downloadTask(with: url)
            }
        case .upload(let path, let url, let description):
            try createTask(command: command, description: description) {
                (s: inout BackgroundSession) throws(AppSessionError) in
                try s.uploadTask(with: url, fromFile: path)
            }
        case .setMistake(let name, let on):
            try setMistake(name, on, command: command)
        case .tryCall(let call, let url):
            try tryRestrictedCall(call, url: url, command: command)
        case .setBackgroundRefresh(let on):
            // The app's own Background App Refresh switch is the scheduler's to keep.
            guard let scheduler else {
                return try refuse(command, "this offstage does not run the BG task scheduler")
            }
            try scheduler.handle(.appBackgroundRefreshChanged(on: on), command: command)
            try syncPushGate()
        case .open, .home, .lock, .kill, .forceQuit, .push:
            break
        }
    }

    /// A push arrives: the life cycle decides with the device's switches as they are now; the command's result is
    /// the push's outcome (delivered, deferred, an alert, not delivered), a refusal when APNs would reject it.
    private func receive(_ push: SilentPush, command: CommandSource) throws {
        // Brings the gate up to date and runs what is due, so the decision below is the one the push meets.
        try syncPushGate()
        let decision = lifecycle.decide(push, steady: max(steadyNow, lastSteady))
        try handleLifecycle(
            .pushReceived(push), command: command, result: "\(push.text) \(decision.text)")
    }

    /// Tells the life cycle Low Power Mode and both Background App Refresh switches (what a background push
    /// depends on); a push it held may go now.
    func syncPushGate() throws {
        let c = transfers.daemon.conditions
        let gate = PushGate(
            lowPowerMode: c.lowPowerMode, deviceRefresh: c.backgroundRefresh,
            appRefresh: scheduler?.scheduler.state.backgroundRefreshForApp ?? true)
        try handleLifecycle(.pushGateChanged(gate))
    }

    /// The system relaunches the app in the background for its session's events; a relaunch the rate limiter
    /// holds says when it will happen, not that it happened.
    private func relaunch(command: CommandSource) throws {
        let steady = steadyNow
        let check = lifecycle.canRelaunch(steady: steady)
        // Only the rate limiter may hold it back: then the relaunch waits for the delay to end.
        let onlyDelayed = !lifecycle.wasForceQuit && !lifecycle.phase.runsCode
        guard check.allowed || onlyDelayed else { return try refuse(command, "relaunch: \(check.reason)") }
        guard try !waitingDeliveries().isEmpty else {
            return try refuse(command, "relaunch: no session events wait for the app (open it to launch it instead)")
        }
        guard sendsLaunchEvents else {
            return try refuse(
                command,
                "relaunch: \(session)'s sessionSendsLaunchEvents is off: the system does not launch the app for its "
                    + "events; they wait for the user to open it (offstage app open)")
        }
        let held = lifecycle.state.limiter.remaining(at: steady)
        let result =
            held > 0
            ? "relaunch held by the rate limiter for \(Clamped.int(held.rounded(.up))) s"
            : "relaunched the app in the background for its session events"
        try handleLifecycle(.relaunchRequested(forSession: session), command: command, result: result)
    }

    /// Switches one of the app's mistakes on or off at run time (a mistake on in the configuration stays on).
    private func setMistake(_ name: String, _ on: Bool, command: CommandSource) throws {
        var changed = runtimeMistakes
        guard changed.set(name, on) else {
            let known = AppMistakes.names.map(\.name).joined(separator: ", ")
            return try refuse(command, "no app mistake \(name); known: \(known)")
        }
        if !on, setup.configuration.mistakes.enabled.contains(name) {
            return try refuse(command, "\(name) is on in the configuration (app.json): switch it off there")
        }
        runtimeMistakes = changed
        let effect = AppMistakes.names.first { $0.name == name }?.effect ?? ""
        let line = LogEntry(
            time: context.time.now(), kind: .appMistake, subject: "app",
            reason: on ? "\(name) switched on: \(effect)" : "\(name) switched off")
        try commit(AppChanges(state: stored, log: [line]), command: command)
    }

    /// The running app creates a task in its background session, sets `taskDescription` (unless that is its
    /// mistake), writes its registry record and calls `resume()`: the task, the record and the command commit
    /// together. The task's id comes from the home's task counter; the command's result names it beside the
    /// app's own `taskIdentifier`, which counts per session.
    private func createTask(
        command: CommandSource, description: String?,
        make: (inout BackgroundSession) throws(AppSessionError) -> SessionTask
    ) throws {
        guard lifecycle.phase.runsCode, var current = process else {
            return try refuse(
                command, "the app runs no code (\(lifecycle.phase.rawValue)): open it first (offstage app open)")
        }
        ensureSession(in: &current)
        let next =
            (transfers.daemon.tasks.values.filter { $0.session == session }.map(\.taskIdentifier).max() ?? 0) + 1
        let submitted: (task: SessionTask, actions: [SessionAction])
        var named: String?
        var label = ""
        let behaviour = freshBehaviour
        do {
            submitted = try current.sessions.withSession(session) { s throws(AppSessionError) in
                s.continueNumbering(from: next)
                let task = try make(&s)
                label = description ?? "task-\(task.taskIdentifier)"
                named = behaviour.taskDescription(label: label)
                try s.setTaskDescription(named, for: task.taskIdentifier)
                return (task, try s.resume(task.taskIdentifier))
            }
        } catch {
            let line = LogEntry(
                time: context.time.now(), kind: .appSession, subject: session, reason: error.description)
            return try commit(AppChanges(log: [line]), command: command, refusals: [error.description])
        }
        guard case .submit(_, var spec, _)? = submitted.actions.first else {
            return try refuse(command, "resume() did not hand the task to the system")
        }
        // A fact for the system's rule: a task the app creates in the background is discretionary.
        spec.createdInBackground = !lifecycle.phase.isForeground
        let taskID = try context.store.reserveTaskID()
        let actions = transfers.daemon.handle(
            .addRequested(id: taskID, spec: spec, defaultDirectory: context.home.documentsDirectory),
            now: context.time.now())
        var task = submitted.task
        task.taskDescription = named
        task.taskIdentifier = transfers.daemon.tasks[taskID]?.taskIdentifier ?? task.taskIdentifier
        let record = AppRecord(task: task, session: session)
        if record == nil { current.unnamedTasks[taskID] = label }
        process = current
        let ids = Self.bothIDs(taskID, app: task.taskIdentifier)
        let what = "\(task.kind.rawValue)Task(with: \(URLCredentials.masked(task.url))) → \(ids)"
        let line = LogEntry(
            time: context.time.now(), kind: .appTask, subject: "task \(taskID)",
            reason: named.map { "\(what), taskDescription \"\($0)\", resumed" }
                ?? "\(what), resumed without a taskDescription (app mistake): no registry record")
        try ack(
            actions, app: AppChanges(upserts: record.map { [$0] } ?? [], log: [line]), command: command,
            result: "created \(ids)")
    }

    /// A task's home id, with the app's own `taskIdentifier` beside it when the two differ.
    static func bothIDs(_ id: Int64, app taskIdentifier: Int) -> String {
        Int64(taskIdentifier) == id ? "task \(id)" : "task \(id) (the app's taskIdentifier \(taskIdentifier))"
    }

    /// The app makes its background session when it has none yet (it skipped recreating it at launch).
    func ensureSession(in process: inout AppProcess) {
        guard process.sessions.sessions[session] == nil else { return }
        _ = try? process.sessions.makeSession(configuration: sessionConfiguration(), now: context.time.now())
    }

    /// The configuration the app's background session is made with (the system's stored one when it has it).
    func sessionConfiguration() -> SessionConfiguration {
        transfers.daemon.sessions[session] ?? SessionConfiguration(identifier: session)
    }

    // MARK: Calls background sessions restrict, made by the running app so the platform's answer shows in the log.

    /// A completion-handler convenience and an upload from memory are refused with Apple's text; a data task
    /// runs while the app runs and is disconnected (−997) when the app is suspended.
    func tryRestrictedCall(_ call: RestrictedCall, url: String, command: CommandSource) throws {
        guard lifecycle.phase.runsCode, var current = process else {
            return try refuse(
                command, "the app runs no code (\(lifecycle.phase.rawValue)): open it first (offstage app open)")
        }
        ensureSession(in: &current)
        if call == .sessionAgain {
            let creation = try? current.sessions.makeSession(
                configuration: sessionConfiguration(), now: context.time.now())
            return try commit(AppChanges(log: creation?.log ?? []), command: command)
        }
        let shown = URLCredentials.masked(url)
        let created: SessionTask?
        do {
            created = try current.sessions.withSession(session) { s throws(AppSessionError) -> SessionTask? in
                switch call {
                case .completionHandler:
                    _ = try s.completionHandlerTask(.downloadTask, with: url)
                    return nil
                case .uploadFromMemory:
                    _ = try s.uploadTask(with: url, from: Array("in memory".utf8))
                    return nil
                case .sessionAgain:
                    return nil
                case .dataTask:
                    let task = try s.dataTask(with: url, appIsSuspended: false)
                    _ = try s.resume(task.taskIdentifier)
                    return task
                }
            }
        } catch {
            process = current
            let line = LogEntry(
                time: context.time.now(), kind: .appSession, subject: session, reason: error.description)
            return try commit(AppChanges(log: [line]), command: command, refusals: [error.description])
        }
        process = current
        let number = created.map { " → data task \($0.taskIdentifier)" } ?? ""
        let line = LogEntry(
            time: context.time.now(), kind: .appTask, subject: session,
            reason: "dataTask(with: \(shown))\(number): runs only while the app runs; a suspension cuts it (−997)")
        try commit(AppChanges(log: [line]), command: command)
    }

    /// The app was suspended: its sessions' running data tasks complete with −997, as the delegate hears it.
    func disconnectDataTasks() throws {
        guard var current = process else { return }
        var log: [LogEntry] = []
        for identifier in current.sessions.sessions.keys.sorted() {
            let actions = (try? current.sessions.withSession(identifier) { $0.appSuspended() }) ?? []
            for case .deliver(.didCompleteWithError(let id, let error?, _)) in actions {
                log.append(
                    LogEntry(
                        time: context.time.now(), kind: .appDelegate, subject: identifier,
                        reason: "didCompleteWithError data task \(id): error \(error.code) \(error.reason)"))
            }
        }
        process = current
        if !log.isEmpty { try commit(AppChanges(log: log)) }
    }
}
