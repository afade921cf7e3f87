import Foundation

/// Reads the file name out of a `Content-Disposition` header as RFC 6266 says and tc2231 tests it.
///
/// The field must follow the grammar (`type *( ";" name "=" ( token / quoted-string ) )`, each parameter once):
/// one that does not (a missing type, an empty parameter, a trailing `;`, a broken quote, a repeated `filename`)
/// is ignored as a whole, so the name comes from the URL. Of its parameters, `filename*` (RFC 8187, UTF-8 or
/// ISO-8859-1, never quoted) wins; then RFC 2231 continuations (`filename*0`, `filename*1*`…); then `filename`. A
/// `filename*` that is quoted or does not decode is ignored and the next one is used.
public enum ContentDisposition {
    /// The file name the header proposes, unsanitised; nil when it names none (or only an empty one), or when the
    /// field breaks the grammar.
    public static func fileName(_ header: String) -> String? {
        guard let parameters = parameters(header) else { return nil }
        if let extended = parameters.first(where: { $0.name == "filename*" }), !extended.quoted,
            let name = decodeExtended(extended.value), !name.isEmpty
        {
            return name
        }
        if let joined = continued(parameters), !joined.isEmpty { return joined }
        if let plain = parameters.first(where: { $0.name == "filename" })?.value, !plain.isEmpty {
            return plain
        }
        return nil
    }

    /// One parameter: its name lowercased, its value unquoted and unescaped, and whether it was a quoted string.
    struct Parameter: Equatable {
        /// The name, lowercased.
        let name: String
        /// The value, quotes and escapes removed.
        let value: String
        /// Whether the value was a quoted string (a `filename*` may not be one).
        let quoted: Bool
    }

    /// The field's parameters in order (the disposition type is not among them), or nil when the field breaks
    /// RFC 6266's grammar: no type, a parameter without `=` or value, junk between parameters, an unterminated
    /// quoted string, or one parameter name twice. (Control characters inside a quoted string are let through:
    /// the sanitiser drops them from a name, and a hostile name is better sanitised than silently replaced.)
    static func parameters(_ header: String) -> [Parameter]? {
        var reader = FieldReader(header)
        reader.skipSpace()
        guard !reader.token().isEmpty else { return nil }  // the disposition type
        reader.skipSpace()
        var result: [Parameter] = []
        var seen: Set<String> = []
        while !reader.atEnd {
            guard reader.take(";") else { return nil }
            reader.skipSpace()
            let name = reader.token().lowercased()
            guard !name.isEmpty else { return nil }
            reader.skipSpace()
            guard reader.take("=") else { return nil }
            reader.skipSpace()
            let value: String
            let quoted = reader.peek == "\""
            if quoted {
                guard let text = reader.quotedString() else { return nil }
                value = text
            } else {
                value = reader.token()
                guard !value.isEmpty else { return nil }
            }
            reader.skipSpace()
            guard seen.insert(name).inserted else { return nil }  // RFC 6266 section 4.1: each name once
            result.append(Parameter(name: name, value: value, quoted: quoted))
        }
        return result
    }
}

/// Reads tokens and quoted strings (RFC 9110 section 5.6) from a field value, one scalar at a time.
struct FieldReader {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    /// A reader at the start of `text`.
    init(_ text: String) { scalars = Array(text.unicodeScalars) }

    /// Whether everything was read.
    var atEnd: Bool { index >= scalars.count }

    /// The next scalar, if any.
    var peek: Unicode.Scalar? { atEnd ? nil : scalars[index] }

    /// Skips spaces and tabs (OWS).
    mutating func skipSpace() {
        while let next = peek, next == " " || next == "\t" { index += 1 }
    }

    /// Reads `scalar` when it comes next.
    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    /// The longest run of token characters here (possibly empty).
    mutating func token() -> String {
        var text = String.UnicodeScalarView()
        while let next = peek, Self.isTokenCharacter(next) {
            text.append(next)
            index += 1
        }
        return String(text)
    }

    /// A quoted string starting here, unescaped; nil when it is not terminated. Bytes past ASCII (`obs-text`,
    /// here already decoded) are allowed, and so are control characters (see `parameters`).
    mutating func quotedString() -> String? {
        guard take("\"") else { return nil }
        var text = String.UnicodeScalarView()
        while let next = peek {
            index += 1
            switch next {
            case "\"":
                return String(text)
            case "\\":
                guard let escaped = peek else { return nil }
                text.append(escaped)
                index += 1
            default:
                text.append(next)
            }
        }
        return nil
    }

    /// `tchar`: letters, digits and ``!#$%&'*+-.^_`|~``.
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
        }
    }
}
