import Foundation
import OffstageCore

/// One transfer's line: state glyph, name, upload mark, then a bar with its numbers, or the reason it is not running.
enum TransferRow {
    /// The widths of the numbers after a running transfer's bar.
    private enum Slot {
        static let percent = 4
        static let bytes = 14
        static let speed = 10
        static let eta = 12
        /// The narrowest bar worth drawing beside numbers.
        static let minimumBar = 10
    }

    /// The spans of `transfer`'s row, `width` columns wide.
    static func spans(_ transfer: TransferSnapshot, width: Int, context c: RenderContext) -> [Span] {
        layout(transfer, width: width, context: c).spans
    }

    /// The spans of `transfer`'s row, `width` columns wide, and the columns its bar takes (counted from the row's
    /// first; nil: no bar), which a selected row leaves as they are.
    static func layout(
        _ transfer: TransferSnapshot, width: Int, context c: RenderContext
    ) -> (spans: [Span], bar: Range<Int>?) {
        let nameWidth = min(40, max(8, width / 4))
        let (glyph, glyphStyle) = self.glyph(transfer.status, c)
        var spans = [Span(glyph, glyphStyle), Span(" ")]
        spans.append(Span(c.pad(c.safe(transfer.name), nameWidth)))
        spans.append(transfer.kind == .upload ? Span(" " + c.glyphs.upload + " ", c.palette.info) : Span("   "))
        let rest = width - 2 - nameWidth - 3
        guard rest > 0 else { return (spans, nil) }
        if case .running = transfer.status {
            let (numbers, barWidth) = running(transfer, width: rest, c)
            let start = 2 + nameWidth + 3
            return (spans + numbers, barWidth > 0 ? start..<(start + barWidth) : nil)
        }
        return (spans + stopped(transfer, width: rest, c), nil)
    }

    /// The state glyph and its style.
    static func glyph(_ status: TransferStatus, _ c: RenderContext) -> (String, Style) {
        switch status {
        case .running: (c.glyphs.running, c.palette.good)
        case .waiting, .earliestBegin: (c.glyphs.waiting, c.palette.muted)
        case .retrying: (c.glyphs.retrying, c.palette.warn)
        case .paused: (c.glyphs.paused, c.palette.warn)
        case .finishing: (c.glyphs.finishing, c.palette.info)
        case .completed: (c.glyphs.completed, c.palette.good)
        case .failed: (c.glyphs.failed, c.palette.bad)
        case .cancelled: (c.glyphs.failed, c.palette.muted)
        case .interrupted: (c.glyphs.interrupted, c.palette.warn)
        }
    }

    /// Why a transfer is not running, in words (escaped).
    static func reason(_ transfer: TransferSnapshot, _ c: RenderContext) -> (String, Style) {
        switch transfer.status {
        case .running:
            guard let since = transfer.stalledSince else { return ("running", c.palette.good) }
            return ("running, " + Format.stalled(-c.seconds(until: since)), c.palette.warn)
        case .waiting(let why): return ("waiting: " + c.safe(why), c.palette.muted)
        case .earliestBegin(let date):
            let left = c.seconds(until: date)
            return (left > 0 ? "earliest in " + Format.countdown(left) : "earliest begin date reached", c.palette.muted)
        case .retrying(let next, let attempt, let maxAttempts, let lastError):
            var text = "retry"
            if let next {
                let left = c.seconds(until: next)
                text += left > 0 ? " in " + Format.countdown(left) : " now"
            }
            text += " (attempt \(attempt) of \(maxAttempts)): " + c.safe(lastError)
            return (text, c.palette.warn)
        case .paused(let why): return (why.map { "paused: " + c.safe($0) } ?? "paused", c.palette.warn)
        case .finishing(let why):
            return (why.map { "finishing: " + c.safe($0) } ?? "finishing: delivering", c.palette.info)
        case .completed:
            let status = transfer.kind == .upload ? (transfer.httpStatus.map { ": " + HTTPStatus.text($0) } ?? "") : ""
            return ("completed" + status, c.palette.good)
        case .failed(let why): return ("failed: " + c.safe(why), c.palette.bad)
        case .cancelled(let why): return (why.map { "cancelled: " + c.safe($0) } ?? "cancelled", c.palette.muted)
        case .interrupted: return ("interrupted: resumes when offstage runs", c.palette.warn)
        }
    }

    /// The bytes as `1.2/2.5 GB`, or `340 KB` when the total is unknown, or nothing before the first byte.
    static func bytes(_ transfer: TransferSnapshot) -> String {
        if let total = transfer.bytesExpected { return Format.bytes(transfer.bytes, of: total) }
        return transfer.bytes > 0 ? Format.bytes(transfer.bytes) : ""
    }

    /// A running transfer: the bar, then percent, bytes, speed and ETA as far as they fit; and the bar's width.
    private static func running(_ transfer: TransferSnapshot, width: Int, _ c: RenderContext) -> ([Span], Int) {
        let known = transfer.fraction
        var slots: [(String, Int)] = []
        slots.append((known.map(Format.percent) ?? "", Slot.percent))
        slots.append((bytes(transfer), Slot.bytes))
        slots.append((transfer.speed.map(Format.speed) ?? "", Slot.speed))
        let stalled = transfer.stalledSince.map { Format.stalled(-c.seconds(until: $0)) }
        let eta = stalled ?? (known == nil ? "size unknown" : (transfer.eta.map { "ETA " + Format.duration($0) } ?? ""))
        slots.append((eta, Slot.eta))
        func numbersWidth() -> Int { slots.reduce(0) { $0 + $1.1 + 1 } }
        while slots.count > 1, width - numbersWidth() < Slot.minimumBar { slots.removeLast() }
        if width - numbersWidth() < Slot.minimumBar / 2 { slots.removeAll() }
        let barWidth = max(0, width - numbersWidth())
        var spans: [Span]
        if let fraction = known, let total = transfer.bytesExpected, total > 0 {
            let resumed = Double(min(transfer.resumedFrom, total)) / Double(total)
            spans = ProgressBar.determinate(
                fraction: fraction, resumed: resumed, width: barWidth, glyphs: c.glyphs, palette: c.palette)
        } else {
            spans = ProgressBar.indeterminate(
                frame: c.state.animationFrame, width: barWidth, glyphs: c.glyphs, palette: c.palette)
        }
        for (index, slot) in slots.enumerated() {
            let text = index == slots.count - 1 ? TextFit.pad(slot.0, to: slot.1) : TextFit.padLeft(slot.0, to: slot.1)
            spans.append(Span(" " + text, index == 0 ? c.palette.title : c.palette.plain))
        }
        return (spans, barWidth)
    }

    /// A transfer that is not running: its reason, and its bytes at the right when there is room.
    private static func stopped(_ transfer: TransferSnapshot, width: Int, _ c: RenderContext) -> [Span] {
        let (text, style) = reason(transfer, c)
        let amount = bytes(transfer)
        if !amount.isEmpty, width >= 40, DisplayWidth.of(text) <= width - Slot.bytes - 1 {
            let reasonWidth = width - Slot.bytes - 1
            return [
                Span(c.pad(text, reasonWidth), style),
                Span(" " + TextFit.padLeft(amount, to: Slot.bytes), c.palette.muted),
            ]
        }
        return [Span(c.fit(text, width), style)]
    }
}
