import Foundation
import OffstageCore
import OffstageUI

/// A curl-like one-line progress meter on stderr, redrawn in place from the runtime's published snapshots.
final class ProgressMeter: @unchecked Sendable {
    // Safety: `drawn` is only touched by `show`, which the runtime calls on its loop thread, and by `finish`,
    // called on that same thread after `run()` has returned.
    private var drawn = false
    private let enabled: Bool

    /// A meter that draws only when `enabled` (stderr is a terminal).
    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// Whether it draws at all.
    var isEnabled: Bool { enabled }

    /// Redraws the line for task `id` from a snapshot.
    func show(_ snapshot: Snapshot, id: Int64) {
        guard enabled, let transfer = snapshot.transfers.first(where: { $0.id == id }) else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(Self.line(transfer, now: snapshot.clock.now))".utf8))
        drawn = true
    }

    /// The meter's line: state, progress, speed and ETA while running, and why it waits.
    static func line(_ transfer: TransferSnapshot, now: Date) -> String {
        let progress = ByteFormat.progress(transfer.bytes, of: transfer.bytesExpected ?? -1)
        var line = "\(ByteFormat.pad(transfer.state.rawValue, 9)) \(progress)"
        if let speed = transfer.speed { line += "  \(ByteFormat.size(Clamped.int64(speed)))/s" }
        if let eta = transfer.eta, (transfer.bytesExpected ?? 0) > transfer.bytes {
            line += "  ETA \(TransferDaemon.duration(eta))"
        }
        let reason: String? =
            switch transfer.status {
            case .waiting(let text): text
            case .retrying(let next, _, _, let error):
                next.map { "retry in \(TransferDaemon.duration($0.timeIntervalSince(now))): " + error } ?? error
            default: nil
            }
        if let reason { line += "  " + TransferDaemon.printable(reason) }
        return line
    }

    /// Ends the line.
    func finish() {
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
