/// What the dashboard needs of a terminal: its size and capabilities, presenting a frame, reading input.
///
/// `OffstageTerminal` implements it with ncurses; `OffstageTestSupport.GridTerminal` implements it in memory.
/// All calls come from one thread (the dashboard's loop).
public protocol TerminalDevice: AnyObject {
    /// The current size.
    var size: Size { get }
    /// What the terminal can show (colours, Unicode).
    var capabilities: TerminalCapabilities { get }
    /// Draws `screen`, sending only what differs from the last frame presented.
    func present(_ screen: Screen)
    /// Forgets the last frame and redraws everything at the next `present` (Ctrl-L, after SIGCONT).
    func invalidate()
    /// The inputs that arrived, waiting at most `timeout` seconds for the first (nil: wait until one comes, or
    /// until `wake()` is called from another thread).
    func readInputs(timeout: Double?) -> [TerminalInput]
    /// Ends a `readInputs` wait early; safe to call from any thread (a new snapshot arrived).
    func wake()
    /// Sends a desktop notification with `text` (a transfer ended) and rings the bell, where the terminal can.
    func notify(_ text: String)
}

extension TerminalDevice {
    /// A terminal that cannot notify does nothing.
    public func notify(_ text: String) {}
}

/// What a terminal can show.
public struct TerminalCapabilities: Hashable, Sendable {
    /// How many colours: 0 (none, or `NO_COLOR`), 8, or 256.
    public var colors: Int
    /// Whether the locale is UTF-8 (else bars and boxes are drawn in ASCII).
    public var unicode: Bool

    /// Capabilities.
    public init(colors: Int, unicode: Bool) {
        self.colors = colors
        self.unicode = unicode
    }
}
