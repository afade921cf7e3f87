import Foundation
import OffstageCore

/// The details of an Android work request: id, tags, state, attempts, backoff, schedule, stop reason, the reason it
/// waits, and its next run.
enum WorkDetailsOverlay {
    /// Draws the details of work `id` over `screen` (or says it is gone).
    static func draw(id: String, in screen: inout Screen, context c: RenderContext) {
        let work = c.snapshot.android?.work.first { $0.id == id }
        let boxWidth = min(screen.width - 2, 100)
        let label = 14
        var lines: [OverlayFrame.Line] = []
        func add(_ name: String, _ value: String, _ style: Style = .plain) {
            lines += OverlayFrame.wrappedField(
                name, value, labelWidth: label, width: boxWidth - 4, style: style, context: c)
        }
        guard let work else {
            add("id", c.safe(id), c.palette.title)
            lines.append([Span("no longer in WorkManager's database (pruned)", c.palette.warn)])
            OverlayFrame.draw(
                in: &screen, title: "Work request", footer: "Esc close", lines: lines, maxWidth: boxWidth, context: c)
            return
        }
        add("name", c.safe(work.name), c.palette.title)
        add("id", c.safe(work.id))
        add("tags", work.tags.isEmpty ? "none" : work.tags.map(c.safe).joined(separator: ", "))
        add("state", work.state.rawValue, WorkText.style(work.state, c))
        add("schedule", WorkText.scheduleWords(work))
        add("constraints", work.constraints.isEmpty ? "none" : c.safe(work.constraints))
        add("attempts", "runAttemptCount \(work.runAttemptCount)")
        add("backoff", backoff(work, c))
        if work.state == .running {
            if work.foreground {
                add("running", "as a foreground service (setForegroundAsync): no 10-minute limit", c.palette.good)
            } else if let left = WorkText.runLeft(work, c) {
                add(
                    "running",
                    left > 0 ? Format.duration(left) + " left of its 10 minutes" : "past its 10-minute limit",
                    left <= 60 ? c.palette.bad : c.palette.good)
            }
        }
        if let reason = work.reason { add("waiting", c.safe(reason.text(now: c.snapshot.clock.now)), c.palette.warn) }
        if let next = work.nextScheduleAt {
            add("next run", RequestDetailsOverlay.at(next, c))
        } else {
            add(
                "next run",
                work.state.isFinished ? "none: \(work.state.rawValue.lowercased())" : "not scheduled by time")
        }
        add(
            "stop reason", work.stopReason.constantName + " (\(work.stopReason.rawValue))",
            work.stopReason == .notStopped ? c.palette.muted : c.palette.warn)
        OverlayFrame.draw(
            in: &screen, title: "Work request", footer: "Esc close", lines: lines, maxWidth: boxWidth, context: c)
    }

    /// The backoff: `attempt 3 at 22:15:20 (in 2:00)`, or `not backing off`.
    static func backoff(_ work: WorkSnapshot, _ c: RenderContext) -> String {
        guard case .backoff(let until, let attempt) = work.reason else { return "not backing off" }
        return "attempt \(attempt) at " + RequestDetailsOverlay.at(until, c)
    }
}
