import Foundation
import OffstageCore

/// The details of a BG task request (and of the task running under the same identifier, if any).
enum RequestDetailsOverlay {
    /// Draws the details of `identifier` over `screen` (or says it is neither pending nor running).
    static func draw(identifier: String, in screen: inout Screen, context c: RenderContext) {
        let request = c.snapshot.requests.first { $0.id == identifier }
        let running = c.snapshot.runningTasks.first { $0.identifier == identifier }
        let boxWidth = min(screen.width - 2, 100)
        let label = 14
        var lines: [OverlayFrame.Line] = []
        func add(_ name: String, _ value: String, _ style: Style = .plain) {
            lines += OverlayFrame.wrappedField(name, value, labelWidth: label, width: boxWidth - 4, style: style, context: c)
        }
        add("identifier", c.safe(identifier), c.palette.title)
        if let request {
            add("kind", ScheduledPane.kind(request.request.kind))
            add("submitted", at(request.submittedAt, c))
            if let date = request.request.earliestBeginDate {
                add("earliest", at(date, c))
            } else {
                add("earliest", "no earliest begin date")
            }
            if request.request.kind == .processing {
                add("network", request.request.requiresNetworkConnectivity ? "required" : "not required")
                add("power", request.request.requiresExternalPower ? "external power required" : "not required")
            }
            add("waiting", c.safe(request.reasonText), c.palette.warn)
            if let until = request.penalisedUntil {
                let left = c.seconds(until: until)
                add("penalty", left > 0 ? "penalised until " + at(until, c) : "penalty over (" + at(until, c) + ")", left > 0 ? c.palette.bad : c.palette.muted)
            } else {
                add("penalty", "none")
            }
            if !request.decisions.isEmpty {
                lines.append([])
                lines.append([Span("Decision log (newest last)", c.palette.title)])
                for decision in request.decisions {
                    lines += OverlayFrame.wrappedField("", c.safe(decision), labelWidth: 0, width: boxWidth - 4, context: c)
                }
            }
        } else if running == nil {
            lines.append([Span("no longer pending or running", c.palette.warn)])
        } else {
            lines.append([Span("not pending (a new request has not been submitted)", c.palette.muted)])
        }
        if let running {
            lines.append([])
            lines.append([Span("Running now", c.palette.title)])
            add("kind", ScheduledPane.kind(running.kind))
            add("launched", at(running.launchedAt, c) + (running.simulated ? " (simulated launch)" : ""))
            let (allowance, style) = ScheduledPane.allowance(running, c)
            add("allowance", allowance, style)
            add("expiration", running.expirationCalled ? "handler called" : "in " + Format.countdown(running.expiresIn))
            add("watchdog", "kills the app in " + Format.countdown(running.deadlineIn) + " without setTaskCompleted")
        }
        OverlayFrame.draw(in: &screen, title: "BG task request", footer: "Esc close", lines: lines, maxWidth: boxWidth, context: c)
    }

    /// `14:03:22 (in 0:30)` or `14:02:10 (1:12 ago)`.
    static func at(_ date: Date, _ c: RenderContext) -> String {
        let delta = c.seconds(until: date)
        let relative =
            abs(delta) < 0.5 ? "now" : (delta > 0 ? "in " + Format.countdown(delta) : Format.countdown(-delta) + " ago")
        return Format.clock(date.timeIntervalSince1970) + " (" + relative + ")"
    }
}
