import Foundation

/// One request header a user asked for (`-H 'Name: value'`), checked where it enters.
///
/// `Authorization`, `Cookie` and `Proxy-Authorization` are credentials: they are never stored, never logged and never
/// sent to another origin after a redirect (see `TransferOptions.credentialHeaders`).
public struct RequestHeader: Codable, Sendable, Equatable {
    /// The field name as given (a token).
    public var name: String
    /// The field value, without leading or trailing white space.
    public var value: String

    /// A header; use `parse` for text a user typed.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// The header names that carry credentials.
    public static let credentialNames: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    /// The most headers one task carries.
    public static let maximumCount = 64
    /// The longest `Name: value` line accepted, in bytes.
    public static let maximumLength = 8192

    /// Whether its value is a credential (`Authorization`, `Cookie`, `Proxy-Authorization`).
    public var isCredential: Bool { Self.isCredential(name) }

    /// Whether a header of this name carries credentials.
    public static func isCredential(_ name: String) -> Bool { credentialNames.contains(name.lowercased()) }

    /// `Name: value`, as sent.
    public var line: String { "\(name): \(value)" }

    /// `Name: value`, or `Name: ***` for a credential: what logs and views may show.
    public var masked: String { isCredential ? "\(name): ***" : line }

    /// Parses `Name: value` as curl's `-H` takes it, or says in one line why it is refused: a name that is not an
    /// HTTP token, a CR, LF or other control character anywhere, no value, a line over 8 KiB, or a header Offstage
    /// sets itself (`Range`, `If-Range`, `Accept-Encoding`, `Content-Length`, `Transfer-Encoding`, `Host`).
    public static func parse(_ text: String) -> Result<RequestHeader, OptionRefusal> {
        guard text.utf8.count <= maximumLength else {
            return .failure(OptionRefusal("a header is longer than \(maximumLength) bytes"))
        }
        if let bad = text.unicodeScalars.first(where: { isControl($0) && $0 != "\t" }) {
            let what = bad == "\r" ? "a CR" : bad == "\n" ? "a line feed" : "a control character"
            return .failure(OptionRefusal("the header \(quoted(text)) holds \(what); one header, one line"))
        }
        guard let colon = text.firstIndex(of: ":") else {
            return .failure(OptionRefusal("\(quoted(text)) is not a header: write it as 'Name: value'"))
        }
        let name = String(text[..<colon])
        let value = String(text[text.index(after: colon)...]).trimmingWhitespace
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else {
            return .failure(
                OptionRefusal("\(quoted(name)) is not a header name (letters, digits and !#$%&'*+-.^_`|~ only)"))
        }
        if let reason = reserved[name.lowercased()] {
            return .failure(OptionRefusal("Offstage sets \(name) itself: \(reason)"))
        }
        guard !value.isEmpty else {
            return .failure(OptionRefusal("the header \(name) has no value"))
        }
        return .success(RequestHeader(name: name, value: value))
    }

    /// The headers Offstage sends itself, with why a user's own would break something.
    static let reserved: [String: String] = [
        "range": "resuming depends on it",
        "if-range": "resuming depends on it",
        "accept-encoding": "use --compressed to accept compressed responses",
        "content-length": "it is the length of what is sent",
        "transfer-encoding": "it frames what is sent",
        "host": "it comes from the URL",
    ]

    /// Why a list of headers cannot be used (too many, a bad one, a name given twice), or nil.
    public static func problem(in headers: [RequestHeader]) -> String? {
        guard headers.count <= maximumCount else { return "at most \(maximumCount) headers" }
        var seen: Set<String> = []
        for header in headers {
            if case .failure(let refusal) = parse(header.line) { return refusal.reason }
            guard seen.insert(header.name.lowercased()).inserted else {
                return "the header \(header.name) is given twice"
            }
        }
        return nil
    }

    /// An ASCII control character (C0 or DEL), or a Unicode line or paragraph separator.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x85 || scalar.value == 0x2028
            || scalar.value == 0x2029
    }

    /// RFC 9110's `tchar`.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }

    /// Text quoted for a message, cut short and with control characters escaped.
    private static func quoted(_ text: String) -> String {
        let shown = TransferDaemon.printable(String(text.prefix(60)))
        return "'" + shown + (text.count > 60 ? "…" : "") + "'"
    }
}

/// Why an option (a header, a checksum, a rate) was refused, in one line.
public struct OptionRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reason.
    public let reason: String

    /// A refusal.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
