import Foundation
import OffstageCore

/// A curl-like one-line progress meter on stderr, redrawn in place.
final class ProgressMeter {
    private let enabled: Bool
    private var lastBytes: Int64?
    private var lastTime = Date()
    private var speed: Double = 0
    private var drawn = false

    /// A meter that draws only when `enabled` (stderr is a terminal).
    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Redraws the line for task `id`.
    func show(_ daemon: TransferDaemon, id: Int64) {
        guard enabled, let task = daemon.tasks[id] else { return }
        let bytes = daemon.liveBytes[id] ?? task.bytesWritten
        let now = Date()
        let elapsed = now.timeIntervalSince(lastTime)
        // Bytes resumed from an earlier run are not speed: the first sample only sets the baseline.
        guard let previous = lastBytes else {
            lastBytes = bytes
            lastTime = now
            return
        }
        if elapsed >= 0.5 {
            let instant = Double(max(0, bytes - previous)) / elapsed
            speed = speed == 0 ? instant : speed * 0.6 + instant * 0.4
            lastBytes = bytes
            lastTime = now
        }
        var line = "\(ByteFormat.pad(task.state.rawValue, 9)) \(ByteFormat.progress(bytes, of: task.bytesExpected))"
        if speed > 0, task.state == .running { line += "  \(ByteFormat.size(Int64(speed)))/s" }
        if task.state == .running, task.bytesExpected > bytes, speed > 0 {
            let left = Double(task.bytesExpected - bytes) / speed
            line += "  ETA \(TransferDaemon.duration(left))"
        }
        if let reason = daemon.waitReasons[id] ?? (task.state == .retrying ? task.error : nil) {
            line += "  " + TransferDaemon.printable(reason)
        }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(line)".utf8))
        drawn = true
    }

    /// Ends the line.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
