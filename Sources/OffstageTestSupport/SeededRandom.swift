import Foundation
import OffstageCore

/// The tests' one seeded random source, so a failing random case can be run again.
///
/// It draws from the core's `SeededGenerator` (SplitMix64, the generator the simulations use), so there is one
/// algorithm in the project. A test with fixed cases gives a seed; a test that wants new moments on every run
/// (the signal stress test) takes `SeededRandom.fromEnvironment()` and prints `seed`, and `OFFSTAGE_TEST_SEED`
/// repeats that run.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The seed this source started from.
    public let seed: UInt64
    /// The generator drawn from.
    private var generator: SeededGenerator

    /// A source starting from `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        generator = SeededGenerator(seed: seed)
    }

    /// A source seeded from `OFFSTAGE_TEST_SEED` when set (to repeat a run), else from the monotonic clock.
    public static func fromEnvironment() -> SeededRandom {
        if let text = ProcessInfo.processInfo.environment["OFFSTAGE_TEST_SEED"], let seed = UInt64(text) {
            return SeededRandom(seed: seed)
        }
        return SeededRandom(seed: UInt64(truncatingIfNeeded: DispatchTime.now().uptimeNanoseconds))
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        generator.next()
    }

    /// A uniform value in [0, 1), the same on every platform.
    public mutating func unit() -> Double {
        generator.unit()
    }

    /// A uniform value in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        generator.uniform(range)
    }

    /// `count` random bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<max(0, count)).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
