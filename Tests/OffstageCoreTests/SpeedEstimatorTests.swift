import Foundation
import OffstageCore
import Testing

/// The speed estimator: resumed bytes are a baseline, speed is smoothed, a stall forgets it, ETA follows it.
@Suite struct SpeedEstimatorTests {
    /// The fixed start of every case.
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    /// One case: samples as (seconds after t0, bytes), then the speed expected at a moment (nil: unknown).
    struct Case: Sendable, CustomTestStringConvertible {
        /// What it shows.
        let name: String
        /// (seconds after t0, bytes), in order.
        let samples: [(Double, Int64)]
        /// When the speed is read, seconds after t0.
        let at: Double
        /// The speed expected then (nil: unknown).
        let speed: Double?
        /// The case's name in the test report.
        var testDescription: String { name }
    }

    /// The table.
    static let cases: [Case] = [
        Case(name: "no sample", samples: [], at: 0, speed: nil),
        Case(name: "resumed bytes at the first sample are a baseline", samples: [(0, 5_000_000)], at: 1, speed: nil),
        Case(
            name: "a steady 1000 B/s after a resume reads 1000, not the resumed bytes",
            samples: [(0, 5_000_000), (1, 5_001_000), (2, 5_002_000), (3, 5_003_000)], at: 3, speed: 1000),
        Case(
            name: "samples closer than the minimum interval wait", samples: [(0, 0), (0.2, 4000)], at: 0.2,
            speed: nil),
        Case(
            name: "skipped bytes count at the next sample", samples: [(0, 0), (0.2, 4000), (1, 8000)], at: 1,
            speed: 8000),
        Case(
            name: "a stall longer than the timeout forgets the speed", samples: [(0, 0), (1, 1000)], at: 6.5,
            speed: nil),
        Case(name: "a short pause keeps it", samples: [(0, 0), (1, 1000)], at: 4, speed: 1000),
        Case(name: "bytes going back start a new baseline", samples: [(0, 0), (1, 1000), (2, 0)], at: 2, speed: nil),
        Case(name: "nothing since the baseline is unknown, not zero", samples: [(0, 10), (1, 10)], at: 1, speed: nil),
    ]

    /// An estimator fed `samples`.
    static func estimator(_ samples: [(Double, Int64)]) -> SpeedEstimator {
        var estimator = SpeedEstimator()
        for (seconds, bytes) in samples { estimator.record(bytes: bytes, at: t0.addingTimeInterval(seconds)) }
        return estimator
    }

    @Test(arguments: cases) func speed(_ c: Case) {
        let speed = Self.estimator(c.samples).speed(at: Self.t0.addingTimeInterval(c.at))
        if let expected = c.speed {
            #expect(speed.map { abs($0 - expected) < 0.001 } == true, "\(String(describing: speed))")
        } else {
            #expect(speed == nil)
        }
    }

    @Test func aChangeOfPaceIsSmoothedOverTheWindow() {
        // 1000 B/s, then 2000 B/s for one second: weight 1 − e^(−1/3) ≈ 0.2835 → 1283.5 B/s.
        let estimator = Self.estimator([(0, 0), (1, 1000), (2, 3000)])
        let speed = estimator.speed(at: Self.t0.addingTimeInterval(2)) ?? 0
        #expect(abs(speed - (1000 + (1 - exp(-1.0 / 3)) * 1000)) < 0.001)
    }

    @Test func zeroBytesSamplesDecayTheSpeedTowardZero() {
        let estimator = Self.estimator([(0, 0), (1, 1000), (2, 1000), (3, 1000)])
        let speed = estimator.speed(at: Self.t0.addingTimeInterval(3)) ?? 0
        #expect(abs(speed - 1000 * exp(-2.0 / 3)) < 0.001)
    }

    @Test func etaIsTheRemainderOverTheSpeed() {
        let estimator = Self.estimator([(0, 0), (1, 1000), (2, 2000)])
        #expect(estimator.eta(remaining: 8000, at: Self.t0.addingTimeInterval(2)) == 8)
        #expect(estimator.eta(remaining: 8000, at: Self.t0.addingTimeInterval(20)) == nil, "stalled: no ETA")
        #expect(SpeedEstimator().eta(remaining: 8000, at: Self.t0) == nil)
    }
}
