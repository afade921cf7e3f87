import OffstageCore

/// The transfers pane: its title and the visible rows, the selected one highlighted (its bar left as it is) when the
/// pane has the focus.
enum TransfersPane {
    /// Draws the pane at `pane`.
    static func draw(
        in screen: inout Screen, pane: DashboardLayout.Pane, content: DashboardContent, context c: RenderContext
    ) {
        let width = screen.width
        let focused = c.state.focus == .transfers
        let window = pane.window
        var info: [String] = []
        if let filter = c.state.filters[.transfers], !filter.isEmpty {
            info.append(
                "filter “" + c.fit(c.safe(filter), 20)
                    + "”: \(content.transferCount) of \(c.snapshot.storedTransfers)")
        }
        if window.hidden > 0 {
            info.append("\(window.first + 1)–\(window.first + window.count) of \(window.total)")
            info.append("+\(window.hidden) more")
        } else if info.isEmpty, window.total > 0 {
            info.append("\(window.total)")
        }
        Box.paneTitle(
            in: &screen, row: pane.titleRow, width: width, title: "Transfers", info: info,
            focused: focused, glyphs: c.glyphs, palette: c.palette)
        let area = pane.content
        guard area.height > 0 else { return }
        if content.transferCount == 0 {
            let text =
                c.snapshot.engine.role == .starting
                ? TotalsText.loading(c.snapshot.engine.loadingTasks, ellipsis: c.glyphs.ellipsis)
                : c.snapshot.storedTransfers == 0
                    ? "no transfers " + c.glyphs.dash + " press a to add one"
                    : "no transfer matches the filter " + c.glyphs.dash + " press / to change it"
            screen.put(c.fit(text, width - 2), x: 1, y: area.y, style: c.palette.muted)
            return
        }
        let selected = content.selectedTransferRow(c.snapshot, c.state)
        for (offset, row) in window.range.enumerated() {
            let y = area.y + offset
            // A row the engine has not sent yet (the view moved past what it holds) stays blank until it does.
            guard let index = content.transferIndex(at: row) else { continue }
            let transfer = c.snapshot.transfers[index]
            let layout = TransferRow.layout(transfer, width: width - 2, context: c)
            screen.draw(layout.spans, x: 1, y: y, limit: width - 2, ellipsis: c.glyphs.ellipsis)
            if focused, row == selected {
                // The bar keeps its look (drawn from column 1): reverse video or a background would hide it. Without
                // colours the column before it stays plain too, or the reversed row would run into the bar's blocks.
                let margin = c.palette.colors == 0 ? 1 : 0
                let bar = layout.bar.map { ($0.lowerBound + 1 - margin)..<($0.upperBound + 1) } ?? width..<width
                screen.restyle(x: 0, y: y, count: bar.lowerBound, c.palette.selected)
                screen.restyle(x: bar.upperBound, y: y, count: width - bar.upperBound, c.palette.selected)
            }
        }
    }
}
