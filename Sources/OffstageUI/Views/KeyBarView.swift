import OffstageCore

/// The bottom lines: the demo script's line and the key bar (with the last message in front of the keys).
enum KeyBarView {
    /// Draws the key bar on `row`: the message, if any, then every `KeyBinding` with a bar word that fits.
    static func draw(in screen: inout Screen, row: Int, width: Int, context c: RenderContext) {
        screen.fill(x: 0, y: row, width: width, height: 1)
        var column = 1
        if let message = c.state.message, !message.isEmpty {
            let text = c.fit(c.safe(message), width - 2)
            column = screen.put(text, x: column, y: row, style: c.palette.message)
            column = screen.put("  ", x: column, y: row)
        }
        for binding in KeyBinding.all {
            guard let word = binding.bar else { continue }
            let needed = DisplayWidth.of(binding.label) + 1 + DisplayWidth.of(word)
            guard column + needed <= width - 1 else { break }
            column = screen.put(binding.label, x: column, y: row, style: c.palette.key)
            column = screen.put(" " + word, x: column, y: row)
            column = screen.put("  ", x: column, y: row)
        }
    }

    /// Draws the demo script's line on `row`: `demo ▸ step 4/12: …`.
    static func drawScript(_ line: String, in screen: inout Screen, row: Int, width: Int, context c: RenderContext) {
        screen.fill(x: 0, y: row, width: width, height: 1)
        let text = " demo " + c.glyphs.pointer + " " + c.safe(line)
        screen.put(c.fit(text, width - 1), x: 0, y: row, style: c.palette.script)
    }
}
