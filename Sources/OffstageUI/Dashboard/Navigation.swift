import OffstageCore

/// Moving the selection, scrolling, focus, the mouse and keeping the selection valid: the reducer's navigation.
enum Navigation {
    /// Where a movement goes.
    enum Motion: Equatable {
        /// This many rows down (negative: up).
        case by(Int)
        /// The first row (the oldest event).
        case first
        /// The last row (the newest event).
        case last

        /// Whether it goes towards the first row (the oldest event).
        var isBackward: Bool {
            switch self {
            case .by(let delta): delta < 0
            case .first: true
            case .last: false
            }
        }
    }

    /// How many event-log lines one wheel notch scrolls.
    static let wheelLines = 3

    /// Moves the selection of the focused pane (or scrolls the event log); at an edge, says so.
    static func move(_ motion: Motion, state: inout DashboardState, snapshot: Snapshot, rows: Int) {
        move(motion, in: state.focus, state: &state, snapshot: snapshot, rows: rows)
    }

    /// Moves the selection of a pane (or scrolls the event log); at an edge, says so.
    static func move(
        _ motion: Motion, in pane: DashboardState.Pane, state: inout DashboardState, snapshot: Snapshot, rows: Int
    ) {
        let filter = state.filters[pane]
        switch pane {
        case .transfers:
            let window = DashboardRows.transferWindow(snapshot, filter: filter)
            let current = selectedTransferIndex(state, in: window)
            guard
                let next = target(
                    motion, from: current, count: window.count, pane: pane, noun: "transfer", state: &state)
            else { return }
            // A row the view does not hold yet is selected once the engine has sent it; until then the selection
            // goes as far as the held rows reach.
            let held = next - window.offset
            let heldRows = window.rows
            state.transferJump = held >= 0 && held < heldRows.count ? nil : next
            if !heldRows.isEmpty { state.selectedTransfer = heldRows[min(max(0, held), heldRows.count - 1)].id }
        case .scheduled:
            let keys = DashboardRows.scheduledKeys(snapshot, filter: filter)
            let current = state.selectedScheduled.flatMap { keys.firstIndex(of: $0) }
            guard
                let next = target(
                    motion, from: current, count: keys.count, pane: pane, noun: scheduledNoun(snapshot.platform),
                    state: &state)
            else { return }
            state.selectedScheduled = keys[next]
            state.selectedRequestRow = next
        case .events:
            let count = DashboardRows.events(snapshot, filter: filter).count
            let oldest = max(0, count - rows)
            guard count > 0 else {
                state.message = filter == nil ? "the event log is empty" : "no event matches the filter"
                return
            }
            let scroll: Int
            switch motion {
            case .by(let delta): scroll = min(oldest, max(0, state.eventScroll - delta))
            case .first: scroll = oldest
            case .last: scroll = 0
            }
            if scroll == state.eventScroll {
                state.message = motion.isBackward ? "already at the oldest event" : "already at the newest event"
            }
            state.eventScroll = scroll
        }
    }

    /// The row a motion reaches in a list of `count` rows, or nil (with a message) when it cannot move.
    private static func target(
        _ motion: Motion, from current: Int?, count: Int, pane: DashboardState.Pane, noun: String,
        state: inout DashboardState
    ) -> Int? {
        guard count > 0 else {
            state.message = state.filters[pane] == nil ? "no \(noun) to select" : "no \(noun) matches the filter"
            return nil
        }
        let next: Int
        switch motion {
        case .by(let delta): next = min(count - 1, max(0, (current ?? 0) + (current == nil ? 0 : delta)))
        case .first: next = 0
        case .last: next = count - 1
        }
        if next == current {
            state.message = motion.isBackward ? "already at the first \(noun)" : "already at the last \(noun)"
            return nil
        }
        return next
    }

    /// What the scheduled pane lists, in a message: `BG task request`, `work request`, or both.
    static func scheduledNoun(_ platform: PlatformProfile) -> String {
        switch platform {
        case .ios: "BG task request"
        case .android: "work request"
        case .both: "BG task request or work"
        }
    }

    /// Tab / Shift-Tab: the next or previous pane.
    static func cycleFocus(by step: Int, state: inout DashboardState) {
        let panes = DashboardState.Pane.allCases
        let index = panes.firstIndex(of: state.focus) ?? 0
        state.focus = panes[(index + step + panes.count) % panes.count]
    }

    /// Enter: the details of the focused pane's selection.
    static func openDetails(state: inout DashboardState, snapshot: Snapshot) {
        switch state.focus {
        case .transfers:
            guard let id = state.selectedTransfer else {
                state.message = "no transfer selected"
                return
            }
            state.overlay = .transferDetails(id)
        case .scheduled:
            switch state.selectedScheduled {
            case .request(let identifier)?: state.overlay = .requestDetails(identifier)
            case .work(let id)?: state.overlay = .workDetails(id)
            case nil: state.message = "no \(scheduledNoun(snapshot.platform)) selected"
            }
        case .events:
            state.message = "events have no details: Tab to a transfer or a request for Enter"
        }
    }

    /// A click selects the row under the pointer and focuses its pane; the wheel scrolls the pane under it.
    static func mouse(
        _ event: MouseEvent, state: inout DashboardState, snapshot: Snapshot, rows: Int, target: HitTarget?
    ) {
        guard state.overlay == nil else { return }
        let pane = target.map(pane(of:)) ?? state.focus
        switch event.kind {
        case .click:
            state.message = nil
            switch target {
            case .transfer(let id):
                state.focus = .transfers
                let listed = DashboardRows.transfers(snapshot, filter: state.filters[.transfers])
                if listed.contains(where: { $0.id == id }) {
                    state.selectedTransfer = id
                    state.transferJump = nil
                }
            case .request(let identifier):
                select(.request(identifier), state: &state, snapshot: snapshot)
            case .work(let id):
                select(.work(id), state: &state, snapshot: snapshot)
            case .event: state.focus = .events
            case .pane(let clicked): state.focus = clicked
            case nil: break
            }
        case .wheelUp, .wheelDown:
            let message = state.message  // the wheel is quiet at an edge
            let step = pane == .events ? wheelLines : 1
            move(.by(event.kind == .wheelUp ? -step : step), in: pane, state: &state, snapshot: snapshot, rows: rows)
            state.message = message
        }
        keepVisible(pane, state: &state, snapshot: snapshot, rows: rows)
    }

    /// A click on a scheduled row: focuses the pane and selects the row, if the filter lists it.
    private static func select(_ key: DashboardRows.ScheduledKey, state: inout DashboardState, snapshot: Snapshot) {
        state.focus = .scheduled
        let keys = DashboardRows.scheduledKeys(snapshot, filter: state.filters[.scheduled])
        if let row = keys.firstIndex(of: key) {
            state.selectedScheduled = key
            state.selectedRequestRow = row
        }
    }

    /// The pane a hit target lies in.
    static func pane(of target: HitTarget) -> DashboardState.Pane {
        switch target {
        case .transfer: .transfers
        case .request, .work: .scheduled
        case .event: .events
        case .pane(let pane): pane
        }
    }

    /// The selected transfer's position in the whole filtered list: a pending jump's, else the selected row's in the
    /// window the view holds (nil when neither).
    private static func selectedTransferIndex(
        _ state: DashboardState, in window: (rows: [TransferSnapshot], offset: Int, count: Int)
    ) -> Int? {
        state.transferJump
            ?? state.selectedTransfer.flatMap { id in window.rows.firstIndex { $0.id == id } }.map { window.offset + $0 }
    }

    /// Clamps a pane's scroll offset so its selection is inside a window of `rows` rows and no blank tail shows.
    static func keepVisible(_ pane: DashboardState.Pane, state: inout DashboardState, snapshot: Snapshot, rows: Int) {
        let filter = state.filters[pane]
        switch pane {
        case .transfers:
            let listed = DashboardRows.transferWindow(snapshot, filter: filter)
            let index = selectedTransferIndex(state, in: listed)
            state.transferScroll = window(state.transferScroll, selected: index, count: listed.count, rows: rows)
        case .scheduled:
            let keys = DashboardRows.scheduledKeys(snapshot, filter: filter)
            let index = state.selectedScheduled.flatMap { keys.firstIndex(of: $0) }
            state.requestScroll = window(state.requestScroll, selected: index, count: keys.count, rows: rows)
        case .events:
            let count = DashboardRows.events(snapshot, filter: filter).count
            state.eventScroll = min(max(0, state.eventScroll), max(0, count - rows))
        }
    }

    /// The first visible row that shows `selected` within `rows` rows of `count`, moving `scroll` the least.
    static func window(_ scroll: Int, selected: Int?, count: Int, rows: Int) -> Int {
        var first = min(max(0, scroll), max(0, count - rows))
        if let selected {
            if selected < first { first = selected }
            if selected >= first + rows { first = selected - rows + 1 }
        }
        return first
    }
}
