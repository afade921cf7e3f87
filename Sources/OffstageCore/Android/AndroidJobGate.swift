import Foundation

/// Whether the Android system lets one app's (non-expedited, non-foreground) jobs run now.
///
/// The system model (buckets, Doze, battery saver, background restriction) computes it; WorkManager reads it.
public enum AndroidJobGate: Codable, Sendable, Equatable {
    /// Jobs may run now; the window they run in closes at this date (nil: no window, no limit).
    case open(closesAt: Date?, networkAllowed: Bool)
    /// Jobs are held back for this reason until this date (nil: until something changes, e.g. the user).
    case closed(AndroidDeferral, opensAt: Date?)

    /// Whether jobs may start now.
    public var isOpen: Bool {
        if case .open = self { return true }
        return false
    }
}
