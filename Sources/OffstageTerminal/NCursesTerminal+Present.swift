import CNCurses
import Glibc
import OffstageUI

extension NCursesTerminal {
    /// Draws `frame`: only the cells that differ from the last frame (all of them after `invalidate()`, a new
    /// frame size or a new terminal size), then one `doupdate`. A frame larger than the terminal is clipped.
    public func present(_ frame: Screen) {
        guard isOpen else { return }
        let window = offstage_stdscr()
        let terminalSize = size
        let full = needsFullRedraw || last?.size != frame.size || lastTerminalSize != terminalSize
        if full {
            werase(window)
            if clearPhysical { clearok(offstage_curscr(), true) }
        }
        let previous = full ? nil : last
        let rows = min(frame.height, terminalSize.height)
        let columns = min(frame.width, terminalSize.width)
        for y in 0..<rows {
            if let previous, Self.row(y, of: previous, equals: frame) { continue }
            drawRow(y, of: frame, columns: columns, previous: previous)
        }
        wnoutrefresh(window)
        doupdate()
        last = frame
        lastTerminalSize = terminalSize
        needsFullRedraw = false
        clearPhysical = false
    }

    /// Whether row `y` is the same in two frames of one size.
    static func row(_ y: Int, of a: Screen, equals b: Screen) -> Bool {
        let range = (y * a.width)..<((y + 1) * a.width)
        // Compared in place (an array slice's `==` copies every cell out, retaining its text, to compare it).
        return a.cells.withUnsafeBufferPointer { left in
            b.cells.withUnsafeBufferPointer { right in
                for index in range where left[index] != right[index] { return false }
                return true
            }
        }
    }

    /// Draws the cells of row `y` that changed since `previous` (all when nil), within `columns`.
    func drawRow(_ y: Int, of frame: Screen, columns: Int, previous: Screen?) {
        let base = y * frame.width
        let old = previous?.cells ?? []
        frame.cells.withUnsafeBufferPointer { cells in
            old.withUnsafeBufferPointer { old in
                var x = 0
                while x < columns {
                    // A wide grapheme covers its continuation cell; an orphan continuation is a cell of its own.
                    let span =
                        !cells[base + x].isContinuation && x + 1 < frame.width && cells[base + x + 1].isContinuation
                        ? 2 : 1
                    let changed = old.isEmpty || (base + x..<base + x + span).contains { old[$0] != cells[$0] }
                    if changed { draw(cells[base + x], span: span, x: x, y: y, columns: columns) }
                    x += span
                }
            }
        }
    }

    /// Draws one cell that the frame gives `span` columns. When the C library's width disagrees with the frame's
    /// (ncurses moves by `wcwidth`), the columns are kept: a narrow glyph in a wide cell gets a blank after it,
    /// a glyph that cannot fit (or cannot be shown in this locale) becomes `?`.
    func draw(_ cell: Cell, span: Int, x: Int, y: Int, columns: Int) {
        let look = look(for: cell.style)
        let room = min(span, columns - x)
        let clipped = wchar_t(span == 2 && room < 2 ? 32 : 63)  // a clipped wide cell: blank; else `?`
        if let scalar = cell.scalar {
            // One scalar (nearly every cell): no glyph array.
            let code = wchar_t(bitPattern: scalar.value)
            let width = Int(offstage_wcwidth(code))
            let fits = width >= 1 && width <= room
            put(fits ? code : clipped, look: look, x: x, y: y)
            if (fits ? width : 1) < room { put(wchar_t(32), look: look, x: x + 1, y: y) }
            return
        }
        var glyph = Self.glyph(of: cell.text)
        let width = Int(offstage_wcwidth(glyph[0]))
        var drawn = width
        if width < 1 || width > room {
            glyph = [clipped]
            drawn = 1
        }
        put(glyph, look: look, x: x, y: y)
        if drawn < room { put(wchar_t(32), look: look, x: x + 1, y: y) }
    }

    /// The characters ncurses gets for a cell's text: the first scalar and up to four combining marks after it
    /// (anything else, such as a joiner and the emoji it joins, is left out, so no control or format character
    /// slips through as a "mark"); a blank for an empty (continuation) cell.
    static func glyph(of text: String) -> [wchar_t] {
        var scalars = text.unicodeScalars.makeIterator()
        guard let base = scalars.next() else { return [wchar_t(32)] }
        var glyph = [wchar_t(bitPattern: base.value)]
        while glyph.count < 5, let next = scalars.next() {
            switch next.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: glyph.append(wchar_t(bitPattern: next.value))
            default: return glyph
            }
        }
        return glyph
    }

    /// Writes one glyph (a base character and up to four combining marks) at column `x`, row `y`.
    func put(_ glyph: [wchar_t], look: (attributes: attr_t, pair: Int16), x: Int, y: Int) {
        var character = cchar_t()
        var text = glyph + [0]
        if setcchar(&character, &text, look.attributes, look.pair, nil) == offstage_err() {
            text = [glyph[0], 0]  // marks ncurses refuses: the base character alone
            _ = setcchar(&character, &text, look.attributes, look.pair, nil)
        }
        // At the bottom-right corner ncurses stores the cell and then reports it could not move on: not an error.
        _ = mvwadd_wch(offstage_stdscr(), Int32(y), Int32(x), &character)
    }

    /// Writes one character at column `x`, row `y`.
    func put(_ code: wchar_t, look: (attributes: attr_t, pair: Int16), x: Int, y: Int) {
        var character = cchar_t()
        var text: (wchar_t, wchar_t) = (code, 0)
        _ = withUnsafeMutablePointer(to: &text) { pair in
            pair.withMemoryRebound(to: wchar_t.self, capacity: 2) {
                setcchar(&character, $0, look.attributes, look.pair, nil)
            }
        }
        _ = mvwadd_wch(offstage_stdscr(), Int32(y), Int32(x), &character)
    }

    /// The attributes and colour pair for `style` (pairs allocated on first use, then cached).
    func look(for style: Style) -> (attributes: attr_t, pair: Int16) {
        // Neighbouring cells mostly share a style: the last one answers without hashing.
        if let last = lastLook, last.style == style { return last.look }
        let resolved = resolvedLook(for: style)
        lastLook = (style, resolved)
        return resolved
    }

    private func resolvedLook(for style: Style) -> (attributes: attr_t, pair: Int16) {
        if let known = looks[style] { return known }
        var pair: Int16 = 0
        if capabilities.colors > 0 {
            let key = ColorPairKey(
                foreground: ColorMapping.colorNumber(style.foreground, depth: capabilities.colors),
                background: ColorMapping.colorNumber(style.background, depth: capabilities.colors))
            let allocation = pairs.pair(for: key)
            if let colors = allocation.new { init_pair(allocation.pair, colors.foreground, colors.background) }
            pair = allocation.pair
        }
        let resolved = (attributes: ColorMapping.attributes(style), pair: pair)
        looks[style] = resolved
        return resolved
    }
}
