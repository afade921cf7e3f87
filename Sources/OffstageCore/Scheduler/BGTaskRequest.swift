import Foundation

/// The two kinds of background task request an app can submit (`BGAppRefreshTaskRequest`, `BGProcessingTaskRequest`).
public enum BGTaskKind: String, Codable, Sendable, CaseIterable {
    /// A short refresh task (about 30 s), paid for from the app's background budget.
    case appRefresh = "app-refresh"
    /// A deferrable task that may run for minutes while the device is idle.
    case processing

    /// The `UIBackgroundModes` entry a request of this kind needs.
    public var requiredBackgroundMode: BackgroundMode {
        switch self {
        case .appRefresh: .fetch
        case .processing: .processing
        }
    }
}

/// A request as the app submits it: Apple's `BGTaskRequest` and its two subclasses in one value.
public struct BGTaskRequest: Codable, Sendable, Equatable {
    /// The task identifier; must be listed in `BGTaskSchedulerPermittedIdentifiers`.
    public var identifier: String
    /// App refresh or processing.
    public var kind: BGTaskKind
    /// The task must not start before this wall-clock date (`nil`: no start delay).
    public var earliestBeginDate: Date?
    /// Processing only: launch only with a network connection.
    public var requiresNetworkConnectivity: Bool
    /// Processing only: launch only on external power.
    public var requiresExternalPower: Bool

    /// A request; the two requirements only mean something for processing requests.
    public init(
        identifier: String, kind: BGTaskKind, earliestBeginDate: Date? = nil,
        requiresNetworkConnectivity: Bool = false, requiresExternalPower: Bool = false
    ) {
        self.identifier = identifier
        self.kind = kind
        self.earliestBeginDate = earliestBeginDate
        self.requiresNetworkConnectivity = kind == .processing && requiresNetworkConnectivity
        self.requiresExternalPower = kind == .processing && requiresExternalPower
    }
}

/// A submitted request as the scheduler keeps it, with when it was submitted.
public struct PendingTaskRequest: Codable, Sendable, Equatable {
    /// The request as submitted (its earliest date shifted by any wall-clock jump since).
    public var request: BGTaskRequest
    /// Wall-clock time of the submit.
    public var submittedAt: Date
    /// Steady time of the submit.
    public var submittedSteady: Double

    /// A pending request.
    public init(request: BGTaskRequest, submittedAt: Date, submittedSteady: Double) {
        self.request = request
        self.submittedAt = submittedAt
        self.submittedSteady = submittedSteady
    }

    /// The request's identifier.
    public var identifier: String { request.identifier }
}

/// Apple's `BGTaskScheduler.Error.Code` values that `submit` can return.
public enum BGTaskSchedulerError: Int, Codable, Sendable, CaseIterable, Error {
    /// Background App Refresh is off (or the platform cannot schedule).
    case unavailable = 1
    /// Already 1 app refresh or 10 processing requests pending.
    case tooManyPendingTaskRequests = 2
    /// The identifier is not permitted or the `UIBackgroundModes` entry is missing.
    case notPermitted = 3

    /// Apple's case name, for the event log.
    public var name: String {
        switch self {
        case .unavailable: "unavailable"
        case .tooManyPendingTaskRequests: "tooManyPendingTaskRequests"
        case .notPermitted: "notPermitted"
        }
    }
}
