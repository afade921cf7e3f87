import Foundation

/// One public observation of when iOS runs BG tasks, the replay of the same situation, and the range the replay's
/// figure must fall in for the model not to contradict it (`SchedulerCalibration`).
public struct CalibrationCase: Sendable {
    /// What was observed, in a sentence.
    public var observation: String
    /// Where (a public address).
    public var source: String
    /// The situation replayed, in words (`daily user`, `heavy user, refresh every 4 h`).
    public var situation: String
    /// What is measured, in words, as it reads after the figure (`of refresh runs between 01:00 and 05:00`).
    public var measured: String
    /// The user.
    public var usage: UsageProfile
    /// The user's own times of day, when the situation has them.
    public var opens: DailyOpens?
    /// The app refresh request's earliest begin date after each submit, in seconds.
    public var refreshInterval: Double
    /// The figure, from a replay's report.
    public var figure: @Sendable (SimulationReport) -> Double?
    /// The range the figure must fall in.
    public var bounds: ClosedRange<Double>
    /// How the figure reads: a share or a count per day.
    public var unit: Unit

    /// How a figure reads.
    public enum Unit: String, Sendable, Codable {
        /// A share, shown as a percentage.
        case share
        /// A count per day, shown with one decimal.
        case perDay
        /// Seconds, shown in whole hours.
        case hours
    }

    /// A figure in words: `4%`, `5.2`, `37 h`.
    public func text(_ value: Double) -> String {
        switch unit {
        case .share: "\(Clamped.int((value * 100).rounded()))%"
        case .perDay:
            (value * 10).rounded() == (value.rounded() * 10)
                ? "\(Clamped.int(value.rounded()))" : "\((value * 10).rounded() / 10)"
        case .hours: "\(Clamped.int((value / 3600).rounded())) h"
        }
    }

    /// The figure with what it measures: `4% of refresh runs between 01:00 and 05:00`, `5.2 refresh runs a day`,
    /// `processing's 90th-percentile delay 37 h`.
    public func sentence(_ value: Double?) -> String {
        guard let value else { return "no figure (\(measured))" }
        switch unit {
        case .share: return "\(text(value)) \(measured)"
        case .perDay: return "\(text(value)) \(measured) a day"
        case .hours: return "\(measured) \(text(value))"
        }
    }

    /// The bounds in words: `at most 10%`, `at least 50%`, `2 to 8`.
    public var boundsText: String {
        let low = bounds.lowerBound, high = bounds.upperBound
        let top = unit == .share ? 1.0 : .greatestFiniteMagnitude
        if low <= 0 { return "at most \(text(high))" }
        if high >= top { return "at least \(text(low))" }
        return "\(text(low)) to \(text(high))"
    }
}

/// The app the calibration replays: an app refresh (every `refreshInterval`) and a processing task that needs a
/// network, hourly, as `config/`'s `com.example.refresh` and `com.example.feed`.
extension CalibrationCase {
    /// The refresh identifier.
    public static let refresh = "com.example.refresh"
    /// The processing identifier.
    public static let processing = "com.example.feed"

    /// The replay of this case for `days` days with `seed`.
    public func setup(days: Int, seed: UInt64) -> SimulationSetup {
        let handlers = [
            TaskHandlerConfiguration(
                identifier: Self.refresh, kind: .appRefresh, work: .simulatedWork(seconds: 5, honoursExpiration: true),
                interval: refreshInterval),
            TaskHandlerConfiguration(
                identifier: Self.processing, kind: .processing,
                work: .simulatedWork(seconds: 60, honoursExpiration: true), interval: 3600,
                requiresNetworkConnectivity: true),
        ]
        return SimulationSetup(
            days: days, usage: usage, seed: seed,
            apps: [SimulatedApp(name: "calibration", configuration: AppTaskConfiguration(handlers: handlers))],
            opens: opens)
    }
}
