import Foundation
import OffstageClock
import OffstageCore
import OffstageRuntime
import OffstageUI

/// `get`'s progress on stderr: on a terminal a bar redrawn in place (`\r`, then clear to the end of the line) at
/// most ten times a second, fitted to the terminal's width on every redraw; elsewhere plain lines, at most one a
/// second or when the state changes. A timer redraws between snapshots so the animation, countdowns and "stalled"
/// move while no snapshot comes.
final class ProgressMeter: @unchecked Sendable {
    // Safety: every mutable property below is read and written only while holding `lock` (the runtime's loop
    // thread calls `show`, the timer's queue calls `tick`, the command's thread calls `finish`).
    private let lock = NSLock()
    private var pacer: ProgressPacer
    private var transfer: TransferSnapshot?
    /// The snapshot's clock reading, and the steady time it was received (the engine's now moves on from it).
    private var received: (engine: Date, steady: Double) = (.distantPast, 0)
    private var started: Double?
    /// When the restart last announced happened (a new one is said once, above the meter).
    private var announcedRestart: Date?
    private var finished = false
    private var timer: (any DispatchSourceTimer)?
    /// How it draws: `terminal` (bar, in place), `plain` (lines) or `off` (`--quiet`).
    let mode: Mode
    /// The task it shows.
    private let id: Int64

    /// How the meter draws.
    enum Mode {
        /// A bar redrawn in place on a terminal.
        case terminal
        /// Plain lines for a pipe or a file.
        case plain
        /// Nothing.
        case off

        /// In place when standard error is a terminal that can clear a line (not `TERM=dumb` or unset), else lines.
        static func forStandardError(environment: [String: String] = ProcessInfo.processInfo.environment) -> Mode {
            let type = environment["TERM"] ?? ""
            return isatty(STDERR_FILENO) == 1 && !type.isEmpty && type != "dumb" ? .terminal : .plain
        }
    }

    /// A meter for task `id`, in `mode`.
    init(mode: Mode, id: Int64) {
        self.mode = mode
        self.id = id
        pacer = ProgressPacer(interval: mode == .terminal ? 0.1 : 1, drawOnChange: mode == .plain)
    }

    /// Starts the redraw timer (terminal only).
    func start() {
        guard mode == .terminal else { return }
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "offstage.progress"))
        source.schedule(deadline: .now() + 0.1, repeating: 0.1)
        source.setEventHandler { [weak self] in self?.tick() }
        lock.withLock { timer = source }
        source.resume()
    }

    /// Takes task `id`'s reading from a published snapshot and draws if due.
    func show(_ snapshot: Snapshot) {
        guard mode != .off, let transfer = snapshot.transfers.first(where: { $0.id == id }) else { return }
        lock.withLock {
            self.transfer = transfer
            received = (snapshot.clock.now, SystemTimeSource().steady())
            if started == nil, transfer.status == .running { started = received.steady }
            drawLocked()
        }
    }

    /// A redraw between snapshots.
    private func tick() {
        lock.withLock { drawLocked() }
    }

    /// The engine's time now: the last snapshot's clock plus the steady time since it came.
    private func engineNowLocked() -> Date {
        received.engine.addingTimeInterval(SystemTimeSource().steady() - received.steady)
    }

    /// Draws the current reading if the pacer says so.
    private func drawLocked() {
        // An ended transfer gets its final line from `finish`, not a progress line before it.
        guard !finished, let transfer else { return }
        announceRestartLocked(transfer)
        guard mode == .terminal || !transfer.state.isTerminal else { return }
        let now = engineNowLocked()
        guard pacer.shouldDraw(transfer, now: now) else { return }
        switch mode {
        case .terminal:
            // One column spare: writing the last column makes some terminals wrap before the `\r`.
            let width = max(10, TerminalWidth.current(fd: STDERR_FILENO) - 1)
            let line = ProgressLine.render(transfer, width: width, now: now, frame: pacer.frame)
            StandardStreams.error("\r\(line)\u{1B}[K")
        case .plain:
            StandardStreams.error(ProgressLine.plain(transfer, now: now) + "\n")
        case .off:
            return
        }
    }

    /// Says a new restart from zero once, on a line of its own above the meter (it stays in the scrollback).
    private func announceRestartLocked(_ transfer: TransferSnapshot) {
        guard let restart = transfer.restart, restart.at != announcedRestart,
            let notice = ProgressLine.restartNotice(transfer)
        else { return }
        announcedRestart = restart.at
        switch mode {
        case .terminal:
            let width = max(10, TerminalWidth.current(fd: STDERR_FILENO) - 1)
            StandardStreams.error("\r\(TextFit.truncate(notice, to: width))\u{1B}[K\n")
        case .plain:
            StandardStreams.error(notice + "\n")
        case .off:
            return
        }
    }

    /// Stops the timer and writes the final line (done, failed or where it stopped).
    func finish() {
        lock.withLock {
            timer?.cancel()
            timer = nil
            // A timer event already queued must not draw after the final line.
            finished = true
            guard mode != .off, let transfer else { return }
            announceRestartLocked(transfer)
            let elapsed = started.map { SystemTimeSource().steady() - $0 }
            let line = ProgressLine.final(transfer, elapsed: elapsed)
            switch mode {
            case .terminal:
                let width = max(10, TerminalWidth.current(fd: STDERR_FILENO) - 1)
                StandardStreams.error("\r\(TextFit.truncate(line, to: width))\u{1B}[K\n")
            case .plain:
                StandardStreams.error(line + "\n")
            case .off:
                return
            }
        }
    }
}

/// The width of the terminal on a file descriptor: `TIOCGWINSZ`, else `$COLUMNS`, else 80.
enum TerminalWidth {
    /// The columns now (read again on every call: the window may have been resized).
    static func current(fd: Int32) -> Int {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let text = ProcessInfo.processInfo.environment["COLUMNS"], let columns = Int(text), columns > 0,
            columns < 10_000
        {
            return columns
        }
        return 80
    }

    /// The width to fit lines to on stdout: the terminal's when stdout is one, nil (full lines) otherwise.
    static func stdout() -> Int? {
        isatty(STDOUT_FILENO) == 1 ? current(fd: STDOUT_FILENO) : nil
    }
}
