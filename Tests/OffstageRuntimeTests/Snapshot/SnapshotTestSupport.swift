import Foundation
import OffstageCore
import OffstageRuntime
import Synchronization

/// Counts and keeps what a runtime publishes through `onSnapshot`; safe from any thread.
final class PublishedSnapshots: Sendable {
    private let received = Mutex<[Snapshot]>([])

    /// A sink for `RuntimeOptions.onSnapshot`.
    var sink: @Sendable (Snapshot) -> Void { { [self] snapshot in received.withLock { $0.append(snapshot) } } }

    /// How many were published.
    var count: Int { received.withLock { $0.count } }

    /// The newest one.
    var last: Snapshot? { received.withLock { $0.last } }
}

/// A steady clock a test moves by hand, for the snapshot throttle.
final class ManualSteadyClock: Sendable {
    private let seconds = Mutex<Double>(1000)

    /// The reading.
    func now() -> Double { seconds.withLock { $0 } }

    /// Moves it forward.
    func advance(by delta: Double) { seconds.withLock { $0 += delta } }
}
