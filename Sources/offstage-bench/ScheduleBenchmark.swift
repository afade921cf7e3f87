import Foundation
import OffstageCore

/// `offstage-bench schedule`: the BG task scheduler's policy replayed in virtual time, timed.
///
/// The target: 30 simulated days with 100 identifiers in at most 1 s of wall time on this machine.
enum ScheduleBenchmark {
    /// Runs the replay `rounds` times (after one warm-up) and prints the median, the spread and the verdict.
    static func run(days: Int, identifiers: Int, rounds: Int) {
        print(
            "offstage-bench schedule: \(days) simulated days, \(identifiers) identifiers, \(rounds) timed runs after 1 warm-up"
        )
        let warmUp = SchedulerSimulation.benchmark(days: days, identifiers: identifiers, seed: 1)
        let launches = warmUp.identifiers.reduce(0) { $0 + $1.runs }
        print("warm-up: \(warmUp.identifiers.count) identifiers, \(launches) launches, \(warmUp.userOpens) app opens")
        var seconds: [Double] = []
        for round in 1...rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            let report = SchedulerSimulation.benchmark(days: days, identifiers: identifiers, seed: UInt64(round))
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000_000
            seconds.append(elapsed)
            print(
                String(
                    format: "run %d/%d: %.3f s (%d launches)", round, rounds, elapsed,
                    report.identifiers.reduce(0) { $0 + $1.runs }))
        }
        let sorted = seconds.sorted()
        let median = sorted[sorted.count / 2]
        print(
            String(format: "median %.3f s, fastest %.3f s, slowest %.3f s", median, sorted[0], sorted[sorted.count - 1])
        )
        print("target: \(days) days × \(identifiers) identifiers in at most 1 s   \(median <= 1 ? "met" : "NOT MET")")
    }
}
