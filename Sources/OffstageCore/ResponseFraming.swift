import Foundation

/// How the length of a response body is determined (RFC 9112 section 6.3), and the strict number parsing
/// every number-carrying header goes through.
public enum ResponseFraming {
    /// The body's framing according to its head.
    public enum Length: Sendable, Equatable {
        /// `Content-Length` gives the exact length.
        case length(Int64)
        /// No `Content-Length`: chunked, or delimited by the connection's close.
        case undetermined
    }

    /// Why a head's framing cannot be trusted; a one-line reason.
    public struct Problem: Error, Sendable, Equatable {
        /// What is wrong, e.g. `two different Content-Length values (10, 12)`.
        public var reason: String
    }

    /// The largest number a header may carry: 18 decimal digits always fit in 64 bits.
    static let maximumDigits = 18

    /// The length a head announces.
    ///
    /// Every `Content-Length` field, split on commas, must be the same non-negative decimal number that fits
    /// in 64 bits; anything else (two different values, a sign, a fraction, an overflow, an empty list) is an
    /// unreliable length and throws. A `Content-Length` beside a `Transfer-Encoding` is an error too (a server
    /// must never send both, section 6.1).
    public static func contentLength(of head: ResponseHead) throws(Problem) -> Length {
        let fields = head.fields.filter { $0.name == "content-length" }
        guard !fields.isEmpty else { return .undetermined }
        if head.fields.contains(where: { $0.name == "transfer-encoding" }) {
            throw Problem(reason: "both Content-Length and Transfer-Encoding")
        }
        var seen: Int64?
        for field in fields {
            for item in field.value.split(separator: ",", omittingEmptySubsequences: false) {
                let text = item.trimmingCharacters(in: [" ", "\t"])
                guard let number = digits(Substring(text)) else {
                    let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
                    throw Problem(reason: "unusable Content-Length \(TransferDaemon.printable(shown))")
                }
                if let seen, seen != number {
                    throw Problem(reason: "two different Content-Length values (\(seen), \(number))")
                }
                seen = number
            }
        }
        guard let seen else { return .undetermined }
        return .length(seen)
    }

    /// A non-negative decimal number of ASCII digits only (no sign, space or other scripts' digits) that fits
    /// in 64 bits (at most 18 digits after leading zeros); nil otherwise.
    public static func digits(_ text: Substring) -> Int64? {
        let bytes = text.utf8.drop(while: { $0 == UInt8(ascii: "0") })
        guard !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }), bytes.count <= maximumDigits else {
            return nil
        }
        return bytes.isEmpty ? 0 : Int64(String(decoding: bytes, as: UTF8.self))
    }
}
