import Foundation

extension ClockRate {
    /// The warp factors a clock accepts (×1 to ×10000).
    public static let warpFactors: ClosedRange<Double> = 1...10_000

    /// Why a clock cannot run at this rate (a factor that is not finite or outside 1…10000), or nil when it can.
    public var problem: String? {
        guard case .warped(let factor) = self else { return nil }
        guard factor.isFinite, Self.warpFactors.contains(factor) else {
            return "warp factor must be a number from 1 to 10000 (got \(factor))"
        }
        return nil
    }

    /// How the rate reads in a message: "real time", "×60", "frozen".
    public var label: String {
        switch self {
        case .real: "real time"
        case .warped(let factor):
            factor == factor.rounded() && abs(factor) < 1e15 ? "×\(Int64(factor))" : "×\(factor)"
        case .frozen: "frozen"
        }
    }
}
