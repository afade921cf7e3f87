import OffstageCore

/// The dashboard as pure functions of a snapshot and the dashboard's state: the frame, and what a click hits.
public enum DashboardView {
    /// The whole frame: header, transfers, scheduled, events, key bar, and any overlay; or a "terminal too small"
    /// screen. Only the visible rows are formatted.
    public static func render(snapshot: Snapshot, state: DashboardState, size: Size, capabilities: TerminalCapabilities)
        -> Screen
    {
        var cache = RenderCache()
        return render(snapshot: snapshot, state: state, size: size, capabilities: capabilities, cache: &cache)
    }

    /// The same frame as `render(snapshot:state:size:capabilities:)`, copying from the last frame rendered with
    /// `cache` the panes whose inputs did not change (the events pane) instead of drawing them; updates `cache`.
    public static func render(
        snapshot: Snapshot, state: DashboardState, size: Size, capabilities: TerminalCapabilities,
        cache: inout RenderCache
    ) -> Screen {
        let previous = cache.screen
        let previousEvents = cache.events
        cache = RenderCache()
        let context = RenderContext(snapshot: snapshot, state: state, capabilities: capabilities)
        let content = DashboardContent(snapshot: snapshot, state: state)
        guard let layout = DashboardLayout(content: content, snapshot: snapshot, state: state, size: size) else {
            var screen = TooSmallView.render(size: size, minimum: DashboardLayout.minimum, context: context)
            if !capabilities.unicode { AsciiFold.apply(to: &screen) }
            return screen
        }
        var screen = Screen(size: size)
        HeaderView.draw(in: &screen, rows: layout.headerRows, width: size.width, context: context)
        TransfersPane.draw(in: &screen, pane: layout.transfers, content: content, context: context)
        ScheduledPane.draw(in: &screen, pane: layout.scheduled, content: content, context: context)
        let events = EventsPane.Inputs(
            pane: layout.events, width: size.width, snapshot: snapshot, state: state, capabilities: capabilities)
        // The events pane ends above the script and key bar rows, so the last frame's rows there are the pane's own.
        if let previous, previous.size == size, previousEvents == events,
            events.rows.upperBound <= (layout.scriptRow ?? layout.keyBarRow)
        {
            screen.copy(rows: events.rows, from: previous)
        } else {
            EventsPane.draw(in: &screen, pane: layout.events, layout: layout, content: content, context: context)
        }
        if let row = layout.scriptRow, let line = state.scriptLine {
            KeyBarView.drawScript(
                line, in: &screen, row: row, rows: layout.scriptRows, width: size.width, context: context)
        }
        KeyBarView.draw(in: &screen, row: layout.keyBarRow, width: size.width, context: context)
        if let overlay = state.overlay { drawOverlay(overlay, in: &screen, context: context) }
        if !capabilities.unicode { AsciiFold.apply(to: &screen) }
        cache.screen = screen
        // An overlay covers part of the panes: that frame's rows are not the events pane's to copy.
        cache.events = state.overlay == nil ? events : nil
        return screen
    }

    /// Which item a screen position points at (for mouse clicks), with the same layout as `render`; nil when an
    /// overlay is open, the terminal is too small, or the position is outside every pane.
    public static func hitTest(x: Int, y: Int, snapshot: Snapshot, state: DashboardState, size: Size) -> HitTarget? {
        guard state.overlay == nil, x >= 0, x < size.width else { return nil }
        let content = DashboardContent(snapshot: snapshot, state: state)
        guard let layout = DashboardLayout(content: content, snapshot: snapshot, state: state, size: size) else {
            return nil
        }
        if let row = listRow(y, layout.transfers) {
            return content.transferIndex(at: row).map { .transfer(snapshot.transfers[$0].id) } ?? .pane(.transfers)
        }
        if y == layout.transfers.titleRow { return .pane(.transfers) }
        if let row = listRow(y, layout.scheduled) {
            guard row < content.scheduled.count else { return .pane(.scheduled) }
            switch content.key(of: content.scheduled[row], in: snapshot) {
            case .request(let identifier): return .request(identifier)
            case .work(let id): return .work(id)
            }
        }
        if y == layout.scheduled.titleRow { return .pane(.scheduled) }
        if let row = listRow(y, layout.events) {
            return row < content.events.count ? .event(content.events[row]) : .pane(.events)
        }
        if y == layout.events.titleRow { return .pane(.events) }
        return nil
    }

    /// How many list rows each pane shows at `size` (empty when the terminal is too small), and the first row each
    /// list shows: for the reducer's page moves and to keep `transferScroll`/`requestScroll` where the view put them.
    public static func visibleRows(
        snapshot: Snapshot, state: DashboardState, size: Size
    ) -> [DashboardState.Pane: (first: Int, count: Int)] {
        let content = DashboardContent(snapshot: snapshot, state: state)
        guard let layout = DashboardLayout(content: content, snapshot: snapshot, state: state, size: size) else {
            return [:]
        }
        return [
            .transfers: (layout.transfers.window.first, layout.transfers.content.height),
            .scheduled: (layout.scheduled.window.first, layout.scheduled.content.height),
            .events: (layout.events.window.first, layout.events.content.height),
        ]
    }

    /// The list row (window-relative to absolute) that screen row `y` shows in `pane`, if `y` is in its list.
    private static func listRow(_ y: Int, _ pane: DashboardLayout.Pane) -> Int? {
        guard y >= pane.content.y, y < pane.content.y + pane.content.height else { return nil }
        let offset = y - pane.content.y
        return offset < pane.window.count ? pane.window.first + offset : Int.max
    }

    /// Draws the open overlay.
    private static func drawOverlay(_ overlay: DashboardState.Overlay, in screen: inout Screen, context: RenderContext)
    {
        switch overlay {
        case .help: HelpOverlay.draw(in: &screen, context: context)
        case .transferDetails(let id): TransferDetailsOverlay.draw(id: id, in: &screen, context: context)
        case .requestDetails(let identifier):
            RequestDetailsOverlay.draw(identifier: identifier, in: &screen, context: context)
        case .workDetails(let id): WorkDetailsOverlay.draw(id: id, in: &screen, context: context)
        case .prompt(let prompt): PromptOverlay.draw(prompt, in: &screen, context: context)
        case .confirm(let confirmation): ConfirmOverlay.draw(confirmation, in: &screen, context: context)
        case .device: DeviceOverlay.draw(in: &screen, context: context)
        }
    }
}
