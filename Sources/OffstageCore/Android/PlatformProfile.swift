/// Which mobile platform the model app follows: the iOS model, the Android model, or both side by side on one device.
public enum PlatformProfile: String, Codable, Sendable, CaseIterable {
    /// iOS: background URLSession, BGTaskScheduler, the iOS app life cycle.
    case ios
    /// Android: WorkManager, foreground services, App Standby Buckets and Doze.
    case android
    /// Both models on one simulated device, each with its own app.
    case both

    /// Whether the iOS model runs in this profile.
    public var includesIOS: Bool { self != .android }
    /// Whether the Android model runs in this profile.
    public var includesAndroid: Bool { self != .ios }
}
