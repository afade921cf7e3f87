/// One character cell of a `Screen`: a plain value of a few bytes, copied and compared without reference
/// counting (a frame is thousands of them, drawn several times a second).
public struct Cell: Hashable, Sendable {
    /// The grapheme: a one-scalar grapheme's scalar value; `continuationCode` for the second column of a wide
    /// grapheme; a longer grapheme's number in `GraphemeTable` with `tableBit` set.
    private var code: UInt32
    /// How it is drawn.
    public var style: Style

    /// A cell holding `text`, one grapheme, one or two columns wide; `""` is a continuation cell (the second
    /// column of a wide grapheme, never drawn on its own).
    public init(_ text: String = " ", style: Style = .plain) {
        code = Self.code(for: text)
        self.style = style
    }

    /// A cell holding one scalar (no lookup: what ASCII text and the widgets' glyphs use).
    public init(scalar: Unicode.Scalar, style: Style = .plain) {
        code = scalar.value
        self.style = style
    }

    /// A blank cell in plain style.
    public static let blank = Cell()

    /// The grapheme drawn here: one or two columns wide. A wide grapheme's second column holds `""`.
    public var text: String {
        get {
            if code == Self.continuationCode { return "" }
            if code & Self.tableBit != 0 { return GraphemeTable.shared.text(number: code & ~Self.tableBit) }
            return Unicode.Scalar(code).map { String(Character($0)) } ?? "?"
        }
        set { code = Self.code(for: newValue) }
    }

    /// The grapheme's scalar when it is a single one (nil for a continuation cell or a longer grapheme).
    public var scalar: Unicode.Scalar? {
        code == Self.continuationCode || code & Self.tableBit != 0 ? nil : Unicode.Scalar(code)
    }

    /// Whether this is the second column of a wide grapheme.
    public var isContinuation: Bool { code == Self.continuationCode }

    /// Whether the grapheme is one ASCII character.
    public var isASCII: Bool { code < 0x80 }

    /// Above every scalar value: a continuation cell.
    private static let continuationCode: UInt32 = 0x11_0000
    /// Marks a number in `GraphemeTable`.
    private static let tableBit: UInt32 = 0x8000_0000

    private static func code(for text: String) -> UInt32 {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return continuationCode }
        guard scalars.next() != nil else { return first.value }
        // A full table cannot take a new grapheme: the cell shows "?" rather than grow without bound.
        return GraphemeTable.shared.number(for: text).map { $0 | tableBit } ?? UInt32(UInt8(ascii: "?"))
    }
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
