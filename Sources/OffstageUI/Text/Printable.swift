/// Makes server-controlled text safe to draw: every control, bidi or zero-width scalar becomes visible text.
public enum Printable {
    /// `text` with C0/C1 controls, DEL, ESC, bidi controls, zero-width characters and line separators replaced by
    /// visible escapes: `\x1B` for scalars up to U+00FF, `\u{202E}` above. Nothing else changes.
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if needsEscape(scalar) {
                out.append(contentsOf: visible(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether a scalar must not reach the grid as itself.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) { return true }  // C0, DEL, C1 (ESC is 0x1B)
        if (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) { return true }  // bidi embeddings, isolates
        if v == 0x061C || v == 0x200E || v == 0x200F { return true }  // bidi marks
        if (0x200B...0x200D).contains(v) || (0x2060...0x2064).contains(v) || v == 0xFEFF { return true }  // zero width
        if v == 0x2028 || v == 0x2029 || v == 0x00AD || v == 0x180E { return true }  // separators, soft hyphen
        return false
    }

    /// The visible form of one scalar: `\x1B` or `\u{202E}`.
    static func visible(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        if scalar.value <= 0xFF { return "\\x" + (hex.count < 2 ? "0" + hex : hex) }
        return "\\u{" + hex + "}"
    }
}
