import OffstageCore

/// The `?` help: every `KeyBinding`, in a box when it fits (one column, else two), else on a page of its own.
enum HelpOverlay {
    /// The bindings flowed into columns: each column's lines, and how many bindings did not fit.
    struct Flow {
        /// Lines of each column.
        var columns: [[OverlayFrame.Line]]
        /// Bindings left out.
        var leftOver: Int
        /// Each column's width.
        var columnWidth: Int
    }

    /// Draws the help over `screen`.
    static func draw(in screen: inout Screen, context c: RenderContext) {
        let boxWidth = min(screen.width - 2, 100)
        let note = platformNote(width: boxWidth - 4, c)
        let boxed1 = flow(columns: 1, width: boxWidth - 4, height: screen.height - 4 - note.count, c)
        let boxed2 = flow(columns: 2, width: boxWidth - 4, height: screen.height - 4 - note.count, c)
        if let boxed = [boxed1, boxed2].first(where: { $0.leftOver == 0 }) {
            OverlayFrame.draw(
                in: &screen, title: "Keys", footer: "Esc close", lines: lines(boxed, c) + note, maxWidth: boxWidth,
                context: c)
            return
        }
        // The whole screen as the box.
        let fullNote = platformNote(width: min(screen.width, 100) - 4, c)
        let full = flow(columns: 2, width: min(screen.width, 100) - 4, height: screen.height - 2 - fullNote.count, c)
        if full.leftOver == 0 {
            OverlayFrame.draw(
                in: &screen, title: "Keys", footer: "Esc close", lines: lines(full, c) + fullNote,
                maxWidth: min(screen.width, 100),
                margin: 0, context: c)
            return
        }
        // A page of its own: a title row, then the keys over every other row.
        // Narrow: one column, so actions are not broken mid-word; the last row says how many keys are left out.
        let page = flow(columns: screen.width >= 70 ? 2 : 1, width: screen.width - 2, height: screen.height - 2, c)
        screen.fill(x: 0, y: 0, width: screen.width, height: screen.height)
        Box.paneTitle(
            in: &screen, row: 0, width: screen.width, title: "Keys", info: ["Esc close"], focused: true,
            glyphs: c.glyphs,
            palette: c.palette)
        var all = lines(page, c) + platformNote(width: screen.width - 2, c)
        if all.count > screen.height - 1 { all = Array(all.prefix(screen.height - 1)) }
        for (index, line) in all.enumerated() { screen.draw(line, x: 1, y: 1 + index, limit: screen.width - 2) }
    }

    /// The keys the help lists: the profile's own `KeyBinding`s (`platformNote` says which platform they act on).
    static func bindings(_ c: RenderContext) -> [KeyBinding] {
        KeyBinding.all(for: c.snapshot.platform)
    }

    /// What the keys act on in an Android or side-by-side profile, a blank line first (empty for iOS alone).
    static func platformNote(width: Int, _ c: RenderContext) -> [OverlayFrame.Line] {
        let text: String
        switch c.snapshot.platform {
        case .ios: return []
        case .android:
            text =
                "On a work row, l runs it now (constraints bypassed) and c cancels it and what waits for it. F starts "
                + "or stops demo-service, a foreground service; G makes a running worker one (setForegroundAsync). s, "
                + "x, r and P are iOS keys."
        case .both:
            text =
                "On a work row in Scheduled, l c o h t K act on Android; on an iOS row (or none), on iOS. "
                + "s x r P: iOS only; R F G: Android only."
        }
        let pieces = TextFit.wrap(text, width: max(10, width), maxLines: 4, ellipsis: c.glyphs.ellipsis)
        return [[]] + pieces.map { [Span($0, c.palette.muted)] }
    }

    /// The bindings flowed down `columns` columns within `width`×`height`.
    static func flow(columns: Int, width: Int, height: Int, _ c: RenderContext) -> Flow {
        let bindings = bindings(c)
        let labelWidth = bindings.reduce(0) { max($0, DisplayWidth.of($1.label)) }
        let columnWidth = columns == 1 ? width : (width - 2) / 2
        let actionWidth = max(4, columnWidth - labelWidth - 1)
        var grid: [[OverlayFrame.Line]] = Array(repeating: [], count: columns)
        var column = 0
        var leftOver = 0
        for binding in bindings {
            let pieces = TextFit.wrap(binding.action, width: actionWidth, ellipsis: c.glyphs.ellipsis)
            let block: [OverlayFrame.Line] = pieces.enumerated().map { index, piece in
                [
                    Span(TextFit.pad(index == 0 ? binding.label : "", to: labelWidth), c.palette.key), Span(" "),
                    Span(TextFit.pad(piece, to: actionWidth)),
                ]
            }
            if grid[column].count + block.count > height, column + 1 < columns { column += 1 }
            if grid[column].count + block.count > height {
                leftOver += 1
                continue
            }
            grid[column] += block
        }
        return Flow(columns: grid, leftOver: leftOver, columnWidth: columnWidth)
    }

    /// The columns side by side, then a line saying what did not fit.
    static func lines(_ flow: Flow, _ c: RenderContext) -> [OverlayFrame.Line] {
        let rows = flow.columns.map(\.count).max() ?? 0
        var lines: [OverlayFrame.Line] = []
        for row in 0..<rows {
            var line: OverlayFrame.Line = []
            for (index, column) in flow.columns.enumerated() {
                if index > 0 { line.append(Span("  ")) }
                line += row < column.count ? column[row] : [Span(String(repeating: " ", count: flow.columnWidth))]
            }
            lines.append(line)
        }
        if flow.leftOver > 0 {
            lines.append([
                Span(c.glyphs.ellipsis + " \(flow.leftOver) more keys (enlarge the terminal)", c.palette.muted)
            ])
        }
        return lines
    }
}
