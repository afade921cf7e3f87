/// A `Screen` as the bytes a terminal draws it from: cursor moves, SGR styles (256 colours) and text. What a
/// recording (`--record FILE.cast`) holds, frame by frame.
public enum ScreenANSI {
    /// The whole of `screen`: clear, hide the cursor, every row.
    public static func full(_ screen: Screen) -> String {
        "\u{1B}[?25l\u{1B}[0m\u{1B}[2J" + (0..<screen.height).map { row($0, of: screen) }.joined()
    }

    /// What turns `previous` into `screen`: the rows that differ (everything when the sizes differ).
    public static func diff(from previous: Screen?, to screen: Screen) -> String {
        guard let previous, previous.size == screen.size else { return full(screen) }
        var out = ""
        for y in 0..<screen.height where !rowsEqual(previous, screen, y) { out += row(y, of: screen) }
        return out
    }

    /// Row `y` of `screen`: the cursor to its start, then each style run.
    static func row(_ y: Int, of screen: Screen) -> String {
        var out = "\u{1B}[\(y + 1);1H"
        for run in StyleRun.of(row: y, in: screen) {
            out += sgr(run.style) + run.text
        }
        return out + "\u{1B}[0m"
    }

    /// The SGR sequence for `style`, from the default (`ESC[0;…m`).
    static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        switch style.foreground {
        case .standard: break
        case .ansi(let index): codes.append("\(30 + Int(index % 8))")
        case .indexed(let index): codes.append("38;5;\(index)")
        }
        switch style.background {
        case .standard: break
        case .ansi(let index): codes.append("\(40 + Int(index % 8))")
        case .indexed(let index): codes.append("48;5;\(index)")
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private static func rowsEqual(_ a: Screen, _ b: Screen, _ y: Int) -> Bool {
        for x in 0..<a.width where a[x, y] != b[x, y] { return false }
        return true
    }
}
