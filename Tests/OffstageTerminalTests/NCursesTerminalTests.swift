import CNCurses
import Foundation
import Glibc
import OffstageTestSupport
import OffstageUI
import Synchronization
import Testing

@testable import OffstageTerminal

/// Round trips through real ncurses on a pseudo-terminal. ncurses is global state: one test at a time.
@Suite(.serialized) struct NCursesTerminalTests {
    /// A terminal on `pty`, as xterm-256color in a UTF-8 locale.
    func open(
        _ pty: PseudoTerminal, type: String = "xterm-256color", environment: [String: String] = [:]
    ) throws -> NCursesTerminal {
        try NCursesTerminal(
            input: pty.slave, output: pty.slave, terminalType: type, environment: environment, locale: "C.UTF-8")
    }

    /// The frame the round trip draws: ASCII, a wide CJK pair, colours and attributes, the bottom-right corner.
    static func sampleFrame() -> Screen {
        var frame = Screen(size: Size(width: 30, height: 6))
        frame.put("hello grid", x: 0, y: 0)
        frame.put("世界", x: 2, y: 1, style: Style(foreground: .indexed(196), bold: true))
        frame.put("ok", x: 8, y: 1, style: Style(foreground: .ansi(2), background: .ansi(0), underline: true))
        frame.put("rev", x: 0, y: 3, style: Style(reverse: true))
        frame.put("Z", x: 29, y: 5, style: Style(dim: true))
        return frame
    }

    @Test func presentsAFrameThatReadsBackCellByCell() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let shellModes = pty.modes()
        let terminal = try open(pty)
        #expect(terminal.size == Size(width: 30, height: 6))
        #expect(terminal.capabilities == TerminalCapabilities(colors: 256, unicode: true))
        let setUp = pty.output()
        #expect(contains(setUp, "\u{1B}[?1049h"))  // the alternate screen
        #expect(contains(setUp, "\u{1B}[?25l"))  // cursor hidden
        #expect(contains(setUp, "\u{1B}[?1006;1000h"))  // mouse reporting (SGR)

        let frame = Self.sampleFrame()
        terminal.present(frame)
        let bytes = pty.output()

        for window in [offstage_stdscr(), offstage_curscr()] {
            for y in 0..<frame.height {
                for x in 0..<frame.width where !frame[x, y].isContinuation {
                    let cell = frame[x, y]
                    let read = cursesCell(window, x: x, y: y)
                    #expect(read.text == cell.text, "cell \(x),\(y)")
                    #expect(read.attributes == ColorMapping.attributes(cell.style), "cell \(x),\(y)")
                    let colors = pairColors(read.pair)
                    #expect(colors.foreground == ColorMapping.colorNumber(cell.style.foreground, depth: 256))
                    #expect(colors.background == ColorMapping.colorNumber(cell.style.background, depth: 256))
                }
            }
        }
        // The wide pair takes four columns: its second halves hold the same characters.
        #expect(cursesCell(offstage_stdscr(), x: 3, y: 1).text == "世")
        #expect(cursesCell(offstage_stdscr(), x: 5, y: 1).text == "界")
        #expect(cursesCell(offstage_stdscr(), x: 6, y: 1).text == " ")

        #expect(contains(bytes, "hello grid"))
        #expect(contains(bytes, "世界"))
        #expect(contains(bytes, "\u{1B}[38;5;196m"))  // setaf 196
        #expect(contains(bytes, "\u{1B}[32m"))  // setaf 2
        #expect(contains(bytes, "\u{1B}[0;1m"))  // sgr: bold
        #expect(contains(bytes, "\u{1B}[0;4m"))  // sgr: underline
        #expect(contains(bytes, "\u{1B}[0;7m"))  // sgr: reverse
        #expect(contains(bytes, "\u{1B}[0;2m"))  // sgr: dim

        terminal.present(frame)
        let again = pty.output()
        #expect(again.count < 8, "an identical frame wrote \(again.count) bytes")

        var changed = frame
        changed.put("J", x: 0, y: 0)
        terminal.present(changed)
        let one = pty.output()
        #expect(contains(one, "J"))
        #expect(!contains(one, "ello"))
        #expect(one.count < 24, "one changed cell wrote \(one.count) bytes")
        #expect(cursesCell(offstage_curscr(), x: 0, y: 0).text == "J")

        terminal.close()
        terminal.close()  // idempotent
        #expect(!terminal.isOpen)
        #expect(sameModes(pty.modes(), shellModes))
        let restored = pty.output()
        #expect(contains(restored, "\u{1B}[?1049l"))  // out of the alternate screen
        #expect(contains(restored, "\u{1B}[?25h"))  // cursor visible
    }

    @Test func invalidateRepaintsEverything() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        defer { terminal.close() }
        let frame = Self.sampleFrame()
        terminal.present(frame)
        _ = pty.output()
        terminal.invalidate()
        terminal.present(frame)
        let bytes = pty.output()
        #expect(contains(bytes, "\u{1B}[H\u{1B}[2J"))  // clear screen
        #expect(contains(bytes, "hello grid"))
        #expect(contains(bytes, "世界"))
    }

    @Test func aFrameLargerThanTheTerminalIsClipped() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        defer { terminal.close() }
        var frame = Screen(size: Size(width: 40, height: 10))
        frame.put("01234567890123456789012345678一二", x: 0, y: 0)
        frame.put("bottom", x: 0, y: 5)
        frame.put("below", x: 0, y: 8)
        terminal.present(frame)
        let row = (0..<30).map { cursesCell(offstage_stdscr(), x: $0, y: 0).text }
        #expect(row.joined() == "01234567890123456789012345678 ")  // a wide cell cut at the edge: a blank
        #expect((0..<6).map { cursesCell(offstage_stdscr(), x: $0, y: 5).text }.joined() == "bottom")
    }

    @Test func aWideCellTheLocaleDrawsNarrowKeepsItsColumns() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        defer { terminal.close() }
        var frame = Screen(size: Size(width: 30, height: 6))
        frame.put("a❤️b", x: 0, y: 0)  // DisplayWidth: 2 columns; glibc's wcwidth: 1
        terminal.present(frame)
        #expect(cursesCell(offstage_stdscr(), x: 0, y: 0).text == "a")
        #expect(cursesCell(offstage_stdscr(), x: 1, y: 0).text == "❤️")
        #expect(cursesCell(offstage_stdscr(), x: 2, y: 0).text == " ")
        #expect(cursesCell(offstage_stdscr(), x: 3, y: 0).text == "b")
    }

    @Test func controlCharactersNeverReachTheTerminal() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        defer { terminal.close() }
        _ = pty.output()
        var frame = Screen(size: Size(width: 30, height: 6))
        frame[0, 0] = Cell("\u{1B}")  // set directly, past Screen.put's own escaping
        frame[1, 0] = Cell("\u{202E}")
        frame[2, 0] = Cell("x\u{7}")
        terminal.present(frame)
        let bytes = pty.output()
        #expect((0..<3).map { cursesCell(offstage_stdscr(), x: $0, y: 0).text } == ["?", "?", "x"])
        #expect(!contains(bytes, "\u{202E}"))
        #expect(!bytes.contains(7))
    }

    @Test func noColorKeepsAttributesOnly() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty, environment: ["NO_COLOR": "1"])
        defer { terminal.close() }
        #expect(terminal.capabilities.colors == 0)
        var frame = Screen(size: Size(width: 30, height: 6))
        frame.put("red", x: 0, y: 0, style: Style(foreground: .indexed(196), bold: true))
        terminal.present(frame)
        let bytes = pty.output()
        let cell = cursesCell(offstage_stdscr(), x: 0, y: 0)
        #expect(cell == CursesCell(text: "r", attributes: offstage_a_bold(), pair: 0))
        #expect(!contains(bytes, "\u{1B}[38;5;"))
    }

    @Test func anEightColourTerminalGetsTheNearestColour() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty, type: "xterm")
        defer { terminal.close() }
        #expect(terminal.capabilities.colors == 8)
        var frame = Screen(size: Size(width: 30, height: 6))
        frame.put("x", x: 0, y: 0, style: Style(foreground: .indexed(196), background: .indexed(21)))
        terminal.present(frame)
        let colors = pairColors(cursesCell(offstage_stdscr(), x: 0, y: 0).pair)
        #expect(colors == (1, 4))
        #expect(contains(pty.output(), "\u{1B}[31m"))
    }

    @Test func decodesTypedKeysAndMouse() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        defer { terminal.close() }
        terminal.present(Screen(size: terminal.size))
        _ = pty.output()
        let typed: [(String, TerminalInput)] = [
            ("q", .key(.character("q"))), ("\u{1B}[A", .key(.up)), ("\u{1B}OB", .key(.down)),
            ("\u{0C}", .key(.control("l"))), ("\r", .key(.enter)), ("\t", .key(.tab)), ("\u{1B}[Z", .key(.backTab)),
            ("\u{7F}", .key(.backspace)), ("\u{1B}[3~", .key(.delete)), ("\u{1B}[5~", .key(.pageUp)),
            ("\u{1B}[6~", .key(.pageDown)), ("\u{1B}OH", .key(.home)), ("\u{1B}[F", .key(.end)),
            ("\u{1B}OP", .key(.function(1))), ("\u{1B}[24~", .key(.function(12))), ("世", .key(.character("世"))),
            ("\u{1B}[<0;5;3M", .mouse(MouseEvent(kind: .click, x: 4, y: 2))),
            ("\u{1B}[<64;1;2M", .mouse(MouseEvent(kind: .wheelUp, x: 0, y: 1))),
            ("\u{1B}[<65;1;2M", .mouse(MouseEvent(kind: .wheelDown, x: 0, y: 1))),
            ("\u{1B}", .key(.escape)),
        ]
        for (text, expected) in typed {
            pty.type(text)
            let inputs = collectInputs(from: terminal, count: 1)
            #expect(inputs == [expected], "typed \(text.debugDescription)")
        }
        pty.type("\u{1B}[<0;5;3m")  // a release: not an input of its own
        pty.type("x")
        #expect(collectInputs(from: terminal, count: 1) == [.key(.character("x"))])
    }

    @Test func waitsUntilTimeoutOrWake() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        defer { terminal.close() }
        let clock = ContinuousClock()
        var started = clock.now
        #expect(terminal.readInputs(timeout: 0.05).isEmpty)
        #expect(started.duration(to: clock.now) >= .milliseconds(50))

        terminal.wake()  // a wake before the wait ends it at once
        started = clock.now
        #expect(terminal.readInputs(timeout: 5).isEmpty)
        #expect(started.duration(to: clock.now) < .seconds(1))

        // A wake while the read waits ends it: the waker wakes once this thread is asleep in poll.
        let reader = Self.threadID()
        let seen = Seen()
        let waker = Thread {
            let waiting = Wait.until(timeout: 10, poll: 0.001) { Self.isInPoll(reader) }
            seen.waiting.store(waiting, ordering: .sequentiallyConsistent)
            terminal.wake()
        }
        waker.start()
        #expect(terminal.readInputs(timeout: nil).isEmpty)
        let sawTheReadWaiting = seen.waiting.load(ordering: .sequentiallyConsistent)
        #expect(sawTheReadWaiting, "the wake came before the read waited")
    }

    /// Whether the waker saw the reader waiting before it woke it.
    final class Seen: Sendable {
        /// Set by the waker.
        let waiting = Atomic(false)
    }

    /// The calling thread's kernel id (from `/proc/thread-self`, `PID/task/TID`).
    static func threadID() -> String {
        ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? "")
            .split(separator: "/").last.map(String.init) ?? ""
    }

    /// Whether thread `id` of this process is blocked in poll or ppoll (its `/proc` syscall number).
    static func isInPoll(_ id: String) -> Bool {
        guard !id.isEmpty, let text = try? String(contentsOfFile: "/proc/self/task/\(id)/syscall", encoding: .utf8)
        else { return false }
        #if arch(x86_64)
            let polls: Set<Substring> = ["7", "271"]  // poll, ppoll
        #else
            let polls: Set<Substring> = ["73"]  // ppoll (aarch64 has no poll)
        #endif
        return text.split(separator: " ").first.map { polls.contains($0) } ?? false
    }

    @Test func reportsSignalsAndResizes() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        #expect(terminal.isTrapping(SIGWINCH))
        #expect(terminal.isTrapping(SIGSEGV))
        #expect(terminal.isTrapping(SIGABRT))

        try pty.resize(columns: 40, rows: 8)
        kill(getpid(), SIGWINCH)  // to the process: a test thread may block signals
        #expect(collectInputs(from: terminal, count: 1) == [.resize(Size(width: 40, height: 8))])
        #expect(terminal.size == Size(width: 40, height: 8))

        let received = Mutex<[Int32]>([])
        terminal.onSignal = { signal in received.withLock { $0.append(signal) } }
        if terminal.isTrapping(SIGINT) {  // not when the test runner ignores SIGINT
            kill(getpid(), SIGINT)  // delivered to some thread soon: read until it is reported
            let clock = ContinuousClock()
            let end = clock.now.advanced(by: .seconds(3))
            while received.withLock({ $0.isEmpty }), clock.now < end {
                #expect(terminal.readInputs(timeout: 0.5).isEmpty)
            }
            #expect(received.withLock { $0 } == [SIGINT])
        }
        terminal.close()
        #expect(!terminal.isTrapping(SIGINT))
        #expect(!terminal.isTrapping(SIGSEGV))
        // SIGINT stays with the process's signal thread, which never sets it to SIG_IGN.
        var after = sigaction()
        sigaction(SIGINT, nil, &after)
        let ignore = unsafeBitCast(SIG_IGN, to: UInt.self)
        #expect(unsafeBitCast(after.__sigaction_handler.sa_handler, to: UInt.self) != ignore)
    }

    @Test func continuingRepaintsAndReportsASizeChangedMeanwhile() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        defer { terminal.close() }
        terminal.present(Self.sampleFrame())
        _ = pty.output()
        try pty.resize(columns: 36, rows: 7)  // no SIGWINCH: the pty is nobody's controlling terminal
        kill(getpid(), SIGCONT)  // harmless to a running process; as after `fg`
        #expect(collectInputs(from: terminal, count: 1) == [.resize(Size(width: 36, height: 7))])
        let repaint = pty.output()
        #expect(contains(repaint, "\u{1B}[H\u{1B}[2J"))
        #expect(contains(repaint, "hello grid"))
        #expect(terminal.size == Size(width: 36, height: 7))
    }

    @Test func oneTerminalAtATime() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        #expect(throws: TerminalError.alreadyOpen) { try open(pty) }
        terminal.close()
        let second = try open(pty)
        second.close()
    }

    @Test func aTerminalThatCannotMoveTheCursorOrHasNoTypeIsRefusedWithNothingWritten() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let shellModes = pty.modes()
        #expect(throws: TerminalError.cannotAddressCursor("dumb")) { try open(pty, type: "dumb") }
        #expect(throws: TerminalError.noTerminalType) { try open(pty, type: "") }
        #expect(pty.output().isEmpty, "nothing was drawn")
        #expect(sameModes(pty.modes(), shellModes))
        #expect(TerminalError.cannotAddressCursor("dumb").isUnsuitableTerminal)
        #expect(TerminalError.unknownTerminal("x").isUnsuitableTerminal)
        #expect(!TerminalError.notATerminal.isUnsuitableTerminal)
        #expect(
            "\(TerminalError.unknownTerminal("a\u{1B}[31m"))"
                == "the terminal type TERM=a\\x1B[31m is unknown to terminfo")
        let terminal = try open(pty)  // the refusals left nothing open
        terminal.close()
    }

    @Test func anUnknownTerminalTypeThrows() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        #expect(throws: TerminalError.unknownTerminal("no-such-terminal")) { try open(pty, type: "no-such-terminal") }
        let terminal = try open(pty)  // the failure left nothing open
        terminal.close()
    }
}
