import CCurl
import OffstageCore

extension Transfer {
    /// Bytes moved so far: received into the part file (downloads, absolute) or read from the file (uploads).
    var moved: Int64 { isDownload ? position : sent }

    /// The engine's tick for this transfer at `now` (monotonic seconds): moves the stall mark, checkpoints when
    /// its time came, reports progress when `progressInterval` has passed since the last report, and looks for a
    /// stall. Returns the result to end the request with (a failed checkpoint, or a stall that lasted its timeout),
    /// else nil.
    func tick(now: Double, progressInterval: Double) -> CURLcode? {
        let bytes = moved
        noteMovement(bytes: bytes, now: now)
        if isDownload, accepted,
            configuration.checkpointDue(elapsed: now - lastCheckpoint, unsynced: position - durable)
        {
            guard checkpoint(now: now) else { return CURLE_WRITE_ERROR }
        }
        if now - lastProgress >= progressInterval, bytes != lastReportedProgress {
            lastProgress = now
            lastReportedProgress = bytes
            report(.progressed(taskID: request.taskID, bytes: bytes))
        }
        return stallTimedOut(now: now) ? CURLE_ABORTED_BY_CALLBACK : nil
    }

    /// Moves the stall mark when the bytes moved by `stallBytes` (or went back: a restart from zero), and says so
    /// when the request was stalled.
    func noteMovement(bytes: Int64, now: Double) {
        guard bytes - stallMark.bytes >= stallBytes || bytes < stallMark.bytes else { return }
        stallMark = (now, bytes)
        if stallReported {
            stallReported = false
            report(.moving(taskID: request.taskID))
        }
    }

    /// Looks at the stall mark at `now` (monotonic seconds): reports `.stalled` once the request received under its
    /// `stallBytes` for its `stallWindow`, and returns true (to be ended as interrupted) once that has lasted its
    /// timeout, its `idleTimeout` or at least its window. Real time: a warped clock never stalls a transfer.
    func stallTimedOut(now: Double) -> Bool {
        let quiet = now - stallMark.at
        let window = request.stallWindow.isFinite ? max(0, request.stallWindow) : 30
        if !stallReported, quiet >= window {
            stallReported = true
            report(.stalled(taskID: request.taskID, seconds: quiet))
        }
        let timeout = max(window, request.idleTimeout.isFinite ? request.idleTimeout : window)
        guard quiet >= timeout else { return false }
        let under = stallBytes == 1000 ? "1 kB" : Plural.count(stallBytes, "byte")
        failure = .stalled("stalled: under \(under) in \(Clamped.int(timeout.rounded(.up))) s")
        return true
    }
}
