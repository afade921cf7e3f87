/// A piece of styled text: what widgets return and `Screen.draw` puts on a row.
public struct Span: Equatable, Sendable {
    /// The text (already escaped).
    public var text: String
    /// Its style.
    public var style: Style

    /// A span.
    public init(_ text: String, _ style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Its width in columns.
    public var width: Int { DisplayWidth.of(text) }
}

extension Screen {
    /// Draws `spans` one after another from column `x` on row `y`, clipped at `limit` columns; returns the column
    /// after the last one written.
    @discardableResult
    public mutating func draw(_ spans: [Span], x: Int, y: Int, limit: Int? = nil) -> Int {
        let end = limit.map { x + max(0, $0) } ?? width
        var column = x
        for span in spans where column < end {
            column = put(span.text, x: column, y: y, style: span.style, limit: end - column)
        }
        return column
    }

    /// Sets the style of `count` cells from column `x` on row `y`, keeping their text.
    public mutating func restyle(x: Int, y: Int, count: Int, _ transform: (Style) -> Style) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<min(width, x + max(0, count)) {
            var cell = self[column, y]
            cell.style = transform(cell.style)
            self[column, y] = cell
        }
    }
}
