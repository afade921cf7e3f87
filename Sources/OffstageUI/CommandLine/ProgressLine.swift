import Foundation
import OffstageCore

/// `get`'s progress line: a pure function of one transfer, the terminal's width, the time and an animation frame.
///
/// On a terminal: `name  47% [████▍     ] 1.2/2.5 GB  12.4 MB/s  ETA 0:29`, never wider than `width` display
/// columns (the bar shrinks first, then the name, then the details, then the line is cut with `…`). An unknown size
/// draws a moving block and no percentage. Off a terminal: the same facts as one plain line, no bar.
public enum ProgressLine {
    /// The widest the name gets while the bar still has room.
    static let nameLimit = 32
    /// The narrowest bar worth drawing (brackets included).
    static let barMinimum = 7

    /// The terminal line for `transfer` at `now`, at most `width` columns (`stalled 30 s` when the engine says it
    /// received under 1 kB in its stall window).
    public static func render(_ transfer: TransferSnapshot, width: Int, now: Date, frame: Int) -> String {
        guard width > 0 else { return "" }
        let name = TransferDaemon.printable(transfer.name)
        let percent = transfer.bytesExpected == nil ? "" : Format.percent(transfer.fraction ?? 0)
        let percentWidth = percent.isEmpty ? 0 : 5
        let facts = details(transfer, now: now)
        // Running: the bytes (and a stall) stay, speed, ETA and resumed bytes give way. Not running: why stays,
        // and the bytes give way.
        let stall = facts.reason.map { [$0] } ?? []
        var essential = transfer.status == .running ? [facts.bytes] + stall : [facts.reason ?? ""]
        let optional = transfer.status == .running ? facts.extras : [facts.bytes]
        if case .retrying(let next, let attempt, let maxAttempts, let lastError) = transfer.status {
            // A long error gives way so that the attempt and its countdown stay on the line.
            let countdown = TransferWords.attempt(attempt, of: maxAttempts, next: next, now: now)
            let room = width - 2 - percentWidth - min(8, DisplayWidth.of(name)) - DisplayWidth.of(countdown) - 2
            let error = TransferDaemon.printable(lastError.isEmpty ? "failed" : lastError)
            if DisplayWidth.of(error) > room {
                essential = [room >= 6 ? TextFit.truncate(error, to: room) + ", " + countdown : countdown]
            }
        }
        let nameWant = min(DisplayWidth.of(name), nameLimit)
        var extra = optional
        func info() -> String { (essential + extra).filter { !$0.isEmpty }.joined(separator: "  ") }
        // Optional details go first (the last first) until the essentials, a short name and a bar fit.
        while !extra.isEmpty, DisplayWidth.of(info()) + percentWidth + 3 + min(8, nameWant) + barMinimum > width {
            extra.removeLast()
        }
        let details = info()
        // Columns for the name and the bar (with its space): the rest after the percentage and the details.
        let available = width - 2 - percentWidth - DisplayWidth.of(details)
        var barWidth = 0
        let shownName: String
        // An unknown size that does not move has nothing to draw: no bar at all.
        let drawsBar = transfer.fraction != nil || transfer.status == .running
        if !drawsBar {
            shownName = TextFit.truncate(name, to: max(min(nameWant, 8), min(nameWant, available)))
        } else if available - nameWant - 1 >= barMinimum {
            barWidth = available - nameWant - 1
            shownName = TextFit.pad(name, to: nameWant)
        } else if available - min(nameWant, 8) - 1 >= barMinimum {
            barWidth = barMinimum
            shownName = TextFit.pad(name, to: available - barMinimum - 1)
        } else {
            // No room for a bar: the name keeps a few columns, and the end of the details is cut instead.
            shownName = TextFit.truncate(name, to: max(min(nameWant, 8), min(nameWant, available)))
        }
        var line = shownName + "  "
        if !percent.isEmpty { line += TextFit.padLeft(percent, to: 4) + " " }
        if barWidth > 0 { line += bar(transfer, width: barWidth, frame: frame, now: now) + " " }
        line += details
        return TextFit.truncate(line, to: width)
    }

    /// The plain line for a log or a pipe: `name running 47% 1.2/2.5 GB 12.4 MB/s ETA 0:29`, no bar, no escapes.
    public static func plain(_ transfer: TransferSnapshot, now: Date) -> String {
        var pieces = [TransferDaemon.printable(transfer.name), TransferWords.state(transfer)]
        if transfer.bytesExpected != nil { pieces.append(Format.percent(transfer.fraction ?? 0)) }
        let facts = details(transfer, now: now)
        pieces += ([facts.bytes] + (facts.reason.map { [$0] } ?? []) + facts.extras).filter { !$0.isEmpty }
        return pieces.joined(separator: " ")
    }

    /// The line said once when a download starts again from zero, above the meter: `big.bin: the file changed on
    /// the server (ETag "a" → "b"): starting again from zero (50.3 MB dropped)`; nil when it never did.
    public static func restartNotice(_ transfer: TransferSnapshot) -> String? {
        guard let restart = transfer.restart else { return nil }
        let dropped = restart.droppedBytes > 0 ? " (\(Format.bytes(restart.droppedBytes)) dropped)" : ""
        return TransferDaemon.printable(transfer.name) + ": " + TransferDaemon.printable(restart.reason)
            + ": starting again from zero" + dropped
    }

    /// The last line once the transfer has ended: `name  100% 2.5 GB in 1:02 (40.3 MB/s)`, or where it stopped;
    /// a download that started again from zero on the way says so and why.
    public static func final(_ transfer: TransferSnapshot, elapsed: Double?) -> String {
        let restart = transfer.restart.map { ", started again from zero: " + TransferDaemon.printable($0.reason) } ?? ""
        return ended(transfer, elapsed: elapsed) + restart
    }

    /// How it ended, without the restart.
    private static func ended(_ transfer: TransferSnapshot, elapsed: Double?) -> String {
        let name = TransferDaemon.printable(transfer.name)
        switch transfer.state {
        case .completed:
            var line = "\(name)  100% \(Format.bytes(transfer.bytes))"
            if let elapsed, elapsed > 0 {
                let new = Double(max(0, transfer.bytes - transfer.resumedFrom))
                line += " in \(Format.elapsed(elapsed)) (\(Format.speed(new / elapsed)))"
            }
            if transfer.resumedFrom > 0 { line += ", resumed from \(Format.bytes(transfer.resumedFrom))" }
            // Saved as the server sent it (no `--compressed`): said here as `ls` says it.
            if let encoded = transfer.extras?.encodedNote { line += ", " + TransferDaemon.printable(encoded) }
            return line
        case .failed where transfer.extras?.checksumState == .mismatch:
            // The whole body came and was removed: "failed at 0" would say it failed before any byte.
            return "\(name)  failed: checksum mismatch; nothing kept"
        case .failed, .cancelled:
            return "\(name)  \(transfer.state.rawValue) at \(amount(transfer))"
        default:
            // Interrupted (a signal) or paused by a full disk: where it stopped, to resume from.
            return "\(name)  stopped at \(amount(transfer))"
        }
    }

    /// `1.2/2.5 GB`, or `340 KB` when the size is unknown.
    static func amount(_ transfer: TransferSnapshot) -> String {
        transfer.bytesExpected.map { Format.bytes(transfer.bytes, of: $0) } ?? Format.bytes(transfer.bytes)
    }

    /// What the line says after the bar.
    struct Facts {
        /// `1.2/2.5 GB`, or `340 KB` when the size is unknown.
        var bytes: String
        /// Why it does not move (a wait, a retry, `stalled 5 s`), or nil while it moves or once it is delivered.
        var reason: String?
        /// Speed, ETA and resumed bytes while it moves, most important first.
        var extras: [String] = []
    }

    /// The facts of `transfer` at `now`.
    static func details(_ transfer: TransferSnapshot, now: Date) -> Facts {
        var facts = Facts(bytes: amount(transfer))
        guard transfer.status == .running else {
            if transfer.status != .completed {
                facts.reason = TransferWords.reason(transfer, now: now) ?? TransferWords.state(transfer)
            }
            return facts
        }
        if let stalled = transfer.stalledFor(now: now) {
            facts.reason = Format.stalled(stalled)
            return facts
        }
        facts.extras.append(transfer.speed.map(Format.speed) ?? "")
        if transfer.bytesExpected != nil, let eta = transfer.eta { facts.extras.append("ETA " + Format.duration(eta)) }
        if transfer.resumedFrom > 0 { facts.extras.append("resumed from " + Format.bytes(transfer.resumedFrom)) }
        return facts
    }

    /// `[████▍     ]` in eighth blocks, or a moving block when the size is unknown (an empty track while stalled).
    static func bar(_ transfer: TransferSnapshot, width: Int, frame: Int, now: Date) -> String {
        let inner = max(1, width - 2)
        let glyphs = Glyphs(unicode: true)
        let palette = Palette(colors: 0)
        let spans: [Span]
        if let fraction = transfer.fraction {
            let resumed = transfer.bytesExpected.map { $0 > 0 ? Double(transfer.resumedFrom) / Double($0) : 0 } ?? 0
            spans = ProgressBar.determinate(
                fraction: fraction, resumed: resumed, width: inner, glyphs: glyphs, palette: palette)
        } else if transfer.status == .running, transfer.stalledSince == nil {
            spans = ProgressBar.indeterminate(frame: frame, width: inner, glyphs: glyphs, palette: palette)
        } else {
            spans = [Span(String(repeating: " ", count: inner), palette.barTrack)]
        }
        return "[" + spans.map(\.text).joined() + "]"
    }
}
