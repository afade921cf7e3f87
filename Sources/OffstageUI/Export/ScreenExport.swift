/// A `Screen` as text or as an SVG picture, for screenshots (`offstage render`).
public enum ScreenExport {
    /// The rows as plain text, trailing spaces removed, one line per row.
    public static func text(_ screen: Screen) -> String {
        var lines: [String] = []
        lines.reserveCapacity(screen.height)
        for row in 0..<screen.height {
            var line = screen.text(row: row)
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An SVG of `screen` in the terminal's colours for `colors` (256, 8 or 0: monochrome): monospace text, one
    /// `<text>` per row and one `<tspan>` per style run, a `<rect>` behind every run with a background; XML-escaped.
    public static func svg(_ screen: Screen, palette colors: Int) -> String {
        let width = Double(screen.width) * cellWidth, height = Double(screen.height) * cellHeight
        let colours = TerminalColors(colors: colors)
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(number(width))" height="\(number(height))" \
            viewBox="0 0 \(number(width)) \(number(height))" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" \
            font-size="\(number(fontSize))">
            <rect width="100%" height="100%" fill="\(colours.defaultBackground)"/>

            """
        for row in 0..<screen.height {
            out += rowFragment(screen, row: row, top: Double(row) * cellHeight, colours: colours)
        }
        return out + "</svg>\n"
    }

    /// The size of a cell in an SVG, and of its font.
    static let cellWidth = 8.4, cellHeight = 18.0, fontSize = 14.0

    /// Row `row` of `screen` as SVG drawn from `top`: a `<rect>` behind every run with a background, then one
    /// `<text>` with a `<tspan>` per run that shows something.
    static func rowFragment(_ screen: Screen, row: Int, top: Double, colours: TerminalColors) -> String {
        let runs = StyleRun.of(row: row, in: screen, splitWide: true)
        let baseline = top + cellHeight * 0.78
        var rects = ""
        var spans = ""
        for run in runs {
            let (fg, bg) = colours.resolve(run.style)
            let x = Double(run.start) * cellWidth
            if let bg {
                rects +=
                    "<rect x=\"\(number(x))\" y=\"\(number(top))\" width=\"\(number(Double(run.columns) * cellWidth))\" height=\"\(number(cellHeight))\" fill=\"\(bg)\"/>\n"
            }
            guard run.text.contains(where: { $0 != " " }) else { continue }
            var attributes = "x=\"\(number(x))\" fill=\"\(fg)\""
            if run.style.bold { attributes += " font-weight=\"bold\"" }
            if run.style.dim { attributes += " fill-opacity=\"0.6\"" }
            if run.style.underline { attributes += " text-decoration=\"underline\"" }
            if run.isWide {
                attributes +=
                    " textLength=\"\(number(Double(run.columns) * cellWidth))\" lengthAdjust=\"spacingAndGlyphs\""
            }
            spans += "<tspan \(attributes)>\(escapeXML(run.text))</tspan>"
        }
        if spans.isEmpty { return rects }
        return rects + "<text y=\"\(number(baseline))\" xml:space=\"preserve\">\(spans)</text>\n"
    }

    /// `text` safe inside XML: `& < > " '` as entities, and any control left as a visible escape.
    public static func escapeXML(_ text: String) -> String {
        var out = ""
        for scalar in Printable.escape(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `12`, or `12.6` with one decimal.
    static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
