import Foundation
import OffstageCore

/// The scheduled pane: running BG tasks with their remaining allowance, then pending requests with why they wait.
enum ScheduledPane {
    /// Draws the pane at `pane`.
    static func draw(
        in screen: inout Screen, pane: DashboardLayout.Pane, content: DashboardContent, context c: RenderContext
    ) {
        let width = screen.width
        let focused = c.state.focus == .scheduled
        let window = pane.window
        var info = [budget(c)]
        if let filter = c.state.filters[.scheduled], !filter.isEmpty { info.append("filter “" + c.fit(c.safe(filter), 20) + "”") }
        if window.hidden > 0 { info.append("+\(window.hidden) more") }
        Box.paneTitle(
            in: &screen, row: pane.titleRow, width: width, title: "Scheduled",
            info: info, focused: focused, glyphs: c.glyphs, palette: c.palette)
        let area = pane.content
        guard area.height > 0 else { return }
        if content.scheduled.isEmpty {
            let text =
                c.snapshot.requests.isEmpty && c.snapshot.runningTasks.isEmpty
                ? "no BG task requests " + c.glyphs.dash + " press s to schedule one"
                : "no request matches the filter " + c.glyphs.dash + " press / to change it"
            screen.put(c.fit(text, width - 2), x: 1, y: area.y, style: c.palette.muted)
            return
        }
        let selectedID = c.state.selectedRequest
        for (offset, row) in window.range.enumerated() {
            let y = area.y + offset
            let item = content.scheduled[row]
            screen.draw(spans(item, width: width - 2, context: c), x: 1, y: y, limit: width - 2, ellipsis: c.glyphs.ellipsis)
            if focused, let selectedID, content.identifier(of: item, in: c.snapshot) == selectedID {
                screen.restyle(x: 0, y: y, count: width) { style in
                    var s = style
                    s.reverse = true
                    return s
                }
            }
        }
    }

    /// The budget as `budget ▮▮▮▯▯ 3.0/5`.
    static func budget(_ c: RenderContext) -> String {
        let budget = c.snapshot.app.budget
        guard budget.maximum > 0 else { return "budget none" }
        let cells = 5
        let held = min(cells, max(0, Int((budget.credits / budget.maximum * Double(cells)).rounded())))
        let meter = String(repeating: c.glyphs.creditFull, count: held) + String(repeating: c.glyphs.creditEmpty, count: cells - held)
        return "budget " + meter + " " + number(budget.credits) + "/" + number(budget.maximum)
    }

    /// `3`, or `2.5` for a fraction.
    private static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// The spans of one scheduled row, `width` columns wide.
    static func spans(_ row: DashboardContent.ScheduledRow, width: Int, context c: RenderContext) -> [Span] {
        let identWidth = min(36, max(10, width / 4))
        let wide = width >= 70
        let needsColumn = width >= 100
        let whenWidth = wide ? 17 : 11
        var spans: [Span] = []
        switch row {
        case .running(let index):
            let task = c.snapshot.runningTasks[index]
            spans.append(Span(c.glyphs.running + " ", c.palette.good))
            spans.append(Span(c.pad(c.safe(task.identifier), identWidth) + " ", c.palette.title))
            if wide { spans.append(Span(c.pad(kind(task.kind), 11) + " ")) }
            let (when, style) = allowance(task, c)
            spans.append(Span(c.pad(when, whenWidth) + " ", style))
            if needsColumn { spans.append(Span(c.pad("", 15) + " ")) }
            var detail =
                task.expirationCalled
                ? "handler called; watchdog kills the app in " + Format.countdown(task.deadlineIn)
                : "watchdog in " + Format.countdown(task.deadlineIn) + " if not completed"
            if task.simulated { detail += " (simulated launch)" }
            spans.append(Span(detail, c.palette.muted))
        case .request(let index):
            let request = c.snapshot.requests[index]
            let penalised = request.penalisedUntil.map { c.seconds(until: $0) > 0 } ?? false
            spans.append(penalised ? Span(c.glyphs.warning + " ", c.palette.bad) : Span(c.glyphs.waiting + " ", c.palette.muted))
            spans.append(Span(c.pad(c.safe(request.id), identWidth) + " ", c.palette.title))
            if wide { spans.append(Span(c.pad(kind(request.request.kind), 11) + " ")) }
            spans.append(Span(c.pad(earliest(request, c), whenWidth) + " "))
            if needsColumn { spans.append(Span(c.pad(needs(request.request, c), 15) + " ", c.palette.muted)) }
            var reason = c.safe(request.reasonText)
            let needsText = needs(request.request, c)
            if !needsColumn, needsText.hasPrefix("needs ") { reason = "[" + needsText.dropFirst(6) + "] " + reason }
            var reasonIsPenalty = false
            if case .penalisedUntil = request.reason { reasonIsPenalty = true }
            if penalised, !reasonIsPenalty, let until = request.penalisedUntil {
                reason += "; penalised until " + Format.clock(until.timeIntervalSince1970)
            }
            spans.append(Span(reason, penalised ? c.palette.bad : c.palette.warn))
        }
        return spans
    }

    /// `app refresh` or `processing`.
    static func kind(_ kind: BGTaskKind) -> String { kind == .appRefresh ? "app refresh" : "processing" }

    /// A running task's allowance: `running 0:21 left`, `expiring`, or `overdue`.
    static func allowance(_ task: RunningTaskSnapshot, _ c: RenderContext) -> (String, Style) {
        if task.expirationCalled { return ("expiring", c.palette.bad) }
        if task.expiresIn <= 0 { return ("overdue", c.palette.bad) }
        return ("running " + Format.duration(task.expiresIn) + " left", task.expiresIn <= 5 ? c.palette.bad : c.palette.good)
    }

    /// A request's earliest begin date as a countdown: `in 12:30`, `due`, or `any time`.
    static func earliest(_ request: RequestSnapshot, _ c: RenderContext) -> String {
        guard let date = request.request.earliestBeginDate else { return "any time" }
        let left = c.seconds(until: date)
        return left > 0 ? "in " + Format.countdown(left) : "due"
    }

    /// What a processing request needs: `needs network`, `needs power`, `needs net+power`, or a dash.
    static func needs(_ request: BGTaskRequest, _ c: RenderContext) -> String {
        switch (request.requiresNetworkConnectivity, request.requiresExternalPower) {
        case (true, true): "needs net+power"
        case (true, false): "needs network"
        case (false, true): "needs power"
        case (false, false): c.glyphs.dash
        }
    }
}
