import Foundation
import OffstageCore

/// The details of one transfer: every field a view has, then its history (resume history and decision log).
enum TransferDetailsOverlay {
    /// Draws the details of transfer `id` over `screen` (or says that it no longer exists).
    static func draw(id: Int64, in screen: inout Screen, context c: RenderContext) {
        guard let transfer = c.snapshot.transfers.first(where: { $0.id == id }) else {
            OverlayFrame.draw(
                in: &screen, title: "Transfer \(id)", footer: "Esc close",
                lines: [[Span("transfer \(id) no longer exists", c.palette.warn)]], context: c)
            return
        }
        let boxWidth = min(screen.width - 2, 110)
        let inner = boxWidth - 4
        let label = 13
        var lines: [OverlayFrame.Line] = []
        func add(_ name: String, _ value: String, _ style: Style = .plain) {
            lines.append(OverlayFrame.field(name, value, labelWidth: label, style: style, context: c))
        }
        func wrap(_ name: String, _ value: String, _ style: Style = .plain) {
            lines += OverlayFrame.wrappedField(name, value, labelWidth: label, width: inner, style: style, context: c)
        }
        wrap("name", c.safe(transfer.name), c.palette.title)
        if let description = transfer.taskDescription { wrap("description", c.safe(description)) }
        add("kind", transfer.kind == .upload ? "upload" : "download")
        add("session", c.safe(transfer.session) + "  (taskIdentifier \(transfer.taskIdentifier))")
        wrap("URL", c.safe(transfer.url))
        if let effective = transfer.effectiveURL, effective != transfer.url {
            wrap("effective URL", c.safe(effective) + "  (after redirects)")
        }
        let (reason, style) = TransferRow.reason(transfer, c)
        wrap(
            "status",
            reason.hasPrefix(transfer.state.rawValue)
                ? reason : transfer.state.rawValue + " " + c.glyphs.dash + " " + reason, style)
        add("bytes", bytesLine(transfer))
        if transfer.resumedFrom > 0 {
            add(
                "resumed from",
                "byte \(transfer.resumedFrom) (" + Format.bytes(transfer.resumedFrom) + " already there)")
        }
        if let restart = transfer.restart {
            wrap(
                "restarted", "from zero at " + Format.bytes(restart.droppedBytes) + ": " + c.safe(restart.reason),
                c.palette.warn)
        }
        if let speed = transfer.speed {
            add("speed", Format.speed(speed) + (transfer.eta.map { ", ETA " + Format.duration($0) } ?? ""))
        }
        if let extras = transfer.extras { lines += options(extras, label: label, width: inner, context: c) }
        add("attempts", "\(transfer.attempts) failed in a row")
        add(
            "HTTP status",
            transfer.httpStatus.map { ("\($0) " + HTTPStatus.phrase($0)).trimmingCharacters(in: .whitespaces) }
                ?? "none yet")
        add("validator", transfer.validator.map { c.safe($0) } ?? "none")
        if let summary = transfer.responseSummary { wrap("response", c.safe(summary)) }
        if let path = transfer.deliveredPath { wrap("delivered to", c.safe(path), c.palette.good) }
        if transfer.isDiscretionary { add("discretionary", "waits for Wi-Fi and power") }
        if let date = transfer.earliestBeginDate {
            let left = c.seconds(until: date)
            add(
                "earliest",
                Format.clock(date.timeIntervalSince1970)
                    + (left > 0 ? " (in " + Format.countdown(left) + ")" : " (passed)"))
        }
        lines.append([])
        lines.append([Span("History (oldest first)", c.palette.title)])
        let room = max(1, screen.height - 4 - lines.count)
        if transfer.history.isEmpty {
            lines.append([Span("no events about this task yet", c.palette.muted)])
        } else {
            let skipped = max(0, transfer.history.count - room + (transfer.history.count > room ? 1 : 0))
            if skipped > 0 { lines.append([Span(c.glyphs.ellipsis + " \(skipped) earlier lines", c.palette.muted)]) }
            for entry in transfer.history.dropFirst(skipped) {
                let (glyph, style) = EventsPane.mark(entry.kind, c)
                lines.append([
                    Span(Format.clock(entry.time.timeIntervalSince1970) + " ", c.palette.muted),
                    Span(glyph + " ", style),
                    Span(entry.kind.rawValue + " ", style == .plain ? c.palette.muted : style),
                    Span(c.safe(entry.reason)),
                ])
            }
        }
        OverlayFrame.draw(
            in: &screen, title: "Transfer \(transfer.id)", footer: "Esc close", lines: lines, maxWidth: boxWidth,
            context: c)
    }

    /// What the transfer asked for beyond its URL: its limit and the rate it has now, its checksum and where the check
    /// is, its headers (credentials masked: their values never reach a view), and the encoding its body came with.
    static func options(_ extras: TransferExtras, label: Int, width: Int, context c: RenderContext)
        -> [OverlayFrame.Line]
    {
        var lines: [OverlayFrame.Line] = []
        func wrap(_ name: String, _ value: String, _ style: Style = .plain) {
            lines += OverlayFrame.wrappedField(name, value, labelWidth: label, width: width, style: style, context: c)
        }
        if extras.rateLimit != nil || extras.appliedRate != nil {
            let own = extras.rateLimit.map { RateLimit.describe($0) + " (its own)" } ?? "none of its own"
            let now = extras.appliedRate.map { ", at most " + RateLimit.describe($0) + " now" } ?? ""
            wrap("limit", own + now)
        }
        if let checksum = extras.checksum {
            let (state, style): (String, Style) =
                switch extras.checksumState {
                case .verified?: ("verified", c.palette.good)
                case .verifying?: ("verifying", c.palette.info)
                case .mismatch?: ("mismatch: nothing delivered", c.palette.bad)
                case nil: ("checked when the body is complete", c.palette.muted)
                }
            wrap("checksum", c.safe(checksum) + " " + c.glyphs.dash + " " + state, style)
        }
        for (index, header) in extras.headers.enumerated() {
            wrap(index == 0 ? "headers" : "", c.safe(header))
        }
        if extras.compressed || extras.contentEncoding != nil {
            let encoding = extras.contentEncoding.map { c.safe($0) }
            let text: String =
                switch (extras.compressed, encoding) {
                case (true, let name?): name + ", decoded (--compressed)"
                case (true, nil): "asked for compression (--compressed); none so far"
                case (false, let name?): name + "-encoded: saved as the server sent it"
                case (false, nil): ""
                }
            wrap("encoding", text, extras.encodedNote == nil ? .plain : c.palette.warn)
        }
        return lines
    }

    /// `1.2/2.5 GB (47%)`, or `340 KB of an unknown size`.
    static func bytesLine(_ transfer: TransferSnapshot) -> String {
        guard let total = transfer.bytesExpected else { return "\(transfer.bytes) bytes of an unknown size" }
        let percent = transfer.fraction.map { " (" + Format.percent($0) + ")" } ?? ""
        return "\(transfer.bytes) of \(total) bytes, " + Format.bytes(transfer.bytes, of: total) + percent
    }
}
