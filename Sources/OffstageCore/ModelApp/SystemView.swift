/// How the app sees the system's tasks: `getAllTasks` entries and pending deliveries made from daemon tasks.
public enum SystemView {
    /// The `getAllTasks` entry for a daemon task that is still outstanding (nil when it ended or is being delivered).
    public static func sessionTask(_ task: TransferTask) -> SessionTask? {
        let state: SessionTaskState
        switch task.state {
        case .queued, .running, .retrying: state = .running
        case .paused: state = .suspended
        case .finishing, .completed, .failed, .cancelled: return nil
        }
        var view = SessionTask(
            taskIdentifier: task.taskIdentifier, kind: task.kind == .download ? .download : .upload, url: task.url,
            uploadPath: task.uploadPath, taskDescription: task.taskDescription, priority: task.priority)
        view.state = state
        view.suspendCount = state == .suspended ? 1 : 0
        view.submitted = true
        return view
    }

    /// The delivery waiting for a daemon task with an outbox row: a finished body (in `temporaryFile`) or an end.
    public static func pendingDelivery(_ task: TransferTask, temporaryFile: String) -> PendingDelivery? {
        if task.state == .finishing {
            return PendingDelivery(
                taskIdentifier: task.taskIdentifier, taskDescription: task.taskDescription,
                end: .response(httpStatus: task.httpStatus ?? 200), temporaryFile: temporaryFile)
        }
        guard let end = TaskEnd.of(task) else { return nil }
        return PendingDelivery(taskIdentifier: task.taskIdentifier, taskDescription: task.taskDescription, end: end)
    }

    /// The system task whose resume data `downloadTask(withResumeData:)` uses for `record`: the session's task with
    /// `taskIdentifier` when one is named, else the newest cancelled or failed task of the session with the record's
    /// `taskDescription` that kept resume data (nil: the system kept none, so the app creates the task anew).
    public static func resumeDataSource(
        for record: AppRecord, taskIdentifier: Int?, session: String, tasks: some Collection<TransferTask>
    ) -> TransferTask? {
        if let taskIdentifier {
            return tasks.first { $0.session == session && $0.taskIdentifier == taskIdentifier }
        }
        return tasks.filter {
            $0.session == session && $0.taskDescription == record.taskDescription
                && ResumeData.ifResumable($0) != nil && ($0.state == .cancelled || $0.state == .failed)
        }.max { $0.id < $1.id }
    }

    /// `didCompleteWithError` as the log shows it: `nil (HTTP 200)` or `-999 cancelled: …; resume data at byte N`.
    public static func describe(_ end: TaskEnd) -> String {
        switch end {
        case .response(let status):
            return "error nil (HTTP \(status)\(status >= 400 ? ": an HTTP error is not a task error" : ""))"
        case .failed(let error):
            let resume = error.resumeData.map { "; resume data at byte \($0.offset)" } ?? ""
            return "error \(error.code) \(error.reason)\(resume)"
        }
    }
}
