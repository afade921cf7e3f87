import Foundation

/// Checksums: a finished download is verified before it is delivered; a mismatch delivers nothing.
extension TransferDaemon {
    /// Moves a finishing download on: verifies its checksum first when it has one not yet verified, else asks for its
    /// delivery (with the outbox row that makes the delivery survive a kill).
    mutating func proceedToDelivery(_ task: inout TransferTask, in transition: inout Transition) {
        if let checksum = task.options.checksum, task.checksumState != .verified {
            task.checksumState = .verifying
            update(task, in: &transition)
            transition.log(.checksum, task.subject, "verifying its \(checksum.algorithm.rawValue) before delivery")
            transition.actions.append(.verifyChecksum(task))
            return
        }
        update(task, in: &transition)
        transition.changes.outboxAdded.append(OutboxItem(taskID: task.id, kind: OutboxItem.didFinishDownloading))
        transition.actions.append(.deliver(task))
    }

    /// The digest of a finished download: a match lets it be delivered; a mismatch fails it for good, delivers
    /// nothing and removes the partial file.
    mutating func checksumComputed(_ id: Int64, digest: String, in transition: inout Transition) {
        guard var task = tasks[id], task.state == .finishing, task.checksumState == .verifying,
            let checksum = task.options.checksum
        else { return }
        let got = digest.lowercased()
        guard got == checksum.hex else {
            task.checksumState = .mismatch
            task.bytesWritten = 0
            task.validator = nil
            let reason = "checksum mismatch: expected \(checksum.algorithm.rawValue) \(checksum.hex), got \(got)"
            fail(&task, reason: reason, in: &transition)  // removes the partial file: nothing to resume
            if appSessions.contains(task.session) {
                // It never reached the app's `didFinishDownloadingTo`: the app learns of the failure instead.
                transition.changes.outboxAdded.append(OutboxItem(taskID: id, kind: OutboxItem.didComplete))
            }
            return
        }
        task.checksumState = .verified
        transition.log(.checksum, task.subject, "\(checksum.algorithm.rawValue) verified: \(got)")
        proceedToDelivery(&task, in: &transition)
    }

    /// The partial file could not be read to verify it: a delivery failure, resumable by the user (the file is kept).
    mutating func checksumUnreadable(_ id: Int64, reason: String, in transition: inout Transition) {
        guard var task = tasks[id], task.state == .finishing, task.checksumState == .verifying else { return }
        task.checksumState = nil
        task.state = .failed
        task.error = "delivery failed: cannot verify its checksum: \(Self.printable(reason))"
        update(task, in: &transition)
        transition.log(.failed, task.subject, task.error ?? "")
        transition.actions.append(.announce(task))
    }
}
