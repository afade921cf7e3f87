import Foundation

/// Every rule of background time in the iOS model, in one place: how long each kind of background work may run,
/// how long before its end the expiration handler is called, the deadline of a session's completion handler, and
/// the codes an ended app or a cancelled transfer carries.
///
/// The life cycle's policy (`AppLifecyclePolicy`) and the scheduler's (`SchedulerPolicyConfiguration`) take their
/// defaults from here; a configuration file may still change each of them. The relaunch limiter's delays are the
/// limiter's own (`RelaunchRateLimiter`). Sources: reference/platform-semantics.md.
public enum BackgroundRules {
    /// Seconds of background time after the app enters the background (`beginBackgroundTask`; modern iOS: about
    /// 30, before iOS 13: 180).
    public static let backgroundTime: Double = 30
    /// Seconds `applicationDidEnterBackground` gets before an app with no background task is suspended.
    public static let didEnterBackgroundGrace: Double = 5
    /// Seconds before the end of background time at which a background task's expiration handler is called
    /// (Apple: "shortly before"; Embrace measured about one second).
    public static let backgroundTaskExpirationLead: Double = 1
    /// Seconds the app has to call a `handleEventsForBackgroundURLSession` completion handler (else 0x2182bad3).
    public static let completionHandlerDeadline: Double = 30
    /// Background time a BG app-refresh task gets, in seconds (about 30).
    public static let appRefreshAllowance: Double = 30
    /// Background time a BG processing task gets, in seconds ("minutes": 10).
    public static let processingAllowance: Double = 600
    /// Seconds before a BG task's deadline at which its expiration handler is called.
    public static let bgTaskExpirationLead: Double = 5
    /// Background time a background (silent) push gives the app, in seconds: "up to 30 seconds"
    /// (platform-semantics §4.4, Apple's "Choosing background strategies for your app").
    public static let silentPushAllowance: Double = 30
    /// Background pushes the system delivers in any hour before it throttles the rest: Apple asks for no more
    /// than "two or three per hour" and throttles above that (platform-semantics §4.4: "rate-limited above about 3
    /// per hour"); the model delivers 3 in any 60 minutes and defers the next to when the oldest leaves the hour.
    public static let silentPushesPerHour = 3
    /// The window the push budget counts over, in seconds.
    public static let silentPushWindow: Double = 3_600
}

/// The watchdog's termination codes (RunningBoard, `EXC_CRASH (SIGKILL)`).
public enum WatchdogCode {
    /// A background task (`beginBackgroundTask` or a BG task) was not ended in time.
    public static let backgroundTask = "0x2182bad2"
    /// A background URL session's completion handler was not called in time.
    public static let backgroundURLSession = "0x2182bad3"
}

/// `NSURLErrorBackgroundTaskCancelledReasonKey` values for transfers cancelled with −999.
public enum TransferCancellationReason: Int, Codable, Sendable, CaseIterable {
    /// `NSURLErrorCancelledReasonUserForceQuitApplication`: the user force-quit the app.
    case userForceQuit = 0
    /// `NSURLErrorCancelledReasonBackgroundUpdatesDisabled`: background updates are disabled.
    case backgroundUpdatesDisabled = 1
    /// `NSURLErrorCancelledReasonInsufficientSystemResources`: the system lacks resources (used for a reboot).
    case insufficientSystemResources = 2

    /// The error code the cancelled transfers complete with (`NSURLErrorCancelled`).
    public static let errorCode = -999

    /// The text the event log and the daemon use.
    public var text: String {
        switch self {
        case .userForceQuit: "user force-quit"
        case .backgroundUpdatesDisabled: "background updates disabled"
        case .insufficientSystemResources: "insufficient system resources"
        }
    }
}
