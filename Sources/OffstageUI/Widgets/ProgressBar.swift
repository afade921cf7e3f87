/// A transfer's bar: determinate in eighth blocks (resumed bytes drawn apart from new ones), or an honest
/// indeterminate animation when the size is unknown.
public enum ProgressBar {
    /// The eighth blocks, one to eight eighths.
    static let eighths = ["▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]

    /// A determinate bar `width` cells wide: `fraction` done, of which `resumed` (a fraction of the whole) was
    /// already there when the attempt began. Unicode: eighth blocks, rounded down so it never overstates;
    /// ASCII: `[===###....]` with `=` for resumed and `#` for new.
    public static func determinate(
        fraction: Double, resumed: Double = 0, width: Int, glyphs: Glyphs, palette: Palette
    ) -> [Span] {
        guard width > 0 else { return [] }
        let done = clamp(fraction)
        let old = min(clamp(resumed), done)
        if !glyphs.unicode { return ascii(done: done, old: old, width: width, palette: palette) }
        let total = width * 8
        let filled = done >= 1 ? total : Int((done * Double(total)).rounded(.down))
        let resumedEighths = Int((old * Double(total)).rounded(.down))
        var spans: [Span] = []
        for cell in 0..<width {
            let inCell = min(8, max(0, filled - cell * 8))
            if inCell == 0 {
                append(&spans, " ", palette.barTrack)
            } else {
                let cellEnd = cell * 8 + inCell
                append(&spans, eighths[inCell - 1], cellEnd <= resumedEighths ? palette.barResumed : palette.barNew)
            }
        }
        return spans
    }

    /// An indeterminate bar `width` cells wide: a block that moves one cell per `frame`, bouncing between the ends.
    /// It shows activity only, never a share of the whole.
    public static func indeterminate(frame: Int, width: Int, glyphs: Glyphs, palette: Palette) -> [Span] {
        guard width > 0 else { return [] }
        let inner = glyphs.unicode ? width : max(0, width - 2)
        let block: [String] =
            glyphs.unicode
            ? (inner >= 12 ? ["░", "▒", "▓", "█", "█", "▓", "▒", "░"] : Array(repeating: "█", count: max(1, min(3, inner / 3))))
            : ["<", "=", "=", ">"].prefix(max(1, min(4, inner / 3))).map { $0 }
        let size = min(block.count, inner)
        let travel = max(0, inner - size)
        let period = max(1, travel * 2)
        let step = ((frame % period) + period) % period
        let offset = travel == 0 ? 0 : (step <= travel ? step : period - step)
        var spans: [Span] = []
        if !glyphs.unicode { append(&spans, "[", palette.muted) }
        for cell in 0..<inner {
            let index = cell - offset
            if index >= 0, index < size {
                append(&spans, block[index], palette.barActivity)
            } else {
                append(&spans, glyphs.unicode ? " " : " ", palette.barTrack)
            }
        }
        if !glyphs.unicode, width >= 2 { append(&spans, "]", palette.muted) }
        return spans
    }

    /// The ASCII determinate bar.
    private static func ascii(done: Double, old: Double, width: Int, palette: Palette) -> [Span] {
        guard width >= 3 else { return [Span(String(repeating: "#", count: done >= 1 ? width : 0), palette.barNew)] }
        let inner = width - 2
        let filled = done >= 1 ? inner : Int((done * Double(inner)).rounded(.down))
        let resumedCells = min(filled, Int((old * Double(inner)).rounded(.down)))
        var spans = [Span("[", palette.muted)]
        if resumedCells > 0 { spans.append(Span(String(repeating: "=", count: resumedCells), palette.barResumed)) }
        if filled > resumedCells { spans.append(Span(String(repeating: "#", count: filled - resumedCells), palette.barNew)) }
        if inner > filled { spans.append(Span(String(repeating: ".", count: inner - filled), palette.barTrack)) }
        spans.append(Span("]", palette.muted))
        return spans
    }

    /// Adds `text` to the last span when the style matches, else a new span.
    private static func append(_ spans: inout [Span], _ text: String, _ style: Style) {
        if let last = spans.last, last.style == style {
            spans[spans.count - 1].text += text
        } else {
            spans.append(Span(text, style))
        }
    }

    /// `value` within 0…1 (NaN as 0).
    private static func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(1, max(0, value)) }
}
