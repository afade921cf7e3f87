import Foundation

/// Where the app is in the UIKit life cycle, as the system's life-cycle manager sees it.
///
/// Not running → Inactive ↔ Active → Background → Suspended → Not running (purged, killed or force-quit);
/// a background relaunch goes Not running → Background, a background resume Suspended → Background.
public enum AppLifecyclePhase: String, Codable, Sendable, CaseIterable {
    /// No process: never launched, terminated by the system, killed by the watchdog, force-quit, or rebooted.
    case notRunning = "not-running"
    /// In the foreground but not receiving events (an interruption such as a call or Control Center).
    case inactive
    /// In the foreground and receiving events.
    case active
    /// In the background and executing code (the 5 s grace, background tasks, session events).
    case background
    /// In memory but executing no code.
    case suspended

    /// Whether the app is on screen (`backgroundTimeRemaining` reads `Double.greatestFiniteMagnitude`).
    public var isForeground: Bool { self == .active || self == .inactive }

    /// Whether the app has a process (anything but `.notRunning`).
    public var hasProcess: Bool { self != .notRunning }

    /// Whether the app executes code (foreground or background, not suspended).
    public var runsCode: Bool { isForeground || self == .background }
}
