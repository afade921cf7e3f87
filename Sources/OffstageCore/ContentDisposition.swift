import Foundation

/// Reads the file name out of a `Content-Disposition` header as RFC 6266 says: parameters split on `;`
/// outside quoted strings, quoted strings with `\` escapes, and `filename*` (RFC 8187) preferred over `filename`.
public enum ContentDisposition {
    /// The file name the header proposes, unsanitised; nil when it names none (or only an empty one).
    public static func fileName(_ header: String) -> String? {
        let parameters = parameters(header)
        if let extended = parameters.first(where: { $0.name == "filename*" }).flatMap({ decodeExtended($0.value) }),
            !extended.isEmpty
        {
            return extended
        }
        if let plain = parameters.first(where: { $0.name == "filename" })?.value, !plain.isEmpty { return plain }
        return nil
    }

    /// The header's parameters in order, names lowercased, values unquoted and unescaped
    /// (the disposition type, a segment without `=`, is not among them).
    static func parameters(_ header: String) -> [(name: String, value: String)] {
        let scalars = Array(header.unicodeScalars)
        var result: [(name: String, value: String)] = []
        var index = 0
        while index < scalars.count {
            var name = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != "=", scalars[index] != ";" {
                name.append(scalars[index])
                index += 1
            }
            guard index < scalars.count, scalars[index] == "=" else {
                index += 1  // a segment without a value (the type, or junk): skip past its `;`
                continue
            }
            index += 1
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
            var value = String.UnicodeScalarView()
            if index < scalars.count, scalars[index] == "\"" {
                index += 1
                while index < scalars.count, scalars[index] != "\"" {
                    if scalars[index] == "\\", index + 1 < scalars.count { index += 1 }
                    value.append(scalars[index])
                    index += 1
                }
                // Anything between the closing quote and the next `;` is junk and ignored.
                while index < scalars.count, scalars[index] != ";" { index += 1 }
            } else {
                while index < scalars.count, scalars[index] != ";" {
                    value.append(scalars[index])
                    index += 1
                }
            }
            index += 1
            let key = String(name).trimmingCharacters(in: .whitespaces).lowercased()
            result.append((name: key, value: String(value).trimmingCharacters(in: .whitespaces)))
        }
        return result
    }

    /// Decodes an RFC 8187 `ext-value` (`charset'language'percent-encoded`); nil for another charset or bad bytes.
    static func decodeExtended(_ value: String) -> String? {
        let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3 else { return nil }
        guard let bytes = percentDecoded(pieces[2]) else { return nil }
        switch pieces[0].lowercased() {
        case "utf-8":
            return String(validating: bytes, as: UTF8.self)
        case "iso-8859-1":
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        default:
            return nil
        }
    }

    /// The bytes of a percent-encoded string; nil when a `%` is not followed by two hex digits.
    static func percentDecoded(_ text: Substring) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2])
                else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return bytes
    }

    /// The value of one hex digit.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
