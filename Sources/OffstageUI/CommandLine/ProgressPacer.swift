import Foundation
import OffstageCore

/// When `get`'s meter draws, and how long no byte has come: pure, the time is given to it.
///
/// A terminal redraws at most every `interval` (0.1 s: ten a second); a plain log prints at most every `interval`
/// (1 s) and at once when the transfer's state, reason kind or stall changes.
public struct ProgressPacer: Sendable {
    /// The shortest time between two draws, seconds.
    public let interval: Double
    /// Whether a change of state draws at once, whatever the interval (plain lines).
    public let drawOnChange: Bool
    /// The animation frame of the next draw (counts draws).
    public private(set) var frame = 0
    /// When the last draw was.
    private var lastDraw: Date?
    /// What the last draw showed, in short (state, status kind, stalled).
    private var lastKey = ""
    /// The bytes last seen, and since when they have not changed.
    private var lastBytes: Int64 = -1
    /// When `lastBytes` was first seen.
    private var bytesSince: Date?

    /// A pacer drawing at most every `interval` seconds, and at once on a change when `drawOnChange`.
    public init(interval: Double, drawOnChange: Bool) {
        self.interval = interval
        self.drawOnChange = drawOnChange
    }

    /// Seconds since the byte count last changed, as of `now` (0 before it was seen or when it just moved).
    public mutating func idleFor(_ transfer: TransferSnapshot, now: Date) -> Double {
        // Only a running transfer can stall: a wait, a retry or a pause restarts the count.
        if transfer.bytes != lastBytes || transfer.status != .running || bytesSince == nil {
            bytesSince = now
            lastBytes = transfer.bytes
        }
        return max(0, now.timeIntervalSince(bytesSince ?? now))
    }

    /// Whether to draw `transfer` at `now`; when it says yes, it counts the draw (the frame moves on).
    public mutating func shouldDraw(_ transfer: TransferSnapshot, now: Date, idleFor: Double) -> Bool {
        let key = "\(transfer.state.rawValue) \(Self.kind(transfer.status)) \(idleFor >= ProgressLine.stallAfter)"
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
