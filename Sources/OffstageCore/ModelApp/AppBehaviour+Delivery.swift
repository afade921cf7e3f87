import Foundation

/// What the app does with one delivery: the delegate calls in Apple's order (from `DeliveryPlan`), the file
/// move (or its deferred-move mistake), and its registry record afterwards.
extension AppBehaviour {
    /// A finished download: `didWriteData`, `didFinishDownloadingTo`, then the move; the canonical app moves the
    /// file before returning (`.fileMoved` continues), the mistaken one defers it and finds no file.
    mutating func download(_ handover: DownloadHandover, now: Date) -> [AppBehaviourAction] {
        let calls = plan(handover, now: now)
        let before = calls.beforeMove.map { AppBehaviourAction.callDelegate($0, subject: handover.subject) }
        guard mistakes.movesFileAsynchronously else {
            moving = handover
            return before + [.moveFileSynchronously]
        }
        let line = LogEntry(
            time: now, kind: .appDelivery, subject: handover.subject,
            reason: "the app deferred the move (app mistake: asynchronous file move); "
                + "the temporary file was removed as didFinishDownloadingTo returned")
        return before + [
            .deferFileMove(temporaryFile: handover.temporaryFile, log: line), .didFinishDownloadingReturned(log: nil),
        ] + finish(handover, deliveredPath: nil, now: now)
    }

    /// The move ended (at `deliveredPath`) inside `didFinishDownloadingTo`, which then returns; then
    /// `didCompleteWithError`, and the acknowledgement with the record.
    mutating func fileMoved(_ deliveredPath: String?, now: Date) -> [AppBehaviourAction] {
        guard let handover = moving else { return [] }
        moving = nil
        let moved = deliveredPath.map {
            LogEntry(
                time: now, kind: .appDelivery, subject: handover.subject,
                reason: "the app moved \(TransferDaemon.printable(handover.temporaryFile)) to "
                    + "\(TransferDaemon.printable($0)) before didFinishDownloadingTo returned")
        }
        return [.didFinishDownloadingReturned(log: moved)] + finish(handover, deliveredPath: deliveredPath, now: now)
    }

    /// A task that ended without a file: `didCompleteWithError`, the acknowledgement, and for a download the
    /// system cancelled, `downloadTask(withResumeData:)`.
    func completion(_ handover: CompletionHandover, now: Date) -> [AppBehaviourAction] {
        let decided = handover.record.map { $0.afterCompletion(handover.end, isUpload: handover.isUpload) }
        let calls = DeliveryPlan.completion(
            session: session, taskIdentifier: handover.taskIdentifier, end: handover.end, now: now)
        var actions = calls.map { AppBehaviourAction.callDelegate($0, subject: handover.subject) }
        actions.append(
            .acknowledgeDelivery(
                record: decided?.record,
                log: line(handover.subject, record: decided?.record, unmatched: handover.unmatched, now: now)))
        if let record = decided?.record, decided?.resumeFrom != nil {
            actions.append(.recreateFromResumeData(record, taskIdentifier: handover.taskIdentifier))
        }
        return actions
    }

    /// The calls after the move and the acknowledgement of a download.
    private func finish(_ handover: DownloadHandover, deliveredPath: String?, now: Date) -> [AppBehaviourAction] {
        let record = handover.record.map {
            $0.afterDownload(deliveredPath: deliveredPath, movedAsynchronously: mistakes.movesFileAsynchronously)
        }
        let after = plan(handover, now: now).afterMove.map {
            AppBehaviourAction.callDelegate($0, subject: handover.subject)
        }
        return after + [
            .acknowledgeDelivery(
                record: record, log: line(handover.subject, record: record, unmatched: handover.unmatched, now: now))
        ]
    }

    /// The download's delegate calls, split at the move.
    private func plan(_ h: DownloadHandover, now: Date) -> (beforeMove: [DelegateCall], afterMove: [DelegateCall]) {
        DeliveryPlan.download(
            session: session, taskIdentifier: h.taskIdentifier, bytesWritten: h.bytesWritten,
            bytesExpected: h.bytesExpected, temporaryFile: h.temporaryFile, httpStatus: h.httpStatus, now: now)
    }

    /// What the app made of a delivery, for the event log.
    private func line(_ subject: String, record: AppRecord?, unmatched: UnmatchedTask, now: Date) -> LogEntry {
        guard let record else {
            let reason =
                switch unmatched {
                case .labelInMemory(let label):
                    "matched in memory only (\(label), no taskDescription): no record would survive a kill"
                case .noTaskDescription:
                    "unmatched: no taskDescription (app mistake): the result cannot be matched to any record"
                case .noRecord(let description):
                    "unmatched: no record \"\(description)\" in the registry"
                }
            return LogEntry(time: now, kind: .appDelivery, subject: subject, reason: reason)
        }
        let note = record.note.map { ": \($0)" } ?? ""
        return LogEntry(
            time: now, kind: .appDelivery, subject: subject,
            reason: "\"\(record.taskDescription)\" \(record.status.rawValue)\(note)")
    }
}
