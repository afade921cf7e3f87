/// How many terminal columns a grapheme takes: 0 (combining, zero-width), 1, or 2 (East Asian wide, emoji).
public enum DisplayWidth {
    /// The columns of one grapheme (its first scalar decides; marks that follow it are part of the cell).
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let value = first.value
        if value < 0x300 { return value == 0 ? 0 : 1 }  // ASCII and Latin-1: the fast path
        // Punctuation, arrows, box drawing, blocks and shapes the dashboard draws: narrow, as `wcwidth` says.
        if (0x2010...0x2027).contains(value) || (0x2190...0x21FF).contains(value) || (0x2500...0x25FC).contains(value) {
            return 1
        }
        if zeroWidth(first) { return 0 }
        if wide(value) || first.properties.isEmojiPresentation { return 2 }
        if scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation selector
        return 1
    }

    /// The columns of a string.
    public static func of(_ text: String) -> Int {
        if let columns = asciiColumns(text) { return columns }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The columns of `text` when it is printable ASCII only (one byte, one grapheme, one column), else nil: the
    /// fast path that skips grapheme breaking for the text a frame is mostly made of.
    static func asciiColumns(_ text: String) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }

    /// Combining and enclosing marks, format characters (zero-width, bidi) and variation selectors.
    private static func zeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if (0x1160...0x11FF).contains(v) { return true }  // Hangul medial vowels and final consonants
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return true }  // variation selectors
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15), as `wcwidth` gives 2.
    private static func wide(_ v: UInt32) -> Bool {
        if v < 0x1100 { return false }
        return (0x1100...0x115F).contains(v) || (0x231A...0x231B).contains(v) || (0x2329...0x232A).contains(v)
            || (0x23E9...0x23EC).contains(v) || v == 0x23F0 || v == 0x23F3 || (0x2E80...0x303E).contains(v)
            || (0x3041...0x33FF).contains(v) || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v)
            || (0xA000...0xA4CF).contains(v) || (0xA960...0xA97F).contains(v) || (0xAC00...0xD7A3).contains(v)
            || (0xF900...0xFAFF).contains(v) || (0xFE10...0xFE19).contains(v) || (0xFE30...0xFE6F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x16FE0...0x18CFF).contains(v)
            || (0x1AFF0...0x1B2FF).contains(v) || (0x1F200...0x1F2FF).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x1FA70...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
    }
}
