import Foundation

extension TransferDaemon {
    /// Since when running task `id` has been stalled (the engine found fewer than `timings.stallBytes` received in
    /// `timings.stallWindow` seconds of real time), or nil while it moves or does not run.
    public func stalledSince(_ id: Int64) -> Date? {
        attempts[id] == nil ? nil : stalls[id]
    }

    /// Records the engine's word that the request of `id` stalled `seconds` ago (or moves again: nil).
    mutating func noteStall(_ id: Int64, seconds: Double?, now: Date) {
        guard attempts[id] != nil, stopping[id] == nil else { return }
        stalls[id] = seconds.map { now - Clamped.within($0, 0...86_400) }
    }
}
