/// Which rows of a long list are on screen: the first one and how many, keeping the selection in view.
public struct ListWindow: Equatable, Sendable {
    /// The first visible row.
    public let first: Int
    /// How many rows are visible.
    public let count: Int
    /// How many rows the list has.
    public let total: Int

    /// The window of a `total`-row list shown in `rows` rows, starting at `scroll` when it can, moved just enough
    /// to show `selected`, and never past the end.
    public init(total: Int, rows: Int, scroll: Int, selected: Int?) {
        let rows = max(0, rows)
        var first = max(0, scroll)
        if let selected, selected >= 0, selected < total {
            if selected < first { first = selected }
            if selected >= first + rows { first = selected - rows + 1 }
        }
        first = min(first, max(0, total - rows))
        self.first = max(0, first)
        self.count = min(rows, max(0, total - self.first))
        self.total = total
    }

    /// The visible rows' indices.
    public var range: Range<Int> { first..<(first + count) }

    /// How many rows are not shown.
    public var hidden: Int { total - count }
}
