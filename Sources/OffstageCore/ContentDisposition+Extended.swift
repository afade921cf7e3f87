import Foundation

extension ContentDisposition {
    /// Decodes an RFC 8187 `ext-value` (`charset'language'value-chars`); nil for a missing or unknown charset, a
    /// character `value-chars` does not allow, a bad `%` escape, or bytes that are not text in the charset.
    static func decodeExtended(_ value: String) -> String? {
        guard let (charset, bytes) = extendedBytes(value) else { return nil }
        return decode(bytes, charset: charset)
    }

    /// The charset (lowercased) and the percent-decoded bytes of an `ext-value`.
    static func extendedBytes(_ value: String) -> (charset: String, bytes: [UInt8])? {
        let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3, !pieces[0].isEmpty, let bytes = valueBytes(pieces[2]) else {
            return nil
        }
        return (pieces[0].lowercased(), bytes)
    }

    /// The bytes of `value-chars`: `attr-char`s and `%XX` escapes; nil for anything else.
    static func valueBytes(_ text: Substring) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]),
                    let low = hexValue(utf8[index + 2])
                else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                guard isAttributeCharacter(byte) else { return nil }
                bytes.append(byte)
                index += 1
            }
        }
        return bytes
    }

    /// `bytes` as text in `charset` (`utf-8` or `iso-8859-1`); nil for another charset or bytes that are not text
    /// in it. ISO-8859-1 has no characters at 0x00–0x1F and 0x7F–0x9F (tc2231 `attwithfn2231utf8-bad`).
    static func decode(_ bytes: [UInt8], charset: String) -> String? {
        switch charset {
        case "utf-8":
            return String(validating: bytes, as: UTF8.self)
        case "iso-8859-1":
            guard bytes.allSatisfy({ $0 >= 0x20 && !(0x7F...0x9F).contains($0) }) else { return nil }
            return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        default:
            return nil
        }
    }

    /// The name an RFC 2231 continuation spells (`filename*0`, `filename*1`… joined; `*N*` sections percent-
    /// encoded, the charset given by section 0), or nil when there is no section 0 or a section does not decode.
    /// Sections run from 0 while the next number is there (`filename*01` and gaps end them).
    static func continued(_ parameters: [Parameter]) -> String? {
        var sections: [Int: Parameter] = [:]
        var encoded: Set<Int> = []
        for parameter in parameters where parameter.name.hasPrefix("filename*") {
            var rest = parameter.name.dropFirst("filename*".count)
            let isEncoded = rest.hasSuffix("*")
            if isEncoded { rest = rest.dropLast() }
            // The section number: 0, or digits without a leading zero.
            guard !rest.isEmpty, rest.utf8.allSatisfy({ (48...57).contains($0) }),
                rest == "0" || !rest.hasPrefix("0"),
                rest.count <= 4, let number = Int(rest)
            else { continue }
            sections[number] = parameter
            if isEncoded { encoded.insert(number) }
        }
        guard sections[0] != nil else { return nil }
        var charset = "utf-8"
        var bytes: [UInt8] = []
        var number = 0
        while let section = sections[number] {
            if encoded.contains(number) {
                guard !section.quoted else { return nil }
                if number == 0 {
                    guard let (set, first) = extendedBytes(section.value) else { return nil }
                    charset = set
                    bytes += first
                } else {
                    guard let more = valueBytes(Substring(section.value)) else { return nil }
                    bytes += more
                }
            } else {
                bytes += Array(section.value.utf8)
            }
            number += 1
        }
        return decode(bytes, charset: charset)
    }

    /// `attr-char` (RFC 8187): letters, digits and ``!#$&+-.^_`|~``.
    private static func isAttributeCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$&+-.^_`|~".utf8.contains(byte)
        }
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
