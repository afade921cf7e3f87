import Foundation

extension TransferDaemon {
    /// Loads the store's contents: requests that were in flight at a crash go back to the queue.
    mutating func restore(
        sessions: [SessionConfiguration], tasks: [TransferTask], conditions: DeviceConditions,
        in transition: inout Transition
    ) {
        self.sessions = Dictionary(sessions.map { ($0.identifier, $0) }, uniquingKeysWith: { _, last in last })
        self.tasks = TaskMap(tasks)
        self.conditions = conditions
        attempts = [:]
        stopping = [:]
        liveBytes = [:]
        acceptedOffsets = [:]
        stalls = [:]
        waitReasons = [:]
        index.rebuild(self.tasks, now: transition.now)
        appliedLimits = [:]
        var interrupted = 0
        let unsettled = tasks.filter { $0.state == .running || $0.state == .finishing }
        for var task in unsettled.sorted(by: { $0.id < $1.id }) {
            switch task.state {
            case .running:
                task.state = .queued
                interrupted += 1
                update(task, in: &transition)
                transition.log(
                    .waiting, task.subject,
                    "interrupted by a restart; resumes from its checkpoint at \(ByteText.size(task.bytesWritten))")
            case .finishing where task.checksumState == .verifying:
                transition.actions.append(.verifyChecksum(task))  // a kill came while it was being verified
            case .finishing:
                transition.actions.append(.deliver(task))
            default:
                break
            }
        }
        let open = tasks.filter { !$0.state.isTerminal }.count
        let interruptedText = "\(interrupted == 0 ? "none" : "\(interrupted)") interrupted by the restart"
        let started = open == 0 ? "no open tasks" : "\(Plural.count(open, "open task")), \(interruptedText)"
        transition.log(.daemonStarted, "daemon", started)
        // The restart's scheduling pass sums the waits up in one line (`summarizeStartWaits`), not one per task.
        var waits = WaitSummary()
        for task in tasks where Self.waits(task) && (exclusive?.contains(task.id) ?? true) {
            if let date = Self.dueDate(of: task), date > transition.now {
                waits.dated(date, retry: task.state == .retrying)
            }
        }
        startWaits = waits
        index.newlyDated = []
    }

    /// Logs the waits a restart's scheduling pass found, in one line, and goes back to one line per change.
    mutating func summarizeStartWaits(in transition: inout Transition) {
        guard let waits = startWaits else { return }
        startWaits = nil
        if let line = waits.line(now: transition.now) { transition.log(.waiting, "daemon", line) }
    }

    /// Creates a task from a user's request.
    mutating func add(id: Int64, spec: TransferSpec, defaultDirectory: String, in transition: inout Transition) {
        guard tasks[id] == nil else {
            transition.actions.append(.refuse("task \(id) already exists"))
            return
        }
        if let problem = Self.optionsProblem(spec) { return transition.actions.append(.refuse(problem)) }
        var task = makeTask(
            id: id, spec: spec, taskIdentifier: nextTaskIdentifier(in: spec.session, in: &transition),
            defaultDirectory: defaultDirectory, now: transition.now)
        // Apple: "For transfers started while your app is in the background, the system always starts transfers at
        // its discretion" (isDiscretionary is taken as true, whatever the session says).
        task.createdInBackground = spec.createdInBackground
        task.isDiscretionary = task.isDiscretionary || spec.createdInBackground
        update(task, in: &transition)
        let what = task.kind == .download ? "download" : "\(task.method) upload of \(task.uploadPath ?? "?")"
        let background = task.createdInBackground ? "; \(Self.createdInBackground)" : ""
        transition.log(
            .taskAdded, task.subject,
            "\(what) \(URLCredentials.masked(task.url)) in \(task.session)" + Self.describe(spec.options) + background)
    }

    /// Why a request's options cannot be taken (refused before anything is created), or nil.
    static func optionsProblem(_ spec: TransferSpec) -> String? {
        if let problem = spec.options.problem { return printable(problem) }
        if spec.kind == .upload, spec.options.checksum != nil || spec.options.compressed {
            return "a checksum or --compressed applies to downloads only"
        }
        return nil
    }

    /// `; limit 500 KiB/s, sha-256 checked, 2 headers, compressed`: what the options ask, never a header's value.
    static func describe(_ options: TransferOptions) -> String {
        var parts: [String] = []
        if let limit = options.rateLimit { parts.append("limit \(RateLimit.describe(limit))") }
        if let checksum = options.checksum { parts.append("\(checksum.algorithm.rawValue) checked") }
        let headers = options.headers.count + options.credentialHeaders.count
        if headers > 0 { parts.append(Plural.count(headers, "header")) }
        if options.compressed { parts.append("compressed") }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: ", ")
    }

    /// Creates one download per URL of a batch, with the ids `first` onwards, all or none (an id already taken
    /// refuses the whole batch), and says so in one log line.
    mutating func addBatch(
        first: Int64, batch: TransferBatch, defaultDirectory: String, in transition: inout Transition
    ) {
        guard !batch.urls.isEmpty else {
            transition.actions.append(.refuse("no URLs in \(batch.source)"))
            return
        }
        let count = Int64(batch.urls.count)
        let (last, overflow) = first.addingReportingOverflow(count - 1)
        guard first > 0, !overflow else {
            transition.actions.append(.refuse("task ids \(first) and on are out of range"))
            return
        }
        if let problem = Self.optionsProblem(batch.template) { return transition.actions.append(.refuse(problem)) }
        if let taken = tasks.keys.first(where: { (first...last).contains($0) }) {
            transition.actions.append(.refuse("task \(taken) already exists; none of the \(count) was added"))
            return
        }
        var identifier = nextTaskIdentifier(in: batch.template.session, in: &transition)
        transition.changes.tasks.reserveCapacity(transition.changes.tasks.count + batch.urls.count)
        for (offset, url) in batch.urls.enumerated() {
            let task = makeTask(
                id: first + Int64(offset), spec: batch.spec(for: url), taskIdentifier: identifier,
                defaultDirectory: defaultDirectory, now: transition.now)
            identifier += 1
            update(task, in: &transition)
        }
        let session = batch.template.session
        let range = count == 1 ? "task \(first)" : "tasks \(first) to \(last)"
        transition.log(
            .taskAdded, range,
            "\(Plural.count(count, "download")) from \(batch.source) in \(session)"
                + Self.describe(batch.template.options))
    }

    /// The next free `taskIdentifier` of a session (numbered per session), creating the session when it is new.
    private mutating func nextTaskIdentifier(in session: String, in transition: inout Transition) -> Int {
        if sessions[session] == nil {
            let configuration = SessionConfiguration(identifier: session)
            sessions[session] = configuration
            transition.changes.sessions.append(configuration)
        }
        return (index.lastTaskIdentifier[session] ?? 0) + 1  // kept by the index: no pass over every task
    }

    /// A new queued task for a request: its URL without credentials, its folder, its clamped priority and delay.
    private func makeTask(
        id: Int64, spec: TransferSpec, taskIdentifier: Int, defaultDirectory: String, now: Date
    ) -> TransferTask {
        let session = sessions[spec.session] ?? SessionConfiguration(identifier: spec.session)
        var task = TransferTask(
            id: id, session: spec.session, taskIdentifier: taskIdentifier, taskDescription: spec.taskDescription,
            kind: spec.kind, url: URLCredentials.stripped(spec.url), method: spec.method, uploadPath: spec.uploadPath,
            requestedName: spec.name, destinationDirectory: spec.destinationDirectory ?? defaultDirectory,
            priority: Clamped.within(spec.priority, 0...1),
            earliestBeginDate: spec.beginAfter.map { now + Clamped.within($0, 0...TransferSpec.maximumDelay) },
            isDiscretionary: spec.discretionary || session.isDiscretionary, createdAt: now)
        task.options = spec.options
        return task
    }

    /// Pauses a task that has not finished; its partial file and validator are kept.
    mutating func pause(_ id: Int64, in transition: inout Transition) {
        guard var task = tasks[id] else { return refuseUnknown(id, in: &transition) }
        guard [.queued, .running, .retrying].contains(task.state) else {
            transition.actions.append(
                .refuse("task \(id) is \(task.state.rawValue); only a queued, running or retrying task can be paused"))
            return
        }
        let wasRunning = attempts[id] != nil
        stopIfRunning(id, in: &transition)
        task.state = .paused
        task.retryAt = nil
        update(task, in: &transition)
        // A running request's last bytes reach the disk as it stops: its line waits for the final checkpoint
        // (`logPause`), so the number it gives is the one a resume starts from.
        if !wasRunning { logPause(task, in: &transition) }
    }

    /// The line for a pause, with the offset a resume starts from.
    func logPause(_ task: TransferTask, in transition: inout Transition) {
        transition.log(.paused, task.subject, "at " + ByteText.size(task.bytesWritten))
    }

    /// Logs the pause of a task whose stopped request has not ended yet (it is resumed or cancelled first: the
    /// offset it has now is the one that counts).
    private func logPauseStillStopping(_ task: TransferTask, in transition: inout Transition) {
        if task.state == .paused, stopping[task.id] != nil { logPause(task, in: &transition) }
    }

    /// Resumes a paused or failed task from its durable offset.
    mutating func resume(_ id: Int64, in transition: inout Transition) {
        guard var task = tasks[id] else { return refuseUnknown(id, in: &transition) }
        if task.state == .failed, task.deliveredPath != nil || task.error?.hasPrefix("delivery failed") == true {
            task.state = .finishing
            task.error = nil
            transition.log(.finishing, task.subject, "delivery retried by the user")
            proceedToDelivery(&task, in: &transition)
            return
        }
        guard task.state == .paused || task.state == .failed else {
            transition.actions.append(
                .refuse("task \(id) is \(task.state.rawValue); only a paused or failed task can be resumed"))
            return
        }
        logPauseStillStopping(task, in: &transition)
        task.state = .queued
        task.attempts = 0
        task.error = nil
        update(task, in: &transition)
        transition.log(.resumedByUser, task.subject, "from " + ByteText.size(task.bytesWritten))
    }

    /// Cancels a task; its partial file is deleted. A failed task can be cancelled too: that discards the
    /// partial file it kept for a manual resume.
    mutating func cancel(_ id: Int64, in transition: inout Transition) {
        guard var task = tasks[id] else { return refuseUnknown(id, in: &transition) }
        guard task.state == .failed || !task.state.isTerminal, task.state != .finishing else {
            transition.actions.append(.refuse("task \(id) is \(task.state.rawValue) and cannot be cancelled"))
            return
        }
        logPauseStillStopping(task, in: &transition)
        stopIfRunning(id, in: &transition)
        task.retryAt = nil
        let failure = task.state == .failed ? task.error : nil
        task.state = .cancelled
        task.error = "cancelled by the user" + (failure.map { " after it failed: \($0)" } ?? "")
        if task.kind == .download { task.validator = nil }  // the partial file goes: no resume data
        update(task, in: &transition)
        transition.log(
            .cancelled, task.subject,
            failure == nil ? "by the user" : "by the user after it failed; partial file removed")
        if task.kind == .download { transition.actions.append(.removePart(taskID: id)) }
    }

    /// Stops every request in flight and queues its task again, so the store says what is true.
    mutating func shutdown(in transition: inout Transition) {
        exclusive = []  // nothing starts again while the stopped requests' last reports drain
        for id in attempts.keys.sorted() {
            guard var task = tasks[id] else { continue }
            stopIfRunning(id, in: &transition)
            task.state = .queued
            update(task, in: &transition)
            transition.log(
                .waiting, task.subject, "stopped by shutdown at its checkpoint at \(ByteText.size(task.bytesWritten))")
        }
    }

    mutating func stopIfRunning(_ id: Int64, in transition: inout Transition) {
        guard attempts.removeValue(forKey: id) != nil else { return }
        liveBytes[id] = nil
        acceptedOffsets[id] = nil
        stalls[id] = nil
        stopping[id, default: 0] += 1
        transition.actions.append(.stop(taskID: id))
    }

    private func refuseUnknown(_ id: Int64, in transition: inout Transition) {
        transition.actions.append(.refuse("no task \(id)"))
    }
}

/// An offline apply's load: the store's contents taken as they are, beside `restore`.
extension TransferDaemon {
    /// Takes the store's sessions, tasks and conditions as they are, with no transition: no restart is logged and
    /// no task changes state (a task left `running` by a killed engine stays so until the next `.started`).
    ///
    /// For a process that applies one command while no engine runs; set `exclusive = []` too, so nothing starts.
    public mutating func load(sessions: [SessionConfiguration], tasks: [TransferTask], conditions: DeviceConditions) {
        self.sessions = Dictionary(sessions.map { ($0.identifier, $0) }, uniquingKeysWith: { _, last in last })
        self.tasks = TaskMap(tasks)
        self.conditions = conditions
        attempts = [:]
        stopping = [:]
        liveBytes = [:]
        index.rebuild(self.tasks, now: .distantPast)
    }
}
