import Foundation
import OffstageCore

/// What the runtime needs to host the Android model: the profile (android or both), the system's policy, and where
/// shell workers log.
public struct AndroidSetup: Sendable, Equatable {
    /// The configured profile: `android` or `both`, or `ios` (no Android model, unless the store's platform, set by
    /// `offstage device platform`, says otherwise; nil `options.android`: iOS only, whatever the store says).
    public var profile: PlatformProfile
    /// The Android system model's numbers.
    public var policy: AndroidPolicy
    /// Where shell workers append their output (nil: discarded).
    public var commandLogPath: String?

    /// A setup.
    public init(
        profile: PlatformProfile = .android, policy: AndroidPolicy = AndroidPolicy(), commandLogPath: String? = nil
    ) {
        self.profile = profile
        self.policy = policy
        self.commandLogPath = commandLogPath
    }
}

extension OffstageConfiguration {
    /// The Android setup `android.json` asks for, or nil for the iOS profile (the default: nothing Android runs).
    public func androidSetup(commandLogPath: String?) -> AndroidSetup? {
        guard android.platform.includesAndroid else { return nil }
        return AndroidSetup(profile: android.platform, policy: android.policy, commandLogPath: commandLogPath)
    }
}
