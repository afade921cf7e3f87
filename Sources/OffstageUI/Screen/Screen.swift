/// A grid of cells: what a view draws and a terminal presents. Pure value; no terminal involved.
public struct Screen: Equatable, Sendable {
    /// The grid's size.
    public let size: Size
    /// Cells row by row.
    public private(set) var cells: [Cell]

    /// A blank screen of `size`.
    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        cells = Array(repeating: fill, count: size.width * size.height)
    }

    /// Columns.
    public var width: Int { size.width }
    /// Rows.
    public var height: Int { size.height }

    /// The cell at column `x`, row `y` (a blank cell outside the grid).
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return .blank }
            return cells[y * width + x]
        }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            cells[y * width + x] = newValue
        }
    }

    /// Writes `text` from column `x` on row `y`, one grapheme per cell (two for a wide one), clipped at
    /// `limit` columns and at the right edge; returns the column after the last one written.
    ///
    /// Control characters must have been escaped before (see `Printable`); any left are drawn as `?`.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let end = min(width, limit.map { x + max(0, $0) } ?? width)
        var column = x
        if DisplayWidth.asciiColumns(text) != nil {
            // Printable ASCII: one byte, one grapheme, one cell.
            for byte in text.utf8 {
                guard column + 1 <= end else { break }
                if column >= 0 { cells[y * width + column] = Cell(scalar: Unicode.Scalar(byte), style: style) }
                column += 1
            }
            return column
        }
        for character in text {
            let columns = DisplayWidth.of(character)
            if columns == 0 { continue }
            guard column + columns <= end else { break }
            if column >= 0 {
                let drawn =
                    character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } ? "?" : String(character)
                self[column, y] = Cell(drawn, style: style)
                if columns == 2 { self[column + 1, y] = Cell("", style: style) }
            }
            column += columns
        }
        return column
    }

    /// Copies the rows `rows` of `other`, a screen of the same width, into the same rows of this one (rows outside
    /// either screen are skipped).
    public mutating func copy(rows: Range<Int>, from other: Screen) {
        guard other.width == width else { return }
        let first = max(0, rows.lowerBound)
        let last = min(rows.upperBound, height, other.height)
        guard first < last else { return }
        let range = (first * width)..<(last * width)
        cells.replaceSubrange(range, with: other.cells[range])
    }

    /// Fills a rectangle with `cell`.
    public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, with cell: Cell = .blank) {
        for row in max(0, y)..<min(height, y + h) {
            for column in max(0, x)..<min(width, x + w) { self[column, row] = cell }
        }
    }

    /// The text of row `y`, continuation cells left out (a golden screen's `|…|` line).
    public func text(row y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        return (0..<width).map { self[$0, y].text }.joined()
    }
}
