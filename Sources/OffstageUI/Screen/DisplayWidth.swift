/// How many terminal columns a grapheme takes: 0 (combining, zero-width), 1, or 2 (East Asian wide, emoji).
public enum DisplayWidth {
    /// The columns of one grapheme (its first scalar decides; marks that follow it are part of the cell).
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        let value = first.value
        if value == 0 { return 0 }
        if zeroWidth(value) { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }  // emoji presentation
        return wide(value) ? 2 : 1
    }

    /// The columns of a string.
    public static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    private static func zeroWidth(_ v: UInt32) -> Bool {
        (0x0300...0x036F).contains(v) || (0x200B...0x200F).contains(v) || (0x2028...0x202E).contains(v)
            || (0x2060...0x2064).contains(v) || v == 0xFEFF || (0xFE00...0xFE0F).contains(v)
            || (0x1AB0...0x1AFF).contains(v) || (0x1DC0...0x1DFF).contains(v) || (0x20D0...0x20FF).contains(v)
    }

    private static func wide(_ v: UInt32) -> Bool {
        (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
            || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
    }
}
