import Foundation

/// What the BG scheduler is told about the one model app, whose life cycle `AppLifecycle` owns.
///
/// The scheduler keeps no phase, limiter or force-quit mark of its own: the life cycle sends this view whenever
/// it changes (`SchedulerEvent.appChanged`), and the scheduler's policy reads it.
public struct SchedulerAppView: Codable, Sendable, Equatable {
    /// The app's life-cycle phase.
    public var phase: AppLifecyclePhase = .notRunning
    /// Whether the user force-quit the app and has not opened it since (no background runtime).
    public var forceQuit = false
    /// The steady time (`SteadyClock`) at which the life cycle's relaunch limiter's delay ends.
    public var relaunchAllowedAt: Double = 0

    /// A view.
    public init(phase: AppLifecyclePhase = .notRunning, forceQuit: Bool = false, relaunchAllowedAt: Double = 0) {
        self.phase = phase
        self.forceQuit = forceQuit
        self.relaunchAllowedAt = relaunchAllowedAt
    }

    /// Decodes, taking the default for every missing key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        phase = try c.decode(.phase, default: .notRunning)
        forceQuit = try c.decode(.forceQuit, default: false)
        relaunchAllowedAt = try c.decode(.relaunchAllowedAt, default: 0)
    }
}

extension AppLifecycleState {
    /// What the BG scheduler is told about the app.
    public var schedulerView: SchedulerAppView {
        SchedulerAppView(phase: phase, forceQuit: forceQuit, relaunchAllowedAt: limiter.delayEndsAt)
    }
}
