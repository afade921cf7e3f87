import Foundation

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

/// The watchdog's termination codes (RunningBoard, `EXC_CRASH (SIGKILL)`).
public enum WatchdogCode {
    /// A background task (`beginBackgroundTask` or a BG task) was not ended in time.
    public static let backgroundTask = "0x2182bad2"
    /// A background URL session's completion handler was not called in time.
    public static let backgroundURLSession = "0x2182bad3"
}
