import Foundation
import OffstageCore

/// Why a transfer is where it is, in words, as the command line prints it (`get`'s meter and `ls`).
///
/// Server-controlled text (errors, reasons) is escaped; countdowns are measured from the snapshot's `now`.
public enum TransferWords {
    /// `connection refused, attempt 3 of 10 in 12 s`: the last error, the attempt that comes next, and when.
    public static func retry(
        lastError: String, attempt: Int, maxAttempts: Int, next: Date?, now: Date
    ) -> String {
        let error = lastError.isEmpty ? "failed" : TransferDaemon.printable(lastError)
        return error + ", " + self.attempt(attempt, of: maxAttempts, next: next, now: now)
    }

    /// `attempt 3 of 10 in 12 s`: the attempt after `failures` failed ones, and when it starts.
    public static func attempt(_ failures: Int, of maxAttempts: Int, next: Date?, now: Date) -> String {
        let coming = maxAttempts > 0 ? min(max(1, failures + 1), maxAttempts) : max(1, failures + 1)
        var text = "attempt \(coming) of \(maxAttempts)"
        if let next {
            let left = next.timeIntervalSince(now)
            text += left > 0.5 ? " in \(TransferDaemon.duration(left))" : " now"
        }
        return text
    }

    /// The reason of a task that does not move, or nil while it runs or once it is delivered.
    ///
    /// A failed download that kept bytes says how big its part file is (`part 12.3 MB kept`).
    public static func reason(_ transfer: TransferSnapshot, now: Date) -> String? {
        switch transfer.status {
        case .running, .completed:
            return nil
        case .waiting(let why):
            return why == transfer.state.rawValue ? nil : TransferDaemon.printable(why)
        case .earliestBegin(let date):
            let left = date.timeIntervalSince(now)
            return left > 0 ? "earliest begin in \(TransferDaemon.duration(left))" : "earliest begin date reached"
        case .retrying(let next, let attempt, let maxAttempts, let lastError):
            return retry(lastError: lastError, attempt: attempt, maxAttempts: maxAttempts, next: next, now: now)
        case .paused(let why):
            return why.map(TransferDaemon.printable) ?? "paused by the user"
        case .finishing(let why):
            return why.map(TransferDaemon.printable) ?? "delivering"
        case .failed(let why):
            var text = TransferDaemon.printable(why)
            if transfer.kind == .download, transfer.bytes > 0 {
                text += "; part \(ByteFormat.size(transfer.bytes)) kept"
            }
            return text
        case .cancelled(let why):
            return why.map(TransferDaemon.printable)
        case .interrupted:
            return TaskTable.interrupted(transfer)
        }
    }

    /// The state word: the stored state, or `interrupted` for a task a killed engine left running.
    public static func state(_ transfer: TransferSnapshot) -> String {
        transfer.status == .interrupted ? "interrupted" : transfer.state.rawValue
    }
}
