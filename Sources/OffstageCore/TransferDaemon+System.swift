import Foundation

/// What the system does to an app's transfers on its own: cancel them at a force-quit, continue one from resume data.
extension TransferDaemon {
    /// Cancels every unfinished task of `sessions` with −999 and `reason`, keeping partial files and validators.
    ///
    /// Unlike a user's `cancel`, the partial file stays: the app's `didCompleteWithError` carries resume data,
    /// and `downloadTask(withResumeData:)` continues from it. Finishing tasks are not touched: their body is
    /// complete and their delivery waits in the outbox.
    mutating func cancelForSystem(sessions: Set<String>, reason: String, in transition: inout Transition) {
        let open = tasks.values.filter {
            sessions.contains($0.session) && !$0.state.isTerminal && $0.state != .finishing
        }
        for var task in open.sorted(by: { $0.id < $1.id }) {
            stopIfRunning(task.id, in: &transition)
            task.state = .cancelled
            task.retryAt = nil
            task.error = "cancelled (\(TransferCancellationReason.errorCode)): \(reason)"
            update(task, in: &transition)
            let kept =
                ResumeData.ifResumable(task).map { "; resume data kept at byte \($0.offset)" } ?? "; nothing to resume"
            transition.log(.cancelled, task.subject, "by the system: \(reason)\(kept)")
        }
    }

    /// Continues a cancelled or failed download from its kept partial file, as `downloadTask(withResumeData:)`.
    mutating func resumeFromResumeData(_ id: Int64, in transition: inout Transition) {
        guard var task = tasks[id] else { return transition.actions.append(.refuse("no task \(id)")) }
        guard task.state == .cancelled || task.state == .failed, let data = ResumeData.ifResumable(task) else {
            return transition.actions.append(
                .refuse("task \(id) is \(task.state.rawValue) and has no resume data"))
        }
        task.state = .queued
        task.attempts = 0
        task.error = nil
        update(task, in: &transition)
        transition.changes.outboxRemoved.append(id)
        transition.log(.resumedFromResumeData, task.subject, "downloadTask(withResumeData:) at byte \(data.offset)")
    }

}
