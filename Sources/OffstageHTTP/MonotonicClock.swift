import Glibc

/// Seconds on the monotonic clock: cheap enough (vDSO) to read in every write callback.
enum MonotonicClock {
    /// The current monotonic time in seconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }
}

/// `strerror(code)` as a Swift string.
func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}
