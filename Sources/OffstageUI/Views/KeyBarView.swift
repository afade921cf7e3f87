import OffstageCore

/// The bottom lines: the demo script's line and the key bar (with the last message in front of the keys).
enum KeyBarView {
    /// Draws the key bar on `row`: the message, if any, then the `KeyBinding`s with a bar word, in table order as far
    /// as they fit, help and quit always last.
    static func draw(in screen: inout Screen, row: Int, width: Int, context c: RenderContext) {
        screen.fill(x: 0, y: row, width: width, height: 1)
        var column = 1
        if let message = c.state.message, !message.isEmpty {
            column = screen.put(c.fit(c.safe(message), width - 2), x: column, y: row, style: c.palette.message)
            column = screen.put("  ", x: column, y: row)
        }
        // The profile's own bindings: the Android profile offers no iOS-only key, and words like "run" say what a
        // key does there.
        let all = KeyBinding.all(for: c.snapshot.platform).filter { $0.bar != nil }
        let essential = all.filter { $0.label == "?" || $0.label == "q" }
        let reserved = essential.reduce(0) { $0 + barWidth(of: $1) }
        var used = column
        var shown: [KeyBinding] = []
        for binding in all where !essential.contains(binding) {
            guard used + barWidth(of: binding) + reserved <= width + 1 else { break }
            shown.append(binding)
            used += barWidth(of: binding)
        }
        for binding in shown + essential {
            guard let word = binding.bar, column + barWidth(of: binding) - 2 <= width - 1 else { continue }
            column = screen.put(binding.label, x: column, y: row, style: c.palette.key)
            column = screen.put(" " + word, x: column, y: row)
            column = screen.put("  ", x: column, y: row)
        }
    }

    /// The columns a binding takes on the bar, with the gap after it.
    static func barWidth(of binding: KeyBinding) -> Int {
        DisplayWidth.of(binding.label) + 1 + DisplayWidth.of(binding.bar ?? "") + 2
    }

    /// The columns of the script line's ` demo ▸ `.
    static let scriptPrefixWidth = 8

    /// The height from which a script line that does not fit one row takes two (a narration cut mid-sentence
    /// cannot be read).
    static let twoScriptRowsFrom = 20

    /// How many rows the demo script's line takes on a `width` × `height` screen: 1, or 2 when it does not fit.
    static func scriptRows(_ line: String, width: Int, height: Int) -> Int {
        let room = width - 1 - scriptPrefixWidth
        guard height >= twoScriptRowsFrom, room > 0 else { return 1 }
        return DisplayWidth.of(line) > room ? 2 : 1
    }

    /// Draws the demo script's line on `rows` rows from `row`: `demo ▸ 4/12 …`, wrapped at spaces onto the
    /// second row (under the first's text) when it has two.
    static func drawScript(
        _ line: String, in screen: inout Screen, row: Int, rows: Int, width: Int, context c: RenderContext
    ) {
        let prefix = " demo " + c.glyphs.pointer + " "
        let room = max(1, width - 1 - scriptPrefixWidth)
        let lines = TextFit.wrap(c.safe(line), width: room, maxLines: rows, ellipsis: c.glyphs.ellipsis)
        for index in 0..<rows {
            screen.fill(x: 0, y: row + index, width: width, height: 1)
            let lead = index == 0 ? prefix : String(repeating: " ", count: scriptPrefixWidth)
            let text = lead + (index < lines.count ? lines[index] : "")
            screen.put(c.fit(text, width - 1), x: 0, y: row + index, style: c.palette.script)
        }
    }
}
