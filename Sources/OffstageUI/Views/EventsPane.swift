import Foundation
import OffstageCore

/// The event log, newest line last at the bottom; `eventScroll` moves it back.
enum EventsPane {
    /// Draws the pane at `pane`.
    static func draw(
        in screen: inout Screen, pane: DashboardLayout.Pane, layout: DashboardLayout, content: DashboardContent,
        context c: RenderContext
    ) {
        let width = screen.width
        let window = pane.window
        var info: [String] = []
        if let filter = c.state.filters[.events], !filter.isEmpty { info.append("filter “" + c.fit(c.safe(filter), 20) + "”") }
        let back = layout.eventsScrolledBack
        if back > 0 { info.append("scrolled back \(back)") }
        if window.first > 0 { info.append("+\(window.first) older") }
        Box.paneTitle(
            in: &screen, row: pane.titleRow, width: width, title: "Events (newest last)",
            info: info, focused: c.state.focus == .events, glyphs: c.glyphs,
            palette: c.palette)
        let area = pane.content
        guard area.height > 0 else { return }
        if content.events.isEmpty {
            let text = c.snapshot.events.isEmpty ? "no events yet" : "no event matches the filter"
            screen.put(c.fit(text, width - 2), x: 1, y: area.y, style: c.palette.muted)
            return
        }
        let kindWidth = kindColumn(width: width, content: content, window: window, c)
        for (offset, row) in window.range.enumerated() {
            let entry = c.snapshot.events[content.events[row]]
            screen.draw(spans(entry, kindWidth: kindWidth, context: c), x: 1, y: area.y + offset, limit: width - 2, ellipsis: c.glyphs.ellipsis)
        }
    }

    /// The kind column's width: the longest visible kind, capped by the terminal's width (0: no column).
    static func kindColumn(width: Int, content: DashboardContent, window: ListWindow, _ c: RenderContext) -> Int {
        let cap = width >= 110 ? 22 : (width >= 70 ? 15 : 0)
        guard cap > 0 else { return 0 }
        var longest = 0
        for row in window.range { longest = max(longest, c.snapshot.events[content.events[row]].kind.rawValue.count) }
        return min(cap, longest)
    }

    /// One line: `HH:MM:SS glyph kind subject reason`.
    static func spans(_ entry: LogEntry, kindWidth: Int, context c: RenderContext) -> [Span] {
        let (glyph, style) = mark(entry.kind, c)
        var spans = [Span(Format.clock(entry.time.timeIntervalSince1970) + " ", c.palette.muted), Span(glyph + " ", style)]
        if kindWidth > 0 { spans.append(Span(c.pad(entry.kind.rawValue, kindWidth) + " ", style == .plain ? c.palette.muted : style)) }
        spans.append(Span(c.safe(entry.subject), c.palette.title))
        if !entry.reason.isEmpty { spans.append(Span(" " + c.safe(entry.reason))) }
        return spans
    }

    /// The glyph and style of a kind: expirations, launches, kills, deliveries and reconciliation stand out.
    static func mark(_ kind: LogKind, _ c: RenderContext) -> (String, Style) {
        let u = c.glyphs.unicode
        switch kind {
        case .bgExpired: return (u ? "⏱" : "!", c.palette.warn)
        case .bgLaunched: return (u ? "▶" : ">", c.palette.info)
        case .bgKilled, .appKilled: return (u ? "☠" : "X", c.palette.bad)
        case .delivered: return (u ? "✓" : "+", c.palette.colors == 0 ? Style(bold: true) : c.palette.good)
        case .appReconciled: return (u ? "≡" : "=", c.palette.info)
        case .appRelaunch: return (u ? "↻" : "@", c.palette.info)
        case .appCompletionHandler: return (u ? "⚑" : "h", c.palette.warn)
        case .failed, .appCrashed: return (u ? "✗" : "x", c.palette.bad)
        default: return (" ", .plain)
        }
    }
}
