/// A colour a cell can be drawn in. Views name roles through `Palette`; the terminal maps these to what it has.
public enum Color: Hashable, Sendable {
    /// The terminal's own default colour.
    case standard
    /// One of the eight ANSI colours (0 black … 7 white).
    case ansi(UInt8)
    /// One of the 256 xterm colours (16…255); an 8-colour terminal shows the nearest ANSI colour.
    case indexed(UInt8)
}

/// How a cell is drawn.
public struct Style: Hashable, Sendable {
    /// The text colour.
    public var foreground: Color
    /// The background colour.
    public var background: Color
    /// Bold (bright) text.
    public var bold: Bool
    /// Dim text.
    public var dim: Bool
    /// Foreground and background swapped.
    public var reverse: Bool
    /// Underlined text.
    public var underline: Bool

    /// A style; by default the terminal's plain text.
    public init(
        foreground: Color = .standard, background: Color = .standard, bold: Bool = false, dim: Bool = false,
        reverse: Bool = false, underline: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
    }

    /// The terminal's plain text.
    public static let plain = Style()
}
