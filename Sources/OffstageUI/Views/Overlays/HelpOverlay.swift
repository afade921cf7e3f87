/// The `?` help: every `KeyBinding`, in one column when it fits, else flowing into two.
enum HelpOverlay {
    /// Draws the help over `screen`.
    static func draw(in screen: inout Screen, context c: RenderContext) {
        let bindings = KeyBinding.all
        let labelWidth = bindings.reduce(0) { max($0, DisplayWidth.of($1.label)) }
        let actionWidest = bindings.reduce(0) { max($0, DisplayWidth.of($1.action)) }
        let boxWidth = min(screen.width - 2, 100)
        let innerWidth = boxWidth - 4
        let innerHeight = screen.height - 4
        let oneColumnWidth = labelWidth + 2 + actionWidest
        let columns = bindings.count <= innerHeight && oneColumnWidth <= innerWidth ? 1 : 2
        let columnWidth = columns == 1 ? innerWidth : (innerWidth - 2) / 2
        let actionWidth = max(4, columnWidth - labelWidth - 2)

        // Each binding as its wrapped lines.
        let blocks: [[OverlayFrame.Line]] = bindings.map { binding in
            let pieces = TextFit.wrap(binding.action, width: actionWidth, ellipsis: c.glyphs.ellipsis)
            return pieces.enumerated().map { index, piece in
                [
                    Span(TextFit.pad(index == 0 ? binding.label : "", to: labelWidth), c.palette.key), Span("  "),
                    Span(TextFit.pad(piece, to: actionWidth)),
                ]
            }
        }
        // Flow the blocks down the columns.
        var grid: [[OverlayFrame.Line]] = Array(repeating: [], count: columns)
        var column = 0
        var leftOver = 0
        for block in blocks {
            if grid[column].count + block.count > innerHeight, column + 1 < columns { column += 1 }
            if grid[column].count + block.count > innerHeight {
                leftOver += 1
                continue
            }
            grid[column] += block
        }
        let rows = grid.map(\.count).max() ?? 0
        var lines: [OverlayFrame.Line] = []
        for row in 0..<rows {
            var line: OverlayFrame.Line = []
            for index in 0..<columns {
                if index > 0 { line.append(Span("  ")) }
                line += row < grid[index].count ? grid[index][row] : [Span(String(repeating: " ", count: columnWidth))]
            }
            lines.append(line)
        }
        if leftOver > 0 {
            lines.append([Span(c.glyphs.ellipsis + " \(leftOver) more keys (enlarge the terminal)", c.palette.muted)])
        }
        OverlayFrame.draw(in: &screen, title: "Keys", footer: "Esc close", lines: lines, maxWidth: boxWidth, context: c)
    }
}
