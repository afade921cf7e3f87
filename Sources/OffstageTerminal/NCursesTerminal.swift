import CNCurses
import Foundation
import Glibc
import OffstageSignals
import OffstageUI
import Synchronization

/// Whether an `NCursesTerminal` is open in this process (ncurses has one current screen).
private let terminalIsOpen = Mutex(false)

/// The real terminal, through ncurses: presents `Screen` diffs with wide-character calls, reads keys, mouse and
/// resizes, and always gives the terminal back (on `close()`, on a crash, around Ctrl-Z).
///
/// Signals: while it is open, SIGINT, SIGTERM and SIGHUP no longer end the process (it subscribes to
/// `ProcessSignals`, routing them first if `main` has not). `readInputs` reports them to `onSignal` (on the
/// caller's thread), and the caller quits and calls `close()`. With no `onSignal` set, `readInputs` closes the
/// terminal and hands the signal to the process's other subscribers (none: it ends the process as by default). A
/// lost terminal (input hung up) is reported as SIGHUP. Ctrl-Z (SIGTSTP) leaves curses mode, stops, and on SIGCONT
/// repaints everything. A crash (SEGV, BUS, ILL, FPE, ABRT, TRAP, QUIT, SYS) restores the terminal modes first.
///
/// Bracketed paste (`ESC[?2004h`) is on while it is open and off again on every way out (close, Ctrl-Z, a crash): a
/// paste arrives as `.paste` text, in pieces of at most one read's worth, never as keys.
///
/// One thread drives it (the `TerminalDevice` contract); `wake()` may be called from any thread.
// Safety: every member but `wake()` is used from the one thread that drives the terminal (the TerminalDevice
// contract); `wake()` only writes a byte to the process-wide self-pipe, which is never closed.
public final class NCursesTerminal: TerminalDevice, @unchecked Sendable {
    /// Called from `readInputs` with SIGINT, SIGTERM or SIGHUP when one arrived: the caller should quit cleanly
    /// and call `close()`. Nil: the terminal closes and the signal is re-raised.
    public var onSignal: (@Sendable (Int32) -> Void)?
    /// What the terminal can show: colours (0 with `NO_COLOR` or none, 8, 256) and whether the locale is UTF-8.
    public let capabilities: TerminalCapabilities

    /// ncurses' screen.
    let screen: OpaquePointer
    /// The stream ncurses reads (a duplicate of the input descriptor).
    let inputFile: UnsafeMutablePointer<FILE>
    /// The stream ncurses writes (a duplicate of the output descriptor).
    let outputFile: UnsafeMutablePointer<FILE>
    /// The descriptor keys come from (polled): the terminal's own duplicate, so the caller's may be closed.
    let inputDescriptor: Int32
    /// The descriptor frames go to (the terminal's own duplicate).
    let outputDescriptor: Int32
    /// Colour pairs handed out so far.
    var pairs: ColorPairTable
    /// Attributes and pair per style, once resolved.
    var looks: [Style: (attributes: attr_t, pair: Int16)] = [:]
    /// The last style drawn and its look.
    var lastLook: (style: Style, look: (attributes: attr_t, pair: Int16))?
    /// The last frame presented (what ncurses' window holds).
    var last: Screen?
    /// The terminal's size when `last` was presented.
    var lastTerminalSize: Size?
    /// Whether the next `present` draws every cell.
    var needsFullRedraw = true
    /// Whether the next `present` also clears the real screen (after `invalidate()`).
    var clearPhysical = false
    /// Whether the terminal is open (false after `close()`).
    public private(set) var isOpen = true
    /// Whether the input hung up (then only the self-pipe is polled).
    var inputGone = false
    /// The terminal's subscription to SIGINT, SIGTERM and SIGHUP while it is open.
    private var signals: SignalSubscription?
    /// The text of a paste in progress not delivered yet (nil: no paste in progress).
    var paste: String?

    /// Opens the process's terminal (standard input and output): `TERM` from `environment`, colours unless
    /// `NO_COLOR` is set, the locale from the environment.
    /// - Throws: `TerminalError.notATerminal` when standard input or output is not a terminal.
    public convenience init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
        try self.init(input: STDIN_FILENO, output: STDOUT_FILENO, environment: environment)
    }

    /// Opens ncurses on the terminal at `input`/`output` (a pseudo-terminal in tests); the descriptors stay the
    /// caller's (the terminal works on close-on-exec duplicates of them).
    /// - Throws: `TerminalError.noTerminalType`, `.unknownTerminal` or `.cannotAddressCursor` (`TERM=dumb`) for a
    ///   terminal the dashboard cannot draw on, with nothing written to it.
    /// - Parameters:
    ///   - terminalType: the terminfo name; nil takes `TERM` from `environment`, then from the process.
    ///   - environment: read for `TERM` and `NO_COLOR`.
    ///   - locale: passed to `setlocale(LC_ALL, _)` first; `""` takes it from the process environment.
    public init(
        input: Int32, output: Int32, terminalType: String? = nil, environment: [String: String] = [:],
        locale: String = ""
    ) throws {
        let claimed = terminalIsOpen.withLock { open -> Bool in
            if open { return false }
            open = true
            return true
        }
        guard claimed else { throw TerminalError.alreadyOpen }
        var files: (input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>)?
        do {
            setlocale(LC_ALL, locale)
            try SignalTrap.openPipe()
            var shellModes = termios()
            guard tcgetattr(input, &shellModes) == 0 else { throw TerminalError.notATerminal }
            let opened = try Self.openStreams(input: input, output: output)
            files = opened
            SignalTrap.snapshot()
            let type = terminalType ?? environment["TERM"] ?? ProcessInfo.processInfo.environment["TERM"] ?? ""
            guard !type.isEmpty else { throw TerminalError.noTerminalType }
            switch offstage_terminal_kind(type, output) {  // asked before newterm, which writes to the terminal
            case 0: break
            case 2: throw TerminalError.cannotAddressCursor(type)
            default: throw TerminalError.unknownTerminal(type)
            }
            guard let created = newterm(type, opened.output, opened.input) else {
                throw TerminalError.unknownTerminal(type)
            }
            screen = created
            inputFile = opened.input
            outputFile = opened.output
            inputDescriptor = fileno(opened.input)
            outputDescriptor = fileno(opened.output)
            let depth = Self.setUpModes(noColor: !(environment["NO_COLOR"] ?? "").isEmpty)
            pairs = ColorPairTable(limit: Int(offstage_color_pairs()) - 1, defaultColors: depth.defaultColors)
            capabilities = TerminalCapabilities(colors: depth.colors, unicode: offstage_codeset_is_utf8() != 0)
            SignalTrap.install(input: inputDescriptor, output: outputDescriptor, shellModes: shellModes)
            signals = ProcessSignals.subscribe { signal in SignalTrap.note(signal) }
            setBracketedPaste(true)
        } catch {
            if let files {
                fclose(files.input)
                fclose(files.output)
            }
            terminalIsOpen.withLock { $0 = false }
            throw error
        }
    }

    deinit { close() }

    /// Duplicates the descriptors and opens streams on them for `newterm`.
    private static func openStreams(
        input: Int32, output: Int32
    ) throws -> (input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>) {
        let inputCopy = fcntl(input, F_DUPFD_CLOEXEC, 0)  // not inherited by child processes
        guard inputCopy >= 0 else { throw TerminalError.system(call: "fcntl", errno: errno) }
        guard let inputStream = fdopen(inputCopy, "r") else {
            Glibc.close(inputCopy)
            throw TerminalError.system(call: "fdopen", errno: errno)
        }
        let outputCopy = fcntl(output, F_DUPFD_CLOEXEC, 0)
        guard outputCopy >= 0, let outputStream = fdopen(outputCopy, "w") else {
            let failure = errno
            if outputCopy >= 0 { Glibc.close(outputCopy) }
            fclose(inputStream)
            throw TerminalError.system(call: "fdopen", errno: failure)
        }
        return (inputStream, outputStream)
    }

    /// Puts the new screen in the dashboard's modes; the colour depth it got.
    private static func setUpModes(noColor: Bool) -> (colors: Int, defaultColors: Bool) {
        let window = offstage_stdscr()
        cbreak()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, true)
        nodelay(window, true)
        leaveok(window, true)
        curs_set(0)
        // No typeahead check: ncurses would poll the input while it draws a frame, to break off for a key; a frame
        // takes well under a millisecond, and a key pressed meanwhile is read right after it.
        typeahead(-1)
        set_escdelay(25)
        mouseinterval(0)
        let buttons =
            offstage_button1_pressed() | offstage_button1_clicked() | offstage_button4_pressed()
            | offstage_button5_pressed()
        mousemask(buttons, nil)
        defineAlternateKeys()
        guard !noColor, has_colors() else { return (0, false) }
        start_color()
        let defaultColors = use_default_colors() == offstage_ok()
        let colors = offstage_colors()
        return (colors >= 256 ? 256 : colors >= 8 ? 8 : 0, defaultColors)
    }

    /// Teaches ncurses the other common spellings of the keys (a terminal that ignores keypad-transmit mode
    /// sends `ESC [ A` where terminfo says `ESC O A`), unless terminfo already gives them a meaning.
    private static func defineAlternateKeys() {
        let keys: [(String, Int32)] = [
            ("\u{1B}[A", offstage_key_up()), ("\u{1B}[B", offstage_key_down()), ("\u{1B}[C", offstage_key_right()),
            ("\u{1B}[D", offstage_key_left()), ("\u{1B}OA", offstage_key_up()), ("\u{1B}OB", offstage_key_down()),
            ("\u{1B}OC", offstage_key_right()), ("\u{1B}OD", offstage_key_left()), ("\u{1B}[H", offstage_key_home()),
            ("\u{1B}[F", offstage_key_end()), ("\u{1B}OH", offstage_key_home()), ("\u{1B}OF", offstage_key_end()),
            ("\u{1B}[1~", offstage_key_home()), ("\u{1B}[4~", offstage_key_end()), ("\u{1B}[5~", offstage_key_ppage()),
            ("\u{1B}[6~", offstage_key_npage()), ("\u{1B}[3~", offstage_key_dc()), ("\u{1B}[Z", offstage_key_btab()),
            ("\u{1B}OM", offstage_key_enter()), ("\u{1B}OP", offstage_key_f(1)), ("\u{1B}OQ", offstage_key_f(2)),
            ("\u{1B}OR", offstage_key_f(3)), ("\u{1B}OS", offstage_key_f(4)), ("\u{1B}[11~", offstage_key_f(1)),
            ("\u{1B}[12~", offstage_key_f(2)), ("\u{1B}[13~", offstage_key_f(3)), ("\u{1B}[14~", offstage_key_f(4)),
            ("\u{1B}[200~", offstage_key_paste_begin()), ("\u{1B}[201~", offstage_key_paste_end()),
        ]
        for (sequence, code) in keys where key_defined(sequence) == 0 {
            define_key(sequence, code)
        }
    }

    /// Turns bracketed paste on or off (written at once, in order with ncurses' own output).
    func setBracketedPaste(_ on: Bool) {
        fputs(on ? "\u{1B}[?2004h" : "\u{1B}[?2004l", outputFile)
        fflush(outputFile)
    }

    /// Gives the terminal back: leaves curses mode (cursor shown, modes as before), puts the signal actions back.
    /// Idempotent; also done on deinit.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        setBracketedPaste(false)
        curs_set(1)
        endwin()
        SignalTrap.remove()
        signals?.cancel()
        signals = nil
        delscreen(screen)
        fclose(inputFile)
        fclose(outputFile)
        terminalIsOpen.withLock { $0 = false }
    }

    /// The terminal's size now (as ncurses knows it; updated when `readInputs` delivers `.resize`).
    public var size: Size {
        guard isOpen else { return lastTerminalSize ?? Size(width: 0, height: 0) }
        return Size(width: Int(offstage_cols()), height: Int(offstage_lines()))
    }

    /// Forgets the last frame: the next `present` clears the real screen and draws every cell.
    public func invalidate() {
        needsFullRedraw = true
        clearPhysical = true
    }

    /// Ends a `readInputs` wait early (or makes the next one return at once); any thread.
    public func wake() { SignalTrap.wake() }

    /// Whether the terminal receives `signal` now (for tests): SIGINT, SIGTERM and SIGHUP through its subscription
    /// to the routed signals, the others through its handler.
    func isTrapping(_ signal: Int32) -> Bool {
        guard SignalTrap.reported.contains(signal) else { return SignalTrap.isCatching(signal) }
        return signals != nil && ProcessSignals.isRouted(signal)
    }
}
