import Foundation

/// What happens to background transfers when the offstage process restarts, which the model treats as a
/// device reboot. Apple documents nothing here ([NF] in the reference, §3.3), so it is a switch.
public enum RebootPolicy: String, Codable, Sendable, CaseIterable {
    /// The daemon continues the transfers at once, without the app (the default; one macOS report).
    case resumeTransfers = "resume"
    /// The transfers persist but wait until the user next opens the app.
    case waitForAppLaunch = "wait-for-launch"
    /// The transfers are cancelled with −999, reason 2 (insufficient system resources).
    case cancelTransfers = "cancel"
}

/// The life-cycle manager's timings and switches (Codable, so it can live in the configuration folder); the
/// defaults are `BackgroundRules`' and the relaunch limiter's.
///
/// Background time: entering the background opens a window of `backgroundTaskLimit` seconds
/// (`backgroundTimeRemaining` counts it down); every open task's expiration handler is called
/// `expirationLead` seconds before its end, and a task still open at the end gets the app killed with
/// `0x2182bad2`. Embrace measured handlers at about 30 s and the kill one second later: that is a limit of 31
/// with a lead of 1; the default follows Apple's wording instead (handlers "shortly before" 0 of 30 s).
public struct AppLifecyclePolicy: Codable, Sendable, Equatable {
    /// Seconds of background time after entering the background (modern iOS: about 30; before iOS 13: 180).
    public var backgroundTaskLimit: Double
    /// Seconds `applicationDidEnterBackground` gets before an app with no background task is suspended.
    public var didEnterBackgroundGrace: Double
    /// Seconds before the end of background time at which expiration handlers are called.
    public var expirationLead: Double
    /// Seconds the app has to call a `handleEventsForBackgroundURLSession` completion handler (else 0x2182bad3).
    public var completionHandlerDeadline: Double
    /// What a process restart (a reboot) does to the transfers.
    public var rebootPolicy: RebootPolicy
    /// The relaunch rate limiter's first delay, in seconds (measured: 60).
    public var relaunchInitialDelay: Double
    /// The relaunch rate limiter's largest delay, in seconds.
    public var relaunchMaxDelay: Double

    /// The policy; every parameter has the documented default.
    public init(
        backgroundTaskLimit: Double = BackgroundRules.backgroundTime,
        didEnterBackgroundGrace: Double = BackgroundRules.didEnterBackgroundGrace,
        expirationLead: Double = BackgroundRules.backgroundTaskExpirationLead,
        completionHandlerDeadline: Double = BackgroundRules.completionHandlerDeadline,
        rebootPolicy: RebootPolicy = .resumeTransfers,
        relaunchInitialDelay: Double = RelaunchRateLimiter.defaultInitialDelay,
        relaunchMaxDelay: Double = RelaunchRateLimiter.defaultMaxDelay
    ) {
        self.backgroundTaskLimit = backgroundTaskLimit
        self.didEnterBackgroundGrace = didEnterBackgroundGrace
        self.expirationLead = expirationLead
        self.completionHandlerDeadline = completionHandlerDeadline
        self.rebootPolicy = rebootPolicy
        self.relaunchInitialDelay = relaunchInitialDelay
        self.relaunchMaxDelay = relaunchMaxDelay
    }

    /// Decodes, taking the default for every missing key (so a configuration file may set only what it changes).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = AppLifecyclePolicy()
        backgroundTaskLimit = try c.decode(.backgroundTaskLimit, default: d.backgroundTaskLimit)
        didEnterBackgroundGrace = try c.decode(.didEnterBackgroundGrace, default: d.didEnterBackgroundGrace)
        expirationLead = try c.decode(.expirationLead, default: d.expirationLead)
        completionHandlerDeadline = try c.decode(.completionHandlerDeadline, default: d.completionHandlerDeadline)
        rebootPolicy = try c.decode(.rebootPolicy, default: d.rebootPolicy)
        relaunchInitialDelay = try c.decode(.relaunchInitialDelay, default: d.relaunchInitialDelay)
        relaunchMaxDelay = try c.decode(.relaunchMaxDelay, default: d.relaunchMaxDelay)
    }
}
