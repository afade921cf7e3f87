import Foundation

/// Where the current time comes from; injected so that the core and its tests never read a clock.
public protocol TimeSource: Sendable {
    /// The current wall-clock time.
    func now() -> Date
}

/// The real wall clock.
public struct SystemTimeSource: TimeSource {
    /// Creates the real clock.
    public init() {}

    /// The current wall-clock time.
    public func now() -> Date { Date() }
}
