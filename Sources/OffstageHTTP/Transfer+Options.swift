import CCurl
import Foundation
import OffstageCore

extension Transfer {
    /// Sets every option of the easy handle; returns a problem description when one is refused.
    func configure() -> String? {
        guard let easy else { return "no handle" }
        var problems: [String] = []
        func check(_ code: CURLcode, _ what: String) {
            if code != CURLE_OK { problems.append("\(what): \(String(cString: curl_easy_strerror(code)))") }
        }
        func long(_ option: CURLoption, _ value: Int, _ what: String) {
            check(offstage_curl_setopt_long(easy, option, value), what)
        }
        func string(_ option: CURLoption, _ value: String, _ what: String) {
            check(offstage_curl_setopt_string(easy, option, value), what)
        }
        let me = Unmanaged.passUnretained(self).toOpaque()

        string(CURLOPT_URL, URLCredentials.stripped(request.url), "URL")
        long(CURLOPT_NOSIGNAL, 1, "NOSIGNAL")
        long(CURLOPT_FOLLOWLOCATION, 0, "FOLLOWLOCATION")
        string(CURLOPT_PROTOCOLS_STR, "http,https", "PROTOCOLS_STR")
        string(CURLOPT_REDIR_PROTOCOLS_STR, "http,https", "REDIR_PROTOCOLS_STR")
        long(CURLOPT_SSL_VERIFYPEER, 1, "SSL_VERIFYPEER")
        long(CURLOPT_SSL_VERIFYHOST, 2, "SSL_VERIFYHOST")
        if let bundle = configuration.caBundle { string(CURLOPT_CAINFO, bundle, "CAINFO") }
        long(CURLOPT_LOW_SPEED_LIMIT, 1, "LOW_SPEED_LIMIT")
        long(CURLOPT_LOW_SPEED_TIME, idleSeconds, "LOW_SPEED_TIME")
        long(
            CURLOPT_CONNECTTIMEOUT_MS,
            max(1, Clamped.int((min(configuration.connectTimeout, 86_400) * 1000).rounded(.up))),
            "CONNECTTIMEOUT_MS")
        long(CURLOPT_TCP_KEEPALIVE, 1, "TCP_KEEPALIVE")
        string(CURLOPT_USERAGENT, configuration.userAgent, "USERAGENT")
        check(offstage_curl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        if let credentials, credentials.hasUser {
            long(CURLOPT_HTTPAUTH, offstage_curl_auth_basic(), "HTTPAUTH")
            // Decoded and set apart: USERPWD would send `p%40ss` as it stands, and split a user name at a `:`.
            string(CURLOPT_USERNAME, credentials.user, "USERNAME")
            string(CURLOPT_PASSWORD, credentials.password ?? "", "PASSWORD")
        }
        // No CURLOPT_NETRC: libcurl matches netrc entries by host alone, so it would send them to any port of the
        // host. The runtime reads `.netrc` itself and passes the credentials bound to the task's origin.
        long(CURLOPT_NETRC, Int(CURL_NETRC_IGNORED.rawValue), "NETRC")

        var fields: [String] = []
        configureUserOptions(long: long, string: string, fields: &fields)
        if isDownload, request.offset > 0 {
            string(CURLOPT_RANGE, "\(request.offset)-", "RANGE")
            if let validator = request.validator { fields.append("If-Range: \(validator)") }
        }
        if !isDownload {
            if !fields.contains(where: { $0.lowercased().hasPrefix("expect:") }) {
                fields.append("Expect:")  // no 100-continue round trip
            }
            if let problem = configureUpload(easy, me: me, fields: &fields) { problems.append(problem) }
        }
        for field in fields { headerList = curl_slist_append(headerList, field) }
        check(offstage_curl_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList), "HTTPHEADER")

        check(offstage_curl_setopt_header(easy, transferHeaderCallback), "HEADERFUNCTION")
        check(offstage_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, me), "HEADERDATA")
        check(offstage_curl_setopt_write(easy, transferWriteCallback), "WRITEFUNCTION")
        check(offstage_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, me), "WRITEDATA")
        if isDownload {
            // The only way to learn that a body ran past Content-Length: libcurl's "Excess found" info text.
            check(offstage_curl_setopt_debug(easy, transferDebugCallback), "DEBUGFUNCTION")
            check(offstage_curl_setopt_pointer(easy, CURLOPT_DEBUGDATA, me), "DEBUGDATA")
            long(CURLOPT_VERBOSE, 1, "VERBOSE")
        }
        return problems.first
    }

    /// What the user asked of the request, in one place: the encodings it accepts (`identity` unless `--compressed`
    /// and no range), its rate limit and the receive buffer that suits it, and its headers (credential ones only while
    /// the URL has their origin, which `prepare` checked).
    private func configureUserOptions(
        long: (CURLoption, Int, String) -> Void, string: (CURLoption, String, String) -> Void, fields: inout [String]
    ) {
        if decodes {
            string(CURLOPT_ACCEPT_ENCODING, "", "ACCEPT_ENCODING")  // every encoding this libcurl decodes
        } else {
            fields.append("Accept-Encoding: identity")
        }
        // The size this request was given (`receiveBufferSize(concurrent:)`: libcurl's own 16 KiB once eight run), not
        // the configured one: a thousand 512 KiB buffers were half a gigabyte, 100 MiB of it touched.
        startBuffer = request.rateLimit.map { Self.bufferSize(limit: $0, configured: receiveBufferSize) }
            ?? receiveBufferSize
        long(CURLOPT_BUFFERSIZE, startBuffer, "BUFFERSIZE")
        applyRateLimit(request.rateLimit)
        fields += request.headers.map(\.line) + (credentials?.headers.map(\.line) ?? [])
    }

    /// Whether libcurl asks for compressed encodings and decodes them: `--compressed`, and no range (a partial file is
    /// only ever continued in the identity encoding).
    var decodes: Bool { isDownload && request.compressed && request.offset == 0 }

    /// Sets (or lifts, nil) the most bytes a second the request moves, at once: its pacer takes the new rate (a paused
    /// request goes on at once when the limit is lifted), and a download's receive buffer shrinks to an eighth of a
    /// second's worth so no read runs far ahead of the limit.
    func applyRateLimit(_ limit: Int64?) {
        let now = MonotonicClock.now()
        rateLimit = limit
        guard let limit else {
            pacer = nil
            if resumeAt != nil { resumeAt = now }
            return
        }
        if pacer == nil { pacer = Pacer(rate: limit, now: now) } else { pacer?.change(rate: limit, now: now) }
        if let easy, isDownload, startBuffer > 0 {
            // Only ever at most the size the handle started with: libcurl 7.88 allocated its buffer then and reads at
            // most `BUFFERSIZE` into it, so a smaller value is safe mid-transfer and a larger one would not be.
            let size = min(startBuffer, Self.bufferSize(limit: limit, configured: configuration.receiveBufferSize))
            _ = offstage_curl_setopt_long(easy, CURLOPT_BUFFERSIZE, size)
        }
    }

    /// The receive buffer of a limited request: an eighth of its rate (4 KiB to the configured size), so one read
    /// never takes more than a fraction of a second's worth and the rate stays even over short windows.
    static func bufferSize(limit: Int64, configured: Int) -> Int {
        Int(min(Int64(max(configured, 4096)), max(4096, limit / 8)))
    }

    /// Whether the pacer holds the next chunk back: then it says until when (`resumeAt`) and the callback pauses.
    func paced(now: Double) -> Bool {
        guard pacer != nil, let until = pacer?.wait(now: now) else { return false }
        resumeAt = until
        return true
    }

    /// `LOW_SPEED_TIME`: the idle timeout rounded up, at least one second. libcurl averages the
    /// speed over its last ~5 s, so a stall right after data is noticed about 5 s + this late.
    var idleSeconds: Int {
        guard request.idleTimeout.isFinite, request.idleTimeout > 1 else { return 1 }
        return Clamped.int(min(request.idleTimeout, 86_400).rounded(.up))
    }

    /// PUT (`UPLOAD`) or POST with a known size, body read with `pread`.
    private func configureUpload(_ easy: UnsafeMutableRawPointer, me: UnsafeMutableRawPointer, fields: inout [String])
        -> String?
    {
        guard let size = PartFile.size(of: fd) else { return "cannot stat \(path)" }
        expectedTotal = size
        let method = request.method.uppercased()
        var codes: [CURLcode] = []
        switch method {
        case "PUT":
            codes.append(offstage_curl_setopt_long(easy, CURLOPT_UPLOAD, 1))
            codes.append(offstage_curl_setopt_off(easy, CURLOPT_INFILESIZE_LARGE, curl_off_t(size)))
        case "POST":
            codes.append(offstage_curl_setopt_long(easy, CURLOPT_POST, 1))
            codes.append(offstage_curl_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(size)))
            if !fields.contains(where: { $0.lowercased().hasPrefix("content-type:") }) {
                fields.append("Content-Type: application/octet-stream")
            }
        default:
            return "cannot upload with method \(request.method)"
        }
        codes.append(
            offstage_curl_setopt_long(
                easy, CURLOPT_UPLOAD_BUFFERSIZE, min(max(receiveBufferSize, 16_384), 2 << 20)))
        codes.append(offstage_curl_setopt_read(easy, transferReadCallback))
        codes.append(offstage_curl_setopt_pointer(easy, CURLOPT_READDATA, me))
        if let bad = codes.first(where: { $0 != CURLE_OK }) {
            return "upload options: \(String(cString: curl_easy_strerror(bad)))"
        }
        return nil
    }
}
