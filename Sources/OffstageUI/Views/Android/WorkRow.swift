import Foundation
import OffstageCore

/// One Android work request's row in the scheduled pane, in the iOS rows' columns: name, schedule, state with its
/// countdown, constraints (when there is room), and why it waits or how it ended.
enum WorkRow {
    /// The spans of `work`'s row after the glyph, in `columns`.
    static func spans(_ work: WorkSnapshot, columns: ScheduledPane.Columns, context c: RenderContext) -> [Span] {
        var spans: [Span] = [WorkText.glyph(work.state, c), Span(" ")]
        spans.append(Span(c.pad(c.safe(work.name), columns.ident) + " ", c.palette.title))
        if columns.wide { spans.append(Span(c.pad(WorkText.schedule(work), 11) + " ")) }
        spans.append(Span(c.pad(when(work, wide: columns.wide, c), columns.when) + " ", WorkText.style(work.state, c)))
        if columns.needsColumn {
            let constraints = work.constraints.isEmpty ? c.glyphs.dash : c.safe(work.constraints)
            spans.append(Span(c.pad(constraints, 15) + " ", c.palette.muted))
        }
        spans += detail(work, columns: columns, c)
        return spans
    }

    /// The state column: `ENQUEUED in 12:30`, `RUNNING 9:12 left`, `BLOCKED`; the state alone when narrow.
    static func when(_ work: WorkSnapshot, wide: Bool, _ c: RenderContext) -> String {
        let state = work.state.rawValue
        guard wide else { return state }
        if let left = WorkText.runLeft(work, c) { return state + " " + WorkText.compact(left) + " left" }
        if work.state == .enqueued, let next = work.nextScheduleAt, c.seconds(until: next) > 0 {
            return state + " in " + WorkText.compact(c.seconds(until: next))
        }
        return state
    }

    /// What follows the columns: the reason it waits, the running worker's limit, or how it ended; then attempts.
    static func detail(_ work: WorkSnapshot, columns: ScheduledPane.Columns, _ c: RenderContext) -> [Span] {
        var spans: [Span] = []
        switch work.state {
        case .enqueued, .blocked:
            let reason = work.reason.map { c.safe($0.text(now: c.snapshot.clock.now)) } ?? "no reason given"
            spans.append(Span(reason, c.palette.warn))
        case .running:
            if work.foreground {
                spans.append(Span("foreground, no time limit", c.palette.good))
            } else if let left = WorkText.runLeft(work, c), let deadline = work.runDeadline {
                let text =
                    left <= 0
                    ? "past its 10-minute limit: the system stops it"
                    : columns.wide
                        ? "10-min limit " + Format.clock(deadline.timeIntervalSince1970)
                        : Format.duration(left) + " left of 10:00"
                spans.append(Span(text, left <= 60 ? c.palette.bad : c.palette.muted))
            } else {
                spans.append(Span("running", c.palette.good))
            }
            if work.expedited { spans.append(Span(" (expedited)", c.palette.muted)) }
        case .succeeded, .failed, .cancelled:
            if work.stopReason != .notStopped {
                spans.append(Span("stopped: " + work.stopReason.constantName, c.palette.muted))
            }
        }
        if work.runAttemptCount > 0, !isBackoff(work.reason) {
            let lead = spans.isEmpty ? "" : " " + c.glyphs.dot + " "
            spans.append(Span(lead + WorkText.attempts(work.runAttemptCount), c.palette.muted))
        }
        return spans
    }

    /// Whether the reason is a backoff (which already names the attempt).
    static func isBackoff(_ reason: WorkWaitReason?) -> Bool {
        if case .backoff = reason { return true }
        return false
    }
}
