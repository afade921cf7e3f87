/// Frames: an overlay's box with a title, and a pane's title rule.
public enum Box {
    /// Clears `rect`, draws a border around it with `title` in the top edge and `footer` in the bottom edge,
    /// and returns the inside (one column of padding on each side).
    @discardableResult
    public static func draw(
        in screen: inout Screen, rect: Rect, title: String, footer: String? = nil, glyphs: Glyphs, palette: Palette
    ) -> Rect {
        guard rect.width >= 2, rect.height >= 2 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        screen.fill(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        let (topLeft, topRight, bottomLeft, bottomRight) = glyphs.corners
        let right = rect.x + rect.width - 1, bottom = rect.y + rect.height - 1
        let rule = String(repeating: glyphs.horizontal, count: rect.width - 2)
        screen.put(topLeft + rule + topRight, x: rect.x, y: rect.y, style: palette.rule)
        screen.put(bottomLeft + rule + bottomRight, x: rect.x, y: bottom, style: palette.rule)
        for row in (rect.y + 1)..<bottom {
            screen.put(glyphs.vertical, x: rect.x, y: row, style: palette.rule)
            screen.put(glyphs.vertical, x: right, y: row, style: palette.rule)
        }
        if rect.width > 6 {
            let text = " " + TextFit.truncate(title, to: rect.width - 6, ellipsis: glyphs.ellipsis) + " "
            screen.put(text, x: rect.x + 2, y: rect.y, style: palette.title)
        }
        if let footer, rect.width > 6 {
            let text = " " + TextFit.truncate(footer, to: rect.width - 6, ellipsis: glyphs.ellipsis) + " "
            screen.put(text, x: right - 1 - DisplayWidth.of(text), y: bottom, style: palette.muted)
        }
        return Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
    }

    /// A rectangle of `width`×`height` (clipped to the screen less a margin) centred on a screen of `size`.
    public static func centred(width: Int, height: Int, in size: Size, margin: Int = 1) -> Rect {
        let w = min(width, size.width - 2 * margin), h = min(height, size.height - 2 * margin)
        return Rect(x: (size.width - w) / 2, y: (size.height - h) / 2, width: w, height: h)
    }

    /// A pane's title row: ` Title ──────── info · info ─`, the title reversed when the pane has the focus; the
    /// first parts of `info` are dropped when they do not all fit.
    public static func paneTitle(
        in screen: inout Screen, row: Int, width: Int, title: String, info parts: [String], focused: Bool, glyphs: Glyphs,
        palette: Palette
    ) {
        let titleWidth = 2 + DisplayWidth.of(title)
        var parts = parts
        let separator = " " + glyphs.dot + " "
        while parts.count > 1, titleWidth + DisplayWidth.of(parts.joined(separator: separator)) + 4 > width - 1 {
            parts.removeFirst()
        }
        let info = parts.joined(separator: separator)
        screen.fill(x: 0, y: row, width: width, height: 1)
        let titleStyle = focused ? Style(bold: true, reverse: true) : palette.title
        var column = screen.put(" ", x: 0, y: row)
        column = screen.put(TextFit.truncate(title, to: max(0, width - 2), ellipsis: glyphs.ellipsis), x: column, y: row, style: titleStyle)
        column = screen.put(" ", x: column, y: row)
        let infoText = info.isEmpty ? "" : " " + info + " "
        let infoWidth = DisplayWidth.of(infoText)
        let ruleEnd = width - 1 - (infoWidth > 0 && column + infoWidth + 2 <= width - 1 ? infoWidth + 1 : 0)
        if ruleEnd > column {
            screen.put(String(repeating: glyphs.horizontal, count: ruleEnd - column), x: column, y: row, style: palette.rule)
        }
        if infoWidth > 0, column + infoWidth + 2 <= width - 1 {
            screen.put(infoText, x: ruleEnd, y: row, style: palette.muted)
            screen.put(glyphs.horizontal, x: width - 2, y: row, style: palette.rule)
        }
    }
}
