/// One character cell of a `Screen`.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here: one or two columns wide. A wide grapheme's second column holds `""`
    /// (a continuation cell, never drawn on its own).
    public var text: String
    /// How it is drawn.
    public var style: Style

    /// A cell.
    public init(_ text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// A blank cell in plain style.
    public static let blank = Cell()

    /// Whether this is the second column of a wide grapheme.
    public var isContinuation: Bool { text.isEmpty }
}

/// A terminal's size in columns and rows.
public struct Size: Hashable, Sendable {
    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int

    /// A size (negative values are taken as 0).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }
}
