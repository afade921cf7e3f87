import Foundation

/// `offstage simulate --calibrate`: public observations of when iOS runs refresh and processing tasks, each beside
/// what the model gives for the same situation (the mean of `seeds` replays of `days` days), and whether it falls
/// within what the observation allows. Apple publishes no numbers; each observation is one app and one user, so
/// it is a point the model must not contradict, not an average to fit.
public enum SchedulerCalibration {
    /// Days each replay lasts.
    public static let days = 30
    /// The seeds replayed for each case.
    public static let seeds: [UInt64] = [1, 2, 3]

    /// One case's outcome.
    public struct Result: Sendable {
        /// The case.
        public var calibrationCase: CalibrationCase
        /// The mean figure over the seeds (nil: no replay gave one, e.g. no runs).
        public var value: Double?
        /// Whether it is within the case's bounds.
        public var within: Bool {
            value.map { calibrationCase.bounds.contains($0) } ?? false
        }
    }

    /// Replays every case under `policy`.
    public static func run(
        _ cases: [CalibrationCase] = SchedulerCalibration.cases,
        policy: SchedulerPolicyConfiguration = SchedulerPolicyConfiguration()
    ) -> [Result] {
        cases.map { item in
            let values = seeds.compactMap { seed in
                var setup = item.setup(days: days, seed: seed)
                setup.policy = policy
                return item.figure(SchedulerSimulation.run(setup))
            }
            let mean = values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
            return Result(calibrationCase: item, value: mean)
        }
    }

    /// The results as text: one numbered block per case.
    public static func render(_ results: [Result]) -> String {
        var lines = [
            "Calibration: public observations of when iOS runs BG tasks, beside what this model gives for the same",
            "situation (the mean of \(seeds.count) replays of \(days) days; `simulate --calibrate --json` has every "
                + "figure).", "",
        ]
        for (index, result) in results.enumerated() {
            let item = result.calibrationCase
            let number = index < 9 ? " \(index + 1). " : "\(index + 1). "
            lines.append(number + item.observation)
            lines.append("    \(item.source)")
            lines.append("    model, \(item.situation): \(item.sentence(result.value))")
            lines.append("    must be \(item.boundsText): " + (result.within ? "within" : "OUTSIDE"))
        }
        let outside = results.filter { !$0.within }.count
        lines += ["", outside == 0 ? "All \(results.count) within." : "\(outside) of \(results.count) outside."]
        return lines.joined(separator: "\n")
    }

    /// The results as JSON-friendly values.
    public static func json(_ results: [Result]) -> [CalibrationRow] {
        results.map {
            let item = $0.calibrationCase
            return CalibrationRow(
                observation: item.observation, source: item.source, situation: item.situation,
                measured: item.measured, unit: item.unit, value: $0.value, lowerBound: item.bounds.lowerBound,
                upperBound: item.bounds.upperBound, within: $0.within)
        }
    }
}

/// One calibration row, as `simulate --calibrate --json` prints it.
public struct CalibrationRow: Codable, Sendable, Equatable {
    /// What was observed.
    public var observation: String
    /// Where.
    public var source: String
    /// The situation replayed.
    public var situation: String
    /// What the figure measures.
    public var measured: String
    /// How the figure reads.
    public var unit: CalibrationCase.Unit
    /// The model's figure (nil: none).
    public var value: Double?
    /// The least the figure may be.
    public var lowerBound: Double
    /// The most the figure may be.
    public var upperBound: Double
    /// Whether the figure is within the bounds.
    public var within: Bool
}
