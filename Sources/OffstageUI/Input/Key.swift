/// A key the user pressed, as the terminal adapter decodes it.
public enum Key: Hashable, Sendable {
    /// A printable character (including a space).
    case character(Character)
    /// Ctrl with a letter: `.control("l")` is Ctrl-L.
    case control(Character)
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Page up.
    case pageUp
    /// Page down.
    case pageDown
    /// Home.
    case home
    /// End.
    case end
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Enter or Return.
    case enter
    /// Escape.
    case escape
    /// Backspace.
    case backspace
    /// Delete (forward).
    case delete
    /// A function key F1…F12.
    case function(Int)
}

/// What a mouse did, in screen cells (0-based, top left).
public struct MouseEvent: Hashable, Sendable {
    /// What kind of mouse event.
    public enum Kind: Hashable, Sendable {
        /// A left-button click.
        case click
        /// The wheel turned up (scroll back).
        case wheelUp
        /// The wheel turned down (scroll forward).
        case wheelDown
    }

    /// What happened.
    public var kind: Kind
    /// Column.
    public var x: Int
    /// Row.
    public var y: Int

    /// A mouse event.
    public init(kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

/// One input a terminal delivers to the dashboard.
public enum TerminalInput: Hashable, Sendable {
    /// A key.
    case key(Key)
    /// A mouse click or wheel turn.
    case mouse(MouseEvent)
    /// The terminal changed size (`KEY_RESIZE`).
    case resize(Size)
    /// Pasted text (bracketed paste), as it came: text, never keys. A long paste comes in several pieces.
    case paste(String)

    /// Whether the user typed or pasted it (a key or a paste; not the mouse, not a resize).
    public var isTyped: Bool {
        switch self {
        case .key, .paste: true
        case .mouse, .resize: false
        }
    }
}
