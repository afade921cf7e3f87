/// Total conversions of floating-point values to integers: never a trap, whatever the value.
///
/// `Int(someDouble)` traps on NaN, infinities and values beyond the integer's range (a stored
/// `1e308` once bricked a home); every conversion of a Double that did not come from a checked
/// literal goes through here instead.
public enum Clamped {
    /// `value` rounded toward zero and clamped to `Int`'s range; NaN is 0.
    public static func int(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        if value >= 0x1p63 { return .max }
        if value < -0x1p63 { return .min }
        return Int(value)
    }

    /// `value` rounded toward zero and clamped to `Int64`'s range; NaN is 0.
    public static func int64(_ value: Double) -> Int64 { Int64(int(value)) }

    /// `value` rounded toward zero and clamped to `Int32`'s range; NaN is 0.
    public static func int32(_ value: Double) -> Int32 {
        guard !value.isNaN else { return 0 }
        if value >= 0x1p31 { return .max }
        if value < -0x1p31 { return .min }
        return Int32(value)
    }

    /// `value` clamped to `bounds`; NaN becomes the lower bound.
    public static func within(_ value: Double, _ bounds: ClosedRange<Double>) -> Double {
        guard !value.isNaN else { return bounds.lowerBound }
        return min(bounds.upperBound, max(bounds.lowerBound, value))
    }
}
