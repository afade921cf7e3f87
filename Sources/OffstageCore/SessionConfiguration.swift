import Foundation

/// The configuration of a background session, with Apple's names and defaults.
public struct SessionConfiguration: Codable, Sendable, Equatable {
    /// The session identifier, unique within the app.
    public var identifier: String
    /// When true, transfers wait for Wi-Fi and external power.
    public var isDiscretionary: Bool
    /// When true, the system relaunches the app for this session's events.
    public var sessionSendsLaunchEvents: Bool
    /// Idle timeout in seconds: a transfer that receives nothing for this long is retried.
    public var timeoutIntervalForRequest: Double
    /// Total time allowed for one resource, in seconds (default 7 days).
    public var timeoutIntervalForResource: Double
    /// The most transfers of this session running at once against one host.
    public var httpMaximumConnectionsPerHost: Int
    /// Whether cellular networks may be used.
    public var allowsCellularAccess: Bool
    /// Whether expensive networks (cellular, hotspots) may be used.
    public var allowsExpensiveNetworkAccess: Bool
    /// Whether constrained networks (Low Data Mode) may be used.
    public var allowsConstrainedNetworkAccess: Bool

    /// The identifier of the session that tasks join when none is named.
    public static let defaultIdentifier = "com.offstage.default"

    /// A configuration with Apple's defaults.
    public init(
        identifier: String = SessionConfiguration.defaultIdentifier,
        isDiscretionary: Bool = false,
        sessionSendsLaunchEvents: Bool = true,
        timeoutIntervalForRequest: Double = 60,
        timeoutIntervalForResource: Double = 7 * 24 * 3600,
        httpMaximumConnectionsPerHost: Int = 6,
        allowsCellularAccess: Bool = true,
        allowsExpensiveNetworkAccess: Bool = true,
        allowsConstrainedNetworkAccess: Bool = true
    ) {
        self.identifier = identifier
        self.isDiscretionary = isDiscretionary
        self.sessionSendsLaunchEvents = sessionSendsLaunchEvents
        self.timeoutIntervalForRequest = timeoutIntervalForRequest
        self.timeoutIntervalForResource = timeoutIntervalForResource
        self.httpMaximumConnectionsPerHost = httpMaximumConnectionsPerHost
        self.allowsCellularAccess = allowsCellularAccess
        self.allowsExpensiveNetworkAccess = allowsExpensiveNetworkAccess
        self.allowsConstrainedNetworkAccess = allowsConstrainedNetworkAccess
    }
}
