import Foundation

/// A small deterministic random number generator (SplitMix64), so that a seed gives the same run everywhere.
public struct SeededGenerator: RandomNumberGenerator, Codable, Sendable, Equatable {
    /// The generator's whole state.
    public private(set) var state: UInt64

    /// A generator for a seed.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1), computed the same way on every platform.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A uniform value in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }
}
