import Foundation
import OffstageCore

/// What the runtime needs to host the model app's background-session side.
///
/// The life cycle's steady time is the runtime's clock (`TimeSource.steady()`), like everything else time-driven.
public struct AppSetup: Sendable {
    /// The session identifier, the life-cycle timings, the reconciliation policy and the configured mistakes.
    public var configuration: AppConfiguration

    /// A setup.
    public init(configuration: AppConfiguration = AppConfiguration()) {
        self.configuration = configuration
    }
}
