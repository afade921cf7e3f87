/// A centred box sized to its lines, drawn over the panes: what every overlay uses.
enum OverlayFrame {
    /// One line of an overlay.
    typealias Line = [Span]

    /// Draws `lines` in a box titled `title` (with `footer` in its bottom edge), as wide as the widest line up to
    /// `maxWidth`, `margin` cells from the screen's edges; lines that do not fit are cut, and a last line says how
    /// many were left out.
    static func draw(
        in screen: inout Screen, title: String, footer: String?, lines: [Line], maxWidth: Int = 100, margin: Int = 1,
        context c: RenderContext
    ) {
        let widest = lines.reduce(DisplayWidth.of(title) + 4) { max($0, $1.reduce(0) { $0 + $1.width }) }
        let rect = Box.centred(width: min(maxWidth, widest + 4), height: lines.count + 2, in: screen.size, margin: margin)
        let inner = Box.draw(in: &screen, rect: rect, title: title, footer: footer, glyphs: c.glyphs, palette: c.palette)
        guard inner.height > 0 else { return }
        let shown = lines.count > inner.height ? inner.height - 1 : lines.count
        for index in 0..<max(0, shown) {
            screen.draw(lines[index], x: inner.x, y: inner.y + index, limit: inner.width, ellipsis: c.glyphs.ellipsis)
        }
        if shown < lines.count {
            let text = c.glyphs.ellipsis + " \(lines.count - shown) more lines (enlarge the terminal)"
            screen.put(c.fit(text, inner.width), x: inner.x, y: inner.y + max(0, shown), style: c.palette.muted)
        }
    }

    /// A `label: value` line with the label muted and padded to `labelWidth`; the value is cut by the box.
    static func field(_ label: String, _ value: String, labelWidth: Int, style: Style = .plain, context c: RenderContext) -> Line {
        [Span(TextFit.pad(label, to: labelWidth), c.palette.muted), Span(" "), Span(value, style)]
    }

    /// A long value broken over up to `maxLines` lines of `width` columns, the first one labelled.
    static func wrappedField(
        _ label: String, _ value: String, labelWidth: Int, width: Int, maxLines: Int = 3, style: Style = .plain,
        context c: RenderContext
    ) -> [Line] {
        let pieces = TextFit.wrap(value, width: max(1, width - labelWidth - 1), maxLines: maxLines, ellipsis: c.glyphs.ellipsis)
        guard let first = pieces.first else { return [field(label, "", labelWidth: labelWidth, context: c)] }
        var lines = [field(label, first, labelWidth: labelWidth, style: style, context: c)]
        for piece in pieces.dropFirst() { lines.append([Span(String(repeating: " ", count: labelWidth + 1)), Span(piece, style)]) }
        return lines
    }
}
