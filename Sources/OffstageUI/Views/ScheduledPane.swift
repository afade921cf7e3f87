import Foundation
import OffstageCore

/// The scheduled pane: running BG tasks with their remaining allowance, then pending requests with why they wait,
/// then Android work (when the profile includes Android), each row tagged with its platform when both run.
enum ScheduledPane {
    /// The columns of the pane's rows at one width, shared by iOS and Android rows so they line up.
    struct Columns {
        /// The platform tag's width with its gap (0: one platform, no tag).
        let tag: Int
        /// The identifier or name column.
        let ident: Int
        /// Whether the kind (schedule) column shows.
        let wide: Bool
        /// Whether the needs (constraints) column shows.
        let needsColumn: Bool
        /// The earliest-date (state) column.
        let when: Int

        /// The columns for rows `width` wide, with a tag when both platforms show.
        init(width: Int, tagged: Bool) {
            tag = tagged ? (width >= 100 ? 8 : 4) : 0
            let rest = width - tag
            ident = min(36, max(10, rest / 4))
            wide = rest >= 70
            needsColumn = rest >= 100
            when = wide ? 17 : 11
        }
    }

    /// Draws the pane at `pane`.
    static func draw(
        in screen: inout Screen, pane: DashboardLayout.Pane, content: DashboardContent, context c: RenderContext
    ) {
        let width = screen.width
        let focused = c.state.focus == .scheduled
        let window = pane.window
        let platform = c.snapshot.platform
        var info: [String] = []
        if platform.includesAndroid, let android = c.snapshot.android {
            info.append("\(android.device.expeditedQuotaLeft) expedited left")
            info.append(WorkText.gate(android.device.gate, c))
        }
        if platform.includesIOS { info.append(budget(c)) }
        if let filter = c.state.filters[.scheduled], !filter.isEmpty {
            info.append("filter “" + c.fit(c.safe(filter), 20) + "”")
        }
        if window.hidden > 0 { info.append("+\(window.hidden) more") }
        Box.paneTitle(
            in: &screen, row: pane.titleRow, width: width, title: "Scheduled",
            info: info, focused: focused, glyphs: c.glyphs, palette: c.palette)
        let area = pane.content
        guard area.height > 0 else { return }
        if content.scheduled.isEmpty {
            screen.put(c.fit(emptyText(c), width - 2), x: 1, y: area.y, style: c.palette.muted)
            return
        }
        let columns = Columns(width: width - 2, tagged: platform == .both)
        let selected = c.state.selectedScheduled
        for (offset, row) in window.range.enumerated() {
            let y = area.y + offset
            let item = content.scheduled[row]
            screen.draw(
                spans(item, columns: columns, context: c), x: 1, y: y, limit: width - 2, ellipsis: c.glyphs.ellipsis)
            if focused, let selected, content.key(of: item, in: c.snapshot) == selected {
                screen.restyle(x: 0, y: y, count: width, c.palette.selected)
            }
        }
    }

    /// What the pane says when it lists nothing.
    static func emptyText(_ c: RenderContext) -> String {
        let snapshot = c.snapshot
        let filtered = !(c.state.filters[.scheduled] ?? "").isEmpty
        let hasRows =
            !snapshot.requests.isEmpty || !snapshot.runningTasks.isEmpty || !(snapshot.android?.work.isEmpty ?? true)
        if filtered, hasRows {
            let noun = snapshot.platform == .ios ? "request" : "row"
            return "no \(noun) matches the filter " + c.glyphs.dash + " press / to change it"
        }
        switch snapshot.platform {
        case .ios: return "no BG task requests " + c.glyphs.dash + " press s to schedule one"
        case .android: return "no work requests " + c.glyphs.dash + " offstage work enqueue NAME adds one"
        case .both: return "no BG task requests or work " + c.glyphs.dash + " s schedules an iOS request"
        }
    }

    /// The app's background budget as `BG credits ▮▮▮▯▯ 3/5`: the credits left of the most it holds, which BG
    /// launches spend (`budget ▮▮▮▮▮ 2.1/2.1` did not say what it counted).
    static func budget(_ c: RenderContext) -> String {
        let budget = c.snapshot.app.budget
        guard budget.maximum > 0 else { return "BG credits none" }
        let cells = 5
        let held = min(cells, max(0, Int((budget.credits / budget.maximum * Double(cells)).rounded())))
        let meter =
            String(repeating: c.glyphs.creditFull, count: held)
            + String(repeating: c.glyphs.creditEmpty, count: cells - held)
        return "BG credits " + meter + " " + number(budget.credits) + "/" + number(budget.maximum)
    }

    /// `3`, or `2.5` for a fraction.
    private static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(abs(tenths % 10))"
    }

    /// The spans of one scheduled row in `columns`, with its platform tag first when both platforms show.
    static func spans(_ row: DashboardContent.ScheduledRow, columns: Columns, context c: RenderContext) -> [Span] {
        let identWidth = columns.ident
        let wide = columns.wide
        let needsColumn = columns.needsColumn
        let whenWidth = columns.when
        var spans: [Span] = []
        if columns.tag > 0 {
            let android: Bool
            if case .work = row { android = true } else { android = false }
            let word = android ? (columns.tag >= 8 ? "Android" : "And") : "iOS"
            spans.append(Span(c.pad(word, columns.tag - 1) + " ", android ? c.palette.info : c.palette.muted))
        }
        switch row {
        case .work(let index):
            guard let work = c.snapshot.android?.work[index] else { return spans }
            spans += WorkRow.spans(work, columns: columns, context: c)
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
            spans.append(
                penalised ? Span(c.glyphs.warning + " ", c.palette.bad) : Span(c.glyphs.waiting + " ", c.palette.muted))
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
        return (
            "running " + Format.duration(task.expiresIn) + " left", task.expiresIn <= 5 ? c.palette.bad : c.palette.good
        )
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
