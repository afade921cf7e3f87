import OffstageCore

/// Where everything of the main screen goes; `render` and `hitTest` share it, so a click lands on what is drawn.
struct DashboardLayout {
    /// One pane's place: its title row and the rows of its list.
    struct Pane {
        /// The title row.
        let titleRow: Int
        /// The list's rows (full width; text starts one column in).
        let content: Rect
        /// Which list rows are visible.
        let window: ListWindow
    }

    /// The smallest terminal the dashboard draws in.
    static let minimum = Size(width: 40, height: 10)

    /// The header's rows (1 or 2; 3 with Android from 20 rows, the third for the Android device state).
    let headerRows: Int
    /// The transfers pane.
    let transfers: Pane
    /// The scheduled pane.
    let scheduled: Pane
    /// The events pane.
    let events: Pane
    /// The demo script's first row, when a script line is set.
    let scriptRow: Int?
    /// How many rows the script line takes (1, or 2 when a tall enough screen cannot fit it on one).
    let scriptRows: Int
    /// The key bar's row (the last).
    let keyBarRow: Int

    /// The layout of a `size` screen, or nil when it is smaller than `minimum`.
    init?(content: DashboardContent, snapshot: Snapshot, state: DashboardState, size: Size) {
        guard size.width >= Self.minimum.width, size.height >= Self.minimum.height else { return nil }
        let height = size.height
        headerRows = height >= 12 ? (snapshot.platform.includesAndroid && height >= 20 ? 3 : 2) : 1
        keyBarRow = height - 1
        scriptRows = state.scriptLine.map { KeyBarView.scriptRows($0, width: size.width, height: height) } ?? 0
        scriptRow = state.scriptLine == nil ? nil : height - 1 - scriptRows
        let bottomRows = 1 + scriptRows
        let available = max(3, height - headerRows - bottomRows - 3)

        let transferNeed = max(1, content.transferCount)
        let scheduledNeed = max(1, content.scheduled.count)
        let eventNeed = max(1, content.events.count)
        var scheduledRows = min(scheduledNeed, max(1, available / 4))
        let rest = available - scheduledRows
        let eventMinimum = min(eventNeed, max(1, rest * 2 / 5))
        let transferRows = max(1, min(transferNeed, rest - eventMinimum))
        var eventRows = rest - transferRows
        if eventRows > eventNeed, scheduledRows < scheduledNeed {
            let extra = min(scheduledNeed - scheduledRows, eventRows - eventNeed)
            scheduledRows += extra
            eventRows -= extra
        }

        var row = headerRows
        let transferWindow = ListWindow(
            total: content.transferCount, rows: transferRows, scroll: state.transferScroll,
            selected: content.selectedTransferRow(snapshot, state))
        transfers = Pane(
            titleRow: row, content: Rect(x: 0, y: row + 1, width: size.width, height: transferRows),
            window: transferWindow)
        row += 1 + transferRows
        let scheduledWindow = ListWindow(
            total: content.scheduled.count, rows: scheduledRows, scroll: state.requestScroll,
            selected: content.selectedRequestRow(snapshot, state))
        scheduled = Pane(
            titleRow: row, content: Rect(x: 0, y: row + 1, width: size.width, height: scheduledRows),
            window: scheduledWindow)
        row += 1 + scheduledRows
        // The log's window counts back from its newest line.
        let total = content.events.count
        let back = min(max(0, state.eventScroll), max(0, total - eventRows))
        let eventWindow = ListWindow(
            total: total, rows: eventRows, scroll: max(0, total - eventRows - back), selected: nil)
        events = Pane(
            titleRow: row, content: Rect(x: 0, y: row + 1, width: size.width, height: eventRows), window: eventWindow)
    }

    /// How many lines back from the newest the event log is scrolled, as drawn.
    var eventsScrolledBack: Int { events.window.total - events.window.first - events.window.count }
}
