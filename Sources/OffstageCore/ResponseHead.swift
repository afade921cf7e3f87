import Foundation

/// The status line and headers of one HTTP response, as the engine received them.
public struct ResponseHead: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// Header fields in arrival order, names lowercased, values trimmed.
    public var fields: [(name: String, value: String)]

    /// A response head from a status and header fields (names are lowercased here).
    public init(status: Int, fields: [(String, String)] = []) {
        self.status = status
        self.fields = fields.map { (name: $0.0.lowercased(), value: $0.1.trimmingCharacters(in: .whitespaces)) }
    }

    /// The last value of a header, by case-insensitive name.
    public func value(_ name: String) -> String? {
        let key = name.lowercased()
        return fields.last(where: { $0.name == key })?.value
    }

    /// `Content-Length`, when present and valid (see `framingProblem`); nil when absent or unusable.
    public var contentLength: Int64? {
        guard case .length(let length)? = try? ResponseFraming.contentLength(of: self) else { return nil }
        return length
    }

    /// Why the length of this message cannot be determined reliably (RFC 9112 section 6.3), or nil when it can.
    public var framingProblem: String? {
        do {
            _ = try ResponseFraming.contentLength(of: self)
            return nil
        } catch {
            return error.reason
        }
    }
    /// The parsed `Content-Range`, when present.
    public var contentRange: ContentRange? { value("content-range").flatMap(ContentRange.init(header:)) }
    /// The `ETag`, verbatim.
    public var etag: String? { value("etag") }
    /// The `Last-Modified` date, verbatim.
    public var lastModified: String? { value("last-modified") }
    /// The `Location` of a redirect, verbatim.
    public var location: String? { value("location") }

    /// The strong validator to resume under: a strong ETag, else Last-Modified; nil when neither exists.
    public var strongValidator: String? {
        if let etag, !etag.hasPrefix("W/"), !etag.isEmpty { return etag }
        return lastModified
    }

    /// Seconds the server asks us to wait (`Retry-After` as seconds or an HTTP date), never negative.
    public func retryAfter(now: Date) -> Double? {
        guard let raw = value("retry-after") else { return nil }
        // delay-seconds is 1*DIGIT (RFC 9110 section 10.2.3): ASCII digits only; a huge one is just "very long".
        if !raw.isEmpty, raw.utf8.allSatisfy({ (48...57).contains($0) }) {
            return raw.utf8.count > 9 ? Self.retryAfterLimit : min(Self.retryAfterLimit, Double(raw) ?? 0)
        }
        guard let date = HTTPDate.parse(raw) else { return nil }
        return Clamped.within(date.timeIntervalSince(now), 0...Self.retryAfterLimit)
    }

    /// The largest `Retry-After` this parser returns (one day); the retry policy applies its own, lower cap.
    public static let retryAfterLimit: Double = 86_400

    /// The file name from `Content-Disposition` (RFC 6266, `filename*` preferred), unsanitised.
    public var dispositionFileName: String? { value("content-disposition").flatMap(ContentDisposition.fileName) }

    /// Compares heads by status and fields.
    public static func == (lhs: ResponseHead, rhs: ResponseHead) -> Bool {
        lhs.status == rhs.status
            && lhs.fields.elementsEqual(rhs.fields, by: { $0.name == $1.name && $0.value == $1.value })
    }
}

/// A parsed `Content-Range: bytes first-last/total` (total may be `*`).
public struct ContentRange: Sendable, Equatable {
    /// The first byte offset, or nil for `bytes */total`.
    public var first: Int64?
    /// The last byte offset, inclusive.
    public var last: Int64?
    /// The complete length, or nil when `*`.
    public var total: Int64?

    /// Parses a `Content-Range` header value; nil when malformed.
    public init?(header: String) {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes ") else { return nil }
        let rest = text.dropFirst("bytes ".count)
        let halves = rest.split(separator: "/", maxSplits: 1)
        guard halves.count == 2 else { return nil }
        total = halves[1] == "*" ? nil : ResponseFraming.digits(halves[1])
        if halves[1] != "*" && total == nil { return nil }
        if halves[0] == "*" {
            guard total != nil else { return nil }
            first = nil
            last = nil
            return
        }
        let ends = halves[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard ends.count == 2, let a = ResponseFraming.digits(ends[0]), let b = ResponseFraming.digits(ends[1]),
            a <= b
        else { return nil }
        // RFC 9110 section 14.4: the last position is below the complete length when that is known.
        if let total, b >= total { return nil }
        first = a
        last = b
    }
}
