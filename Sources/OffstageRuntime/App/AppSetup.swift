import Foundation
import OffstageCore

/// What the runtime needs to host the model app's background-session side.
public struct AppSetup: Sendable {
    /// The session identifier, the life-cycle timings, the reconciliation policy and the configured mistakes.
    public var configuration: AppConfiguration
    /// Seconds on a clock that never jumps and continues across restarts (the life cycle's steady time).
    public var steadyClock: @Sendable () -> Double

    /// A setup; the steady clock defaults to the system's monotonic clock, which every process shares.
    public init(
        configuration: AppConfiguration = AppConfiguration(),
        steadyClock: @escaping @Sendable () -> Double = { MonotonicTime.now() }
    ) {
        self.configuration = configuration
        self.steadyClock = steadyClock
    }
}
