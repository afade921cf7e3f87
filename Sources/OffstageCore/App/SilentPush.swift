import Foundation

/// A remote notification sent to the app (`offstage push`): a background one carries `content-available` only.
public struct SilentPush: Codable, Sendable, Equatable {
    /// Whether the payload has `content-available: 1` (a background push); without it, an alert for the user.
    public var contentAvailable: Bool
    /// The `apns-priority`: 5 (when power allows) or 10 (at once).
    public var priority: Int

    /// A push; a background one by default, at the priority Apple asks background pushes to use.
    public init(contentAvailable: Bool = true, priority: Int = 5) {
        self.contentAvailable = contentAvailable
        self.priority = priority
    }

    /// The priorities `offstage push` takes.
    public static let priorities: Set<Int> = [5, 10]

    /// How it is named in the event lines.
    public var text: String {
        "push (\(contentAvailable ? "content-available" : "alert"), priority \(priority))"
    }
}

/// The device facts a background push depends on: Low Power Mode and both Background App Refresh switches.
public struct PushGate: Codable, Sendable, Equatable {
    /// Whether Low Power Mode is on: background pushes are deferred until it ends.
    public var lowPowerMode: Bool
    /// Why Background App Refresh keeps pushes from waking the app ("off on this device", "off for this app"), or
    /// nil when both switches are on.
    public var refreshOff: String?

    /// The gate from the device's and the app's switches.
    public init(lowPowerMode: Bool = false, deviceRefresh: Bool = true, appRefresh: Bool = true) {
        self.lowPowerMode = lowPowerMode
        refreshOff = !deviceRefresh ? "off on this device" : !appRefresh ? "off for this app" : nil
    }
}

/// A background push the system holds back (Low Power Mode, the hourly budget); a newer one replaces it, as APNs
/// and the device coalesce them.
public struct DeferredPush: Codable, Sendable, Equatable {
    /// The push.
    public var push: SilentPush
    /// Why it waits.
    public var reason: String
}

/// What the system does with a push now.
public enum PushDecision: Sendable, Equatable {
    /// Refused before it reaches the device, with this reason (APNs rejects it).
    case refused(String)
    /// An alert for the user: the app is neither launched nor resumed.
    case alertOnly
    /// Handed to the app in the foreground (no launch, no budget).
    case deliveredInForeground
    /// The app is launched or resumed (or, running in the background, handed it) for about 30 s.
    case deliveredInBackground
    /// Held back, delivered later, for this reason.
    case deferred(String)
    /// Dropped, for this reason.
    case notDelivered(String)

    /// The event line's words after "push …".
    public var text: String {
        switch self {
        case .refused(let why): "refused: \(why)"
        case .alertOnly: "shown to the user as an alert: no content-available, so the app is not woken"
        case .deliveredInForeground:
            "delivered to the app in the foreground (didReceiveRemoteNotification); not counted in the budget"
        case .deliveredInBackground:
            "delivered: the app runs in the background for up to "
                + "\(DurationText.short(BackgroundRules.silentPushAllowance)) (didReceiveRemoteNotification)"
        case .deferred(let why): "deferred: \(why)"
        case .notDelivered(let why): "not delivered: \(why)"
        }
    }
}
