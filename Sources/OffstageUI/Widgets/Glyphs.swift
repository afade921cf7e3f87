/// The symbols the dashboard draws, in Unicode or in plain ASCII (no UTF-8 locale).
public struct Glyphs: Equatable, Sendable {
    /// Whether these are the Unicode symbols.
    public let unicode: Bool

    /// The symbols for a terminal that does (or does not) show Unicode.
    public init(unicode: Bool) { self.unicode = unicode }

    /// A transfer in flight.
    public var running: String { unicode ? "▶" : ">" }
    /// Paused.
    public var paused: String { unicode ? "⏸" : "=" }
    /// Waiting for a retry.
    public var retrying: String { unicode ? "⟳" : "~" }
    /// Completed.
    public var completed: String { unicode ? "✓" : "+" }
    /// Failed or cancelled.
    public var failed: String { unicode ? "✗" : "x" }
    /// Queued or waiting.
    public var waiting: String { unicode ? "…" : "." }
    /// Finishing (delivering).
    public var finishing: String { unicode ? "↧" : "v" }
    /// Interrupted by a kill of its engine.
    public var interrupted: String { unicode ? "↯" : "!" }
    /// The mark of an upload.
    public var upload: String { unicode ? "↑" : "^" }
    /// The end of cut text.
    public var ellipsis: String { unicode ? "…" : "~" }
    /// A horizontal rule.
    public var horizontal: String { unicode ? "─" : "-" }
    /// A vertical rule.
    public var vertical: String { unicode ? "│" : "|" }
    /// Box corners: top left, top right, bottom left, bottom right.
    public var corners: (String, String, String, String) { unicode ? ("┌", "┐", "└", "┘") : ("+", "+", "+", "+") }
    /// External power.
    public var charging: String { unicode ? "⚡" : "AC" }
    /// The warp sign (`×60`).
    public var times: String { unicode ? "×" : "x" }
    /// A budget credit held.
    public var creditFull: String { unicode ? "▮" : "#" }
    /// A budget credit spent.
    public var creditEmpty: String { unicode ? "▯" : "." }
    /// A separator between items of a line.
    public var dot: String { unicode ? "·" : "|" }
    /// The demo script's arrow.
    public var pointer: String { unicode ? "▸" : ">" }
    /// A minus sign.
    public var minus: String { unicode ? "−" : "-" }
    /// A dash between a label and its words.
    public var dash: String { unicode ? "—" : "-" }
    /// The current choice in a menu.
    public var current: String { unicode ? "●" : "*" }
    /// A warning.
    public var warning: String { unicode ? "⚠" : "!" }
}
