import Glibc
import OffstageClock

/// Seconds on the monotonic clock (the shells' one reader, `SystemTimeSource`): cheap enough (vDSO) to read in
/// every write callback.
enum MonotonicClock {
    /// The current monotonic time in seconds.
    static func now() -> Double { SystemTimeSource().steady() }
}

/// `strerror(code)` as a Swift string.
func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
