/// What a view asks the engine to send it: the rows of its transfer list around the ones it shows, with counts and
/// totals for the rest (`TransferListing`, `Snapshot.totals`). A view that lists everything (`ls`, `app`, `pending`)
/// asks for `everything`; a dashboard asks for the window around its visible rows, so a home of 100,000 tasks costs
/// it what a screenful does.
public struct SnapshotSubscription: Codable, Sendable, Equatable {
    /// The transfers it lists.
    public var transfers: TransferQuery

    /// A subscription to `transfers`.
    public init(transfers: TransferQuery = .all) {
        self.transfers = transfers
    }

    /// Every row of every list.
    public static let everything = SnapshotSubscription()

    /// What a dashboard asks for before it knows its size: the first transfer rows and a page after them (it asks
    /// for its own window at its first frame).
    public static let firstScreen = SnapshotSubscription(
        transfers: .window(filter: nil, first: 0, rows: 40, selected: nil))

    /// Whether it asks for every transfer (nothing filtered, no window).
    public var isEverything: Bool { transfers.listsEverything }
}

/// Which transfers a view lists and which of them it shows: a filter (text, ids, states), then the shown rows
/// (`first`, `rows`) with `margin` rows on each side, so a move or a page stays within what the view holds until
/// the next publication brings the rows around the new place.
public struct TransferQuery: Codable, Sendable, Equatable {
    /// Case-insensitive text a row's name or URL contains (nil or empty: every row).
    public var filter: String?
    /// Only these tasks (nil: any), e.g. the one a `get` shows.
    public var ids: [Int64]?
    /// Only tasks in these states (nil: any), e.g. the moving ones plain progress lines show.
    public var states: [TransferState]?
    /// The first row the view shows, a position among the listed rows.
    public var first: Int
    /// How many rows the view shows (`Int.max`: all of them).
    public var rows: Int
    /// How many rows beyond each side of the shown ones it holds.
    public var margin: Int
    /// The selected task: the window moves to show it, and the listing says where it is.
    public var selected: Int64?
    /// Whether rows carry their task's event-log history (false: only the selected row's).
    public var histories: Bool

    /// A query.
    public init(
        filter: String? = nil, ids: [Int64]? = nil, states: [TransferState]? = nil, first: Int = 0,
        rows: Int = .max, margin: Int = 0, selected: Int64? = nil, histories: Bool = true
    ) {
        self.filter = filter
        self.ids = ids
        self.states = states
        self.first = first
        self.rows = rows
        self.margin = margin
        self.selected = selected
        self.histories = histories
    }

    /// Every transfer, with its history.
    public static let all = TransferQuery()

    /// The transfer list of a dashboard: the rows from `first`, `rows` of them shown, a page on each side held.
    public static func window(filter: String?, first: Int, rows: Int, selected: Int64?)
        -> TransferQuery
    {
        TransferQuery(
            filter: filter, first: first, rows: max(1, rows), margin: max(16, rows), selected: selected,
            histories: false)
    }

    /// Whether it lists every transfer in full: no filter, no window.
    public var listsEverything: Bool { !isFiltered && rows == .max && histories }

    /// Whether it lists only some transfers (a text, ids or states).
    public var isFiltered: Bool { !(filter ?? "").isEmpty || ids != nil || states != nil }

    /// Whether `transfer` is listed (its name or URL contains the filter, its id and state are asked for).
    public func lists(_ transfer: TransferSnapshot) -> Bool {
        lists(id: transfer.id, state: transfer.state, name: transfer.name, url: transfer.url)
    }

    /// Whether a task with these fields is listed.
    public func lists(id: Int64, state: TransferState, name: String, url: String) -> Bool {
        if let ids, !ids.contains(id) { return false }
        if let states, !states.contains(state) { return false }
        guard let filter, !filter.isEmpty else { return true }
        let needle = filter.lowercased()
        return name.lowercased().contains(needle) || url.lowercased().contains(needle)
    }

    /// The rows the view shows among `count` listed ones: from `first`, moved just enough to show the selected row
    /// (`selectedPosition`), never past the end.
    public func shown(count: Int, selectedPosition: Int?) -> Range<Int> {
        let rows = max(0, self.rows)
        guard rows < count else { return 0..<count }
        var start = min(max(0, first), count - rows)
        if let selected = selectedPosition, selected >= 0, selected < count {
            if selected < start { start = selected }
            if selected >= start + rows { start = selected - rows + 1 }
        }
        return start..<(start + rows)
    }

    /// The rows the engine sends: the shown ones and `margin` more on each side, within `0..<count`.
    public func held(count: Int, selectedPosition: Int?) -> Range<Int> {
        let shown = shown(count: count, selectedPosition: selectedPosition)
        let margin = max(0, min(self.margin, count))
        return max(0, shown.lowerBound - margin)..<min(count, shown.upperBound + margin)
    }
}
