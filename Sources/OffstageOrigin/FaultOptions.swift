import Foundation

/// Per-request behaviour selected by query parameters on `/files` and `/gen`.
///
/// Faults that would keep a download from ever finishing apply only to the first `times`
/// requests (default 1) for the exact target (path plus query), as counted by the server.
/// `HEAD` requests see the state the next `GET` would see but do not consume a count.
/// `changeValidator` switches the validators once: request 1 sees the original ETag and
/// Last-Modified, every later request sees the `-v2` ETag and a date one day later.
struct FaultOptions {
    var seed: UInt64 = 1
    var rate: Int?
    var chunked = false
    var noLength = false
    var drop: Int64?
    var stall: Int64?
    /// After this many body bytes, one byte every half second (a server that trickles, never quite stalling).
    var trickle: Int64?
    var status: Int?
    var retryAfter: String?
    var ignoreRange = false
    var changeValidator = false
    var badRangeStart = false
    var short: Int64?
    var long: Int64?
    var noValidators = false
    var weakETag = false
    var filename: String?
    var times: Int?
    /// `gzip=1`: the body gzip-encoded when the request accepts gzip; `gzip=always`: whatever it accepts.
    var gzip: String?

    init(query: [String: String]) {
        func flag(_ name: String) -> Bool {
            guard let value = query[name] else { return false }
            return !["0", "false", "no"].contains(value.lowercased())
        }
        func count(_ name: String) -> Int64? {
            query[name].flatMap { Int64($0) }.map { max(0, $0) }
        }
        seed = query["seed"].flatMap { UInt64($0) } ?? 1
        rate = query["rate"].flatMap { Int($0) }
        chunked = flag("chunked")
        noLength = flag("noLength")
        drop = count("drop")
        stall = count("stall")
        trickle = count("trickle")
        status = query["status"].flatMap { Int($0) }.flatMap { (100...599).contains($0) ? $0 : nil }
        retryAfter = query["retryAfter"]
        ignoreRange = flag("ignoreRange")
        changeValidator = flag("changeValidator")
        badRangeStart = flag("badRangeStart")
        short = count("short")
        long = count("long")
        noValidators = flag("noValidators")
        weakETag = flag("weakETag")
        filename = query["filename"]
        times = query["times"].flatMap { Int($0) }
        gzip = query["gzip"]
    }

    /// Whether counted faults apply to the request numbered `requestNumber` (1-based).
    func countedFaultsApply(requestNumber: Int) -> Bool {
        requestNumber <= (times ?? 1)
    }

    /// Whether the `status` override applies: counted when `retryAfter` or `times` is given,
    /// otherwise always.
    func statusApplies(requestNumber: Int) -> Bool {
        guard status != nil else { return false }
        if retryAfter != nil || times != nil { return countedFaultsApply(requestNumber: requestNumber) }
        return true
    }
}
