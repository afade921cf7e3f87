/// A completion-handler convenience of `URLSession`, all refused by background sessions.
public enum ConvenienceCall: String, Codable, Sendable, CaseIterable {
    /// `dataTask(with:completionHandler:)`.
    case dataTask
    /// `downloadTask(with:completionHandler:)`.
    case downloadTask
    /// `uploadTask(with:fromFile:completionHandler:)`.
    case uploadTask
    /// `data(from:)` / `data(for:)` (async).
    case asyncData
    /// `download(from:)` / `download(for:)` (async).
    case asyncDownload
    /// `upload(for:fromFile:)` (async).
    case asyncUpload
}

/// One background `URLSession` as the model app sees it: its configuration and its tasks.
///
/// Pure value: calls that need the system return `SessionAction`s for the runtime; refusals throw an
/// `AppSessionError` carrying Apple's text and change nothing.
public struct BackgroundSession: Codable, Sendable, Equatable {
    /// The configuration the session was made with (`URLSessionConfiguration.background(withIdentifier:)`).
    public let configuration: SessionConfiguration
    /// Tasks by identifier, including completed ones, in creation order.
    public private(set) var tasks: [SessionTask] = []
    /// The identifier the next task gets.
    public private(set) var nextTaskIdentifier = 1

    /// A new session with no tasks.
    public init(configuration: SessionConfiguration) {
        self.configuration = configuration
    }

    /// The session identifier.
    public var identifier: String { configuration.identifier }

    /// `getAllTasks`: the outstanding (not completed) tasks.
    public func getAllTasks() -> [SessionTask] { tasks.filter(\.isOutstanding) }

    /// The task with this identifier.
    private func task(_ taskIdentifier: Int) -> SessionTask? { tasks.first { $0.taskIdentifier == taskIdentifier } }

    /// `downloadTask(with:)`: a suspended download task.
    public mutating func downloadTask(with url: String) throws(AppSessionError) -> SessionTask {
        try make(SessionTask(taskIdentifier: nextTaskIdentifier, kind: .download, url: url))
    }

    /// `downloadTask(withResumeData:)`: a suspended download that continues at the resume data's offset.
    public mutating func downloadTask(withResumeData data: ResumeData) throws(AppSessionError) -> SessionTask {
        try make(SessionTask(taskIdentifier: nextTaskIdentifier, kind: .download, url: data.url, resumeData: data))
    }

    /// `uploadTask(with:fromFile:)`: a suspended upload of a file.
    public mutating func uploadTask(with url: String, fromFile path: String) throws(AppSessionError) -> SessionTask {
        try make(SessionTask(taskIdentifier: nextTaskIdentifier, kind: .upload, url: url, uploadPath: path))
    }

    /// `uploadTask(with:from:)`: uploads from memory are refused by background sessions.
    public func uploadTask(with url: String, from data: [UInt8]) throws(AppSessionError) -> SessionTask {
        throw .uploadFromDataNotSupported
    }

    /// A completion-handler convenience: refused by background sessions.
    public func completionHandlerTask(_ call: ConvenienceCall, with url: String) throws(AppSessionError) -> SessionTask
    {
        throw .completionHandlerNotSupported
    }

    /// `dataTask(with:)`: allowed while the app runs; refused with −997 while it is suspended.
    public mutating func dataTask(with url: String, appIsSuspended: Bool) throws(AppSessionError) -> SessionTask {
        guard !appIsSuspended else { throw .backgroundSessionWasDisconnected }
        return try make(SessionTask(taskIdentifier: nextTaskIdentifier, kind: .data, url: url))
    }

    /// Sets a task's `taskDescription`.
    public mutating func setTaskDescription(_ text: String?, for taskIdentifier: Int) throws(AppSessionError) {
        let index = try indexOf(taskIdentifier)
        tasks[index].taskDescription = text
    }

    /// `resume()`: the first one hands the task to the system; nested suspends need as many resumes.
    public mutating func resume(_ taskIdentifier: Int) throws(AppSessionError) -> [SessionAction] {
        let index = try indexOf(taskIdentifier)
        var task = tasks[index]
        guard task.state == .suspended else { return [] }
        task.suspendCount -= 1
        guard task.suspendCount == 0 else {
            tasks[index] = task
            return []
        }
        task.state = .running
        let first = !task.submitted
        task.submitted = true
        tasks[index] = task
        if !first { return [.resumeTransfer(taskIdentifier: taskIdentifier)] }
        guard let spec = task.transferSpec(session: configuration) else {
            return [.startDataTask(taskIdentifier: taskIdentifier, url: task.url)]
        }
        return [.submit(taskIdentifier: taskIdentifier, spec: spec, resumeData: task.resumeData)]
    }

    /// Records a delegate call the app just received: `didCompleteWithError` completes its task (so a later
    /// `getAllTasks` leaves it out); the other calls change nothing here.
    public mutating func delivered(_ call: DelegateCall) {
        guard case .didCompleteWithError(let id, _, _) = call else { return }
        taskCompleted(id)
    }

    /// The app was suspended: its running data tasks are disconnected (−997).
    public mutating func appSuspended() -> [SessionAction] {
        var actions: [SessionAction] = []
        for task in tasks where task.kind == .data && task.isOutstanding && task.submitted {
            actions.append(
                .deliver(
                    .didCompleteWithError(
                        taskIdentifier: task.taskIdentifier, error: .backgroundSessionWasDisconnected, httpStatus: nil))
            )
            taskCompleted(task.taskIdentifier)
        }
        return actions
    }

    /// After a relaunch: adopts the tasks the system still has for this session (they are running, submitted).
    public mutating func restore(systemTasks: [SessionTask]) {
        for var task in systemTasks where task.isOutstanding && self.task(task.taskIdentifier) == nil {
            task.submitted = true
            if task.state == .suspended && task.suspendCount == 0 { task.suspendCount = 1 }
            tasks.append(task)
        }
        tasks.sort { $0.taskIdentifier < $1.taskIdentifier }
        nextTaskIdentifier = max(nextTaskIdentifier, (tasks.map(\.taskIdentifier).max() ?? 0) + 1)
    }

    /// Numbers the next task no lower than `next`: the system numbers a session's tasks across processes, so a
    /// relaunched app's new tasks continue after every task the system ever had in the session.
    public mutating func continueNumbering(from next: Int) {
        nextTaskIdentifier = max(nextTaskIdentifier, next)
    }

    private mutating func make(_ task: SessionTask) throws(AppSessionError) -> SessionTask {
        tasks.append(task)
        nextTaskIdentifier += 1
        return task
    }

    private func indexOf(_ taskIdentifier: Int) throws(AppSessionError) -> Int {
        guard let index = tasks.firstIndex(where: { $0.taskIdentifier == taskIdentifier }) else {
            throw .unknownTask(taskIdentifier: taskIdentifier)
        }
        return index
    }

    /// Marks a task completed (its `didCompleteWithError` was delivered).
    private mutating func taskCompleted(_ taskIdentifier: Int) {
        guard let index = tasks.firstIndex(where: { $0.taskIdentifier == taskIdentifier }) else { return }
        tasks[index].state = .completed
    }
}
