import CNCurses
import Glibc
import OffstageSignals
import OffstageUI

extension NCursesTerminal {
    /// The inputs that arrived, waiting (in `poll`, no busy loop) at most `timeout` seconds for the first one, or
    /// until `wake()`; nil waits without limit. Signals are handled here too (see the type's documentation).
    public func readInputs(timeout: Double?) -> [TerminalInput] {
        var batch = collect()
        if !batch.inputs.isEmpty || batch.woke { return batch.inputs }
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now.advanced(by: .milliseconds(Int64((max(0, $0) * 1000).rounded(.up)))) }
        while true {
            var descriptors = [pollfd(fd: SignalTrap.readDescriptor, events: Int16(POLLIN), revents: 0)]
            if isOpen, !inputGone {
                descriptors.append(pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let wait = deadline.map { Self.milliseconds(until: $0, clock: clock) } ?? -1
            let ready = poll(&descriptors, nfds_t(descriptors.count), wait)
            if ready < 0, errno != EINTR { return [] }
            if descriptors.count > 1, descriptors[1].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                inputGone = true  // the terminal is gone: poll only the pipe from now on (what was typed is read below)
                report(SIGHUP)
            }
            batch = collect()
            if !batch.inputs.isEmpty || batch.woke { return batch.inputs }
            if let deadline, clock.now >= deadline { return [] }
            // Input that made no whole key yet (half an escape sequence, a mouse release), or another signal:
            // wait again for what is left of the time.
        }
    }

    /// The milliseconds from now to `deadline` for `poll` (0 once past, rounded up so a wait never ends early).
    static func milliseconds(until deadline: ContinuousClock.Instant, clock: ContinuousClock) -> Int32 {
        let left = clock.now.duration(to: deadline)
        if left <= .zero { return 0 }
        let parts = left.components
        let milliseconds = parts.seconds * 1000 + (parts.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// Handles what the signal handlers noted, then reads every key ncurses has; whether the pipe held a wake.
    func collect() -> (inputs: [TerminalInput], woke: Bool) {
        let woke = SignalTrap.drain()
        var inputs: [TerminalInput] = []
        if SignalTrap.take(SIGTSTP) {
            suspend()
            _ = SignalTrap.take(SIGCONT)
            inputs += resume()
        }
        if SignalTrap.take(SIGCONT) { inputs += resume() }
        _ = SignalTrap.take(SIGWINCH)  // ncurses' own handler, chained, turns it into KEY_RESIZE
        if isOpen { inputs += readKeys() }
        for signal in SignalTrap.reported where SignalTrap.take(signal) { report(signal) }
        return (inputs, woke)
    }

    /// Everything ncurses can decode now, without waiting (the window is in `nodelay` mode), at most 4096 keys or
    /// pasted characters per call: a long paste comes in pieces, with keys and frames between them.
    func readKeys() -> [TerminalInput] {
        var inputs: [TerminalInput] = []
        let window = offstage_stdscr()
        for _ in 0..<4096 {
            var value: wint_t = 0
            let status = wget_wch(window, &value)
            if status == offstage_err() { break }
            let decoded = KeyDecoder.decode(status: status, value: value)
            if paste != nil {
                pasted(decoded, status: status, value: value, into: &inputs)
                continue
            }
            switch decoded {
            case .key(let key):
                inputs.append(.key(key))
            case .mouse:
                var event = MEVENT()
                if getmouse(&event) == offstage_ok(),
                    let mouse = KeyDecoder.mouse(buttons: event.bstate, x: event.x, y: event.y)
                {
                    inputs.append(.mouse(mouse))
                }
            case .resize:
                invalidate()
                inputs.append(.resize(size))
            case .ignored, .pasteEnds:
                continue
            case .pasteBegins:
                paste = ""
            }
        }
        // What was pasted so far goes out now; the paste goes on in the next call.
        if let text = paste, !text.isEmpty {
            inputs.append(.paste(text))
            paste = ""
        }
        return inputs
    }

    /// One `wget_wch` result inside a paste: a character is text (control characters too: the prompt decides),
    /// a key ncurses decoded from pasted escape codes is left out, the end marker delivers the rest.
    private func pasted(_ decoded: DecodedInput, status: Int32, value: wint_t, into inputs: inout [TerminalInput]) {
        switch decoded {
        case .pasteEnds:
            if let text = paste, !text.isEmpty { inputs.append(.paste(text)) }
            paste = nil
        case .resize:
            invalidate()
            inputs.append(.resize(size))
        default:
            if status == offstage_ok(), let scalar = Unicode.Scalar(UInt32(value)) {
                paste?.unicodeScalars.append(scalar)
            }
        }
    }

    /// Passes SIGINT, SIGTERM or SIGHUP to `onSignal`; without one, closes and hands it to the process's other
    /// subscribers (with none, it ends the process as by default).
    func report(_ signal: Int32) {
        if let onSignal {
            onSignal(signal)
        } else {
            close()
            ProcessSignals.deliver(signal)
        }
    }

    /// Ctrl-Z: leaves curses mode and stops the process until it is continued.
    func suspend() {
        guard isOpen else { return }
        leaveForStop()
        SignalTrap.stopSelf()
    }

    /// What Ctrl-Z does before the process stops: bracketed paste off, out of curses mode (the shell's modes back).
    func leaveForStop() {
        setBracketedPaste(false)
        endwin()
    }

    /// After SIGCONT: curses mode again, the whole screen repainted now and at the next `present`; a `.resize`
    /// when the terminal changed size meanwhile.
    func resume() -> [TerminalInput] {
        guard isOpen else { return [] }
        reset_prog_mode()
        setBracketedPaste(true)
        var resized: [TerminalInput] = []
        var rows: Int32 = 0
        var columns: Int32 = 0
        if offstage_get_winsize(outputDescriptor, &rows, &columns) == 0, rows > 0, columns > 0,
            rows != offstage_lines() || columns != offstage_cols()
        {
            resize_term(rows, columns)
            resized = [.resize(size)]
        }
        clearok(offstage_curscr(), true)
        wrefresh(offstage_stdscr())
        invalidate()
        return resized
    }
}
