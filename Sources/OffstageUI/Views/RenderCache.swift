import OffstageCore

/// What `DashboardView.render(snapshot:state:size:capabilities:cache:)` keeps between two frames so it can copy
/// a pane whose inputs did not change from the last frame instead of drawing it again. The frame is the same as
/// without the cache; only the work differs. Owned by whoever renders frame after frame (the dashboard's loop).
public struct RenderCache {
    /// The last frame rendered with this cache (nil: none yet, or a "terminal too small" one).
    var screen: Screen?
    /// The events pane's inputs in that frame (nil: it was covered by an overlay, or not drawn).
    var events: EventsPane.Inputs?

    /// An empty cache: the next frame draws everything.
    public init() {}
}

extension EventsPane {
    /// Everything the events pane is drawn from: when two frames have equal inputs, they have equal rows there.
    struct Inputs: Equatable {
        /// The pane's title row, list rows and visible window.
        let titleRow: Int
        /// The pane's list rows.
        let content: Rect
        /// Which lines of the log are visible.
        let window: ListWindow
        /// The screen's width.
        let width: Int
        /// The log (compared by buffer first: snapshots share it until a line is added).
        let events: [LogEntry]
        /// The pane's filter.
        let filter: String?
        /// Whether the pane has the focus (its title is drawn reversed).
        let focused: Bool
        /// The terminal's colours and character set (the glyphs and palette).
        let capabilities: TerminalCapabilities

        /// The inputs of the pane at `pane` in a frame of `snapshot` and `state`.
        init(
            pane: DashboardLayout.Pane, width: Int, snapshot: Snapshot, state: DashboardState,
            capabilities: TerminalCapabilities
        ) {
            titleRow = pane.titleRow
            content = pane.content
            window = pane.window
            self.width = width
            events = snapshot.events
            filter = state.filters[.events]
            focused = state.focus == .events
            self.capabilities = capabilities
        }

        /// The screen rows the pane covers: its title and its list.
        var rows: Range<Int> { titleRow..<(content.y + content.height) }
    }
}
