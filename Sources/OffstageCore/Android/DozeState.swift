import Foundation

/// Doze, as a view shows it: off, dozing until the next maintenance window, or inside a window.
public enum DozeState: Codable, Sendable, Equatable {
    /// The device is not dozing (moving, screen on, or charging).
    case off
    /// The device dozes; jobs and network wait for the next maintenance window at this date (nil: not yet known).
    case dozing(nextWindowAt: Date?)
    /// A maintenance window is open until this date: pending jobs run and apps may use the network.
    case maintenance(until: Date)
}
