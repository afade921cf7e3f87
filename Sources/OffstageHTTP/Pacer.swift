/// A request's own rate limiter: a token bucket the write (or read) callback consults before taking a chunk.
///
/// libcurl's `MAX_RECV_SPEED_LARGE` keeps the average, but libcurl 7.88 reads up to a hundred buffers in one go from a
/// fast server and then waits many seconds: a 400 KiB/s download moved 5 MB at once, then nothing for 12 s. Pausing
/// the transfer's reading once the bucket is spent keeps every second close to the limit.
///
/// It pauses only once the debt passes an eighth of a second's worth, and then until the debt is paid, about eight
/// times a second. The write callback takes the chunk that crossed the line and then pauses receiving
/// (`curl_easy_pause`), so libcurl holds nothing back: refusing the chunk (`CURL_WRITEFUNC_PAUSE`) made libcurl copy
/// it and hand it back in 16 KiB pieces. A read is at most an eighth of a second's worth (the receive buffer), so no
/// more than a quarter of a second's worth ever comes ahead of the limit.
struct Pacer {
    /// Bytes a second.
    private(set) var rate: Int64
    /// Bytes that may still go now; below zero, the debt of the last chunk taken.
    private var tokens: Double
    /// When the tokens were last counted (monotonic seconds).
    private var counted: Double

    /// A pacer at `rate`, starting with an eighth of a second's worth.
    init(rate: Int64, now: Double) {
        self.rate = max(1, rate)
        tokens = Double(self.rate) / 8
        counted = now
    }

    /// The most tokens saved up while idle: an eighth of a second's worth, so a pause never turns into a burst.
    private var capacity: Double { Double(rate) / 8 }

    /// Changes the rate from now on; the tokens counted so far are kept (a debt too).
    mutating func change(rate newRate: Int64, now: Double) {
        refill(now)
        rate = max(1, newRate)
        tokens = min(tokens, capacity)
    }

    /// When a chunk may be taken: now (nil) while the debt is at most an eighth of a second's worth, else the moment
    /// the whole debt is paid.
    mutating func wait(now: Double) -> Double? {
        refill(now)
        return tokens >= -capacity ? nil : now + -tokens / Double(rate)
    }

    /// Counts `bytes` taken at `now`.
    mutating func spend(_ bytes: Int, now: Double) {
        refill(now)
        tokens -= Double(bytes)
    }

    private mutating func refill(_ now: Double) {
        tokens = min(capacity, tokens + max(0, now - counted) * Double(rate))
        counted = now
    }
}
