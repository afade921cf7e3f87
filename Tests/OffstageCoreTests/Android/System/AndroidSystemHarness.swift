import Foundation
import OffstageCore

/// A fixed start date for every Android system test: 2026-03-02 09:00:00 UTC.
let androidT0 = Date(timeIntervalSince1970: 1_772_442_000)

/// Drives an `AndroidSystemModel` in virtual time from `androidT0`; no sleeps.
struct AndroidHarness {
    /// The model under test.
    var model: AndroidSystemModel

    /// A model at `androidT0`, on battery (or charging), in `bucket` from `androidT0` when given.
    init(policy: AndroidPolicy = AndroidPolicy(), charging: Bool = false, bucket: StandbyBucket? = nil) {
        model = AndroidSystemModel(policy: policy)
        _ = model.handle(.conditionsChanged(Self.device(charging: charging)), now: androidT0)
        if let bucket { _ = model.handle(.bucketSet(bucket), now: androidT0) }
    }

    /// Shared device conditions on Wi-Fi at 80 %.
    static func device(charging: Bool, network: DeviceConditions.Network = .wifi, level: Int = 80) -> DeviceConditions {
        DeviceConditions(network: network, charging: charging, batteryLevel: level)
    }

    /// The date `seconds` after `androidT0`.
    static func at(_ seconds: Double) -> Date { androidT0.addingTimeInterval(seconds) }

    /// Sends `event` at `seconds` after `androidT0`.
    @discardableResult
    mutating func send(_ event: AndroidSystemEvent, at seconds: Double = 0) -> [AndroidSystemAction] {
        model.handle(event, now: Self.at(seconds))
    }

    /// The gate at `seconds` after `androidT0`.
    func gate(at seconds: Double) -> AndroidJobGate { model.gate(now: Self.at(seconds)) }
}

/// An expected gate with dates as offsets from `androidT0`, so tables stay readable.
enum ExpectedGate: Sendable, CustomStringConvertible {
    /// Open; the window closes at this offset (nil: no window).
    case open(closes: Double?, network: Bool = true)
    /// Closed for this reason until this offset (nil: until something changes).
    case closed(AndroidDeferral, opens: Double?)

    /// The gate with real dates.
    var gate: AndroidJobGate {
        switch self {
        case .open(let closes, let network):
            .open(closesAt: closes.map(AndroidHarness.at), networkAllowed: network)
        case .closed(let deferral, let opens): .closed(deferral, opensAt: opens.map(AndroidHarness.at))
        }
    }

    var description: String {
        switch self {
        case .open(let closes, let network): "open until \(closes.map { "+\($0)" } ?? "–") network \(network)"
        case .closed(let deferral, let opens): "closed \(deferral.rawValue) until \(opens.map { "+\($0)" } ?? "–")"
        }
    }
}

extension [AndroidSystemAction] {
    /// The committed log lines of these actions.
    var logLines: [LogEntry] {
        for case .commit(let changes) in self { return changes.log }
        return []
    }

    /// The `stopRunningWork` actions' reasons.
    var stopReasons: [WorkStopReason] {
        compactMap { if case .stopRunningWork(let reason, _) = $0 { reason } else { nil } }
    }
}
