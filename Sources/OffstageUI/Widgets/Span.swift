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
    /// Draws `spans` one after another from column `x` on row `y`, clipped at `limit` columns (ending in `ellipsis`
    /// when given and something was cut); returns the column after the last one written.
    @discardableResult
    public mutating func draw(_ spans: [Span], x: Int, y: Int, limit: Int? = nil, ellipsis: String? = nil) -> Int {
        let end = min(width, limit.map { x + max(0, $0) } ?? width)
        var spans = spans
        if let ellipsis, spans.reduce(0, { $0 + $1.width }) > end - x, Self.widthWithoutTrailingSpaces(spans) > end - x {
            // Keep what fits before the ellipsis, then the ellipsis in the style of the span it cuts.
            var room = end - x - DisplayWidth.of(ellipsis)
            var kept: [Span] = []
            for span in spans where room > 0 {
                let text = TextFit.truncate(span.text, to: room, ellipsis: "")
                kept.append(Span(text, span.style))
                room -= DisplayWidth.of(text)
                if text.count < span.text.count { break }
            }
            kept.append(Span(ellipsis, kept.last?.style ?? .plain))
            spans = kept
        }
        var column = x
        for span in spans where column < end {
            column = put(span.text, x: column, y: y, style: span.style, limit: end - column)
        }
        return column
    }

    /// The columns of `spans` not counting the spaces at their end.
    static func widthWithoutTrailingSpaces(_ spans: [Span]) -> Int {
        var text = spans.map(\.text).joined()
        while text.last == " " { text.removeLast() }
        return DisplayWidth.of(text)
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
