/// A row of a `Screen` cut into runs of cells with one style: what golden files and SVGs list.
public struct StyleRun: Equatable, Sendable {
    /// The first column.
    public let start: Int
    /// How many columns.
    public let columns: Int
    /// The style of every cell in it.
    public let style: Style
    /// The cells' text (continuation cells left out).
    public let text: String
    /// Whether it is a single wide grapheme (an SVG stretches it over two cells).
    public let isWide: Bool

    /// The runs of row `y`, adjacent equal styles merged; with `splitWide`, each wide grapheme is a run of its own.
    public static func of(row y: Int, in screen: Screen, splitWide: Bool = false) -> [StyleRun] {
        var runs: [StyleRun] = []
        var start = 0, text = "", style = screen[0, y].style
        func flush(_ end: Int) {
            if end > start { runs.append(StyleRun(start: start, columns: end - start, style: style, text: text, isWide: false)) }
        }
        var x = 0
        while x < screen.width {
            let cell = screen[x, y]
            if cell.isContinuation {
                x += 1
                continue
            }
            let wide = x + 1 < screen.width && screen[x + 1, y].isContinuation
            if splitWide, wide {
                flush(x)
                runs.append(StyleRun(start: x, columns: 2, style: cell.style, text: cell.text, isWide: true))
                start = x + 2
                text = ""
                style = x + 2 < screen.width ? screen[x + 2, y].style : cell.style
                x += 2
                continue
            }
            if cell.style != style {
                flush(x)
                start = x
                text = ""
                style = cell.style
            }
            text += cell.text
            x += wide ? 2 : 1
        }
        flush(screen.width)
        return runs
    }
}
