/// The last step of a frame for a terminal without UTF-8: every cell that is not ASCII becomes an ASCII stand-in
/// (server text included), so nothing reaches such a terminal that it would garble.
enum AsciiFold {
    /// Replaces non-ASCII cells of `screen` in place; a wide grapheme's stand-in keeps both its columns (its
    /// continuation cell stays one).
    static func apply(to screen: inout Screen) {
        for y in 0..<screen.height {
            for x in 0..<screen.width {
                let cell = screen[x, y]
                guard !cell.isASCII, !cell.isContinuation else { continue }
                var folded = cell
                folded.text = stand(in: cell.text)
                screen[x, y] = folded
            }
        }
    }

    /// The ASCII stand-in of one grapheme.
    static func stand(in text: String) -> String {
        switch text.unicodeScalars.first?.value ?? 0 {
        case 0x2018, 0x2019, 0x201A: "'"
        case 0x201C, 0x201D, 0x201E: "\""
        case 0x2010...0x2015, 0x2212: "-"
        case 0x2026: "~"
        case 0x00D7: "x"
        case 0x00B7, 0x2022: "|"
        case 0x2191: "^"
        case 0x2193: "v"
        case 0x2190: "<"
        case 0x2192, 0x25B8, 0x25B6: ">"
        default:
            // A letter with marks keeps its base letter when that is ASCII.
            text.unicodeScalars.first.map { $0.isASCII ? String($0) : "?" } ?? "?"
        }
    }
}
