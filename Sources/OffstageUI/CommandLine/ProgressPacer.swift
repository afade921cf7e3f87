import Foundation
import OffstageCore

/// When `get`'s meter draws: pure, the time is given to it.
///
/// A terminal redraws at most every `interval` (0.1 s: ten a second); a plain log prints at most every `interval`
/// (1 s) and at once when the transfer's state, reason kind, stall or restart changes.
public struct ProgressPacer: Sendable {
    /// The shortest time between two draws, seconds.
    public let interval: Double
    /// Whether a change of state draws at once, whatever the interval (plain lines).
    public let drawOnChange: Bool
    /// The animation frame of the next draw (counts draws).
    public private(set) var frame = 0
    /// When the last draw was.
    private var lastDraw: Date?
    /// What the last draw showed, in short (state, status kind, stalled, restarted).
    private var lastKey = ""

    /// A pacer drawing at most every `interval` seconds, and at once on a change when `drawOnChange`.
    public init(interval: Double, drawOnChange: Bool) {
        self.interval = interval
        self.drawOnChange = drawOnChange
    }

    /// Whether to draw `transfer` at `now`; when it says yes, it counts the draw (the frame moves on).
    public mutating func shouldDraw(_ transfer: TransferSnapshot, now: Date) -> Bool {
        let stalled = transfer.stalledSince != nil
        let key =
            "\(transfer.state.rawValue) \(Self.kind(transfer.status)) \(stalled) \(transfer.restart?.at.timeIntervalSince1970 ?? 0)"
        let due = lastDraw.map { now.timeIntervalSince($0) >= interval || now < $0 } ?? true
        let changed = key != lastKey
        guard due || (drawOnChange && changed) else { return false }
        lastDraw = now
        lastKey = key
        frame += 1
        return true
    }

    /// The status's case, without its payload.
    static func kind(_ status: TransferStatus) -> String {
        switch status {
        case .running: "running"
        case .waiting: "waiting"
        case .earliestBegin: "earliest"
        case .retrying: "retrying"
        case .paused: "paused"
        case .finishing: "finishing"
        case .completed: "completed"
        case .failed: "failed"
        case .cancelled: "cancelled"
        case .interrupted: "interrupted"
        }
    }
}
