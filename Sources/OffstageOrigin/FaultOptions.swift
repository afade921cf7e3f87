import Foundation

/// Per-request behaviour selected by query parameters on `/files` and `/gen` (`rate` on `/upload` too).
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
        rate = query["rate"].flatMap(Self.rate)
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

    /// A `rate` value in bytes per second, with the units `origin --rate` takes (`500k`, `2m`); nil when it is not
    /// one (0, negative, or not a size).
    static func rate(_ text: String) -> Int? {
        guard let bytes = OriginServer.parseSize(text), bytes > 0, bytes <= Int64(Int.max) else { return nil }
        return Int(bytes)
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

extension OriginServer {
    /// The query parameters, each with what it does: `origin --help` and the origin's banner list them.
    public static let queryParameters: [(name: String, effect: String)] = [
        ("rate=B", "send at most B bytes per second (500k, 2m); an upload's body is read at that rate"),
        ("seed=S", "the seed of /gen content"),
        ("drop=N", "close the connection after N body bytes"),
        ("stall=N", "stop sending after N body bytes, keeping the connection open"),
        ("trickle=N", "after N body bytes, one byte every half second"),
        ("status=C", "answer with status C (with retryAfter=S, a Retry-After header)"),
        ("ignoreRange=1", "answer a range request with the whole body (200)"),
        ("badRangeStart=1", "answer a range request from the wrong offset"),
        ("changeValidator=1", "a new ETag and Last-Modified from the second request on"),
        ("noValidators=1", "no ETag or Last-Modified"),
        ("weakETag=1", "a weak ETag (If-Range never matches it)"),
        ("short=N", "a body N bytes shorter than its Content-Length"),
        ("long=N", "a body N bytes longer than its Content-Length"),
        ("chunked=1", "chunked transfer encoding (HTTP/1.1)"),
        ("noLength=1", "no Content-Length: the body ends when the connection closes"),
        ("filename=NAME", "a Content-Disposition with this file name"),
        ("times=K", "the counted faults (drop, stall, short, long, status) apply to the first K requests"),
    ]
}
