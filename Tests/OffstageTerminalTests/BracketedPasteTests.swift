import Dispatch
import Foundation
import Glibc
import OffstageDashboard
import OffstageTestSupport
import OffstageUI
import Synchronization
import Testing

@testable import OffstageTerminal

/// Bracketed paste through the real adapter on a pseudo-terminal: on while the terminal is open, off on the way
/// out; a paste is text in pieces, never keys; a 100 KB paste leaves room for the keys after it.
extension NCursesTerminalTests {
    static let pasteBegins = "\u{1B}[200~"
    static let pasteEnds = "\u{1B}[201~"

    @Test func bracketedPasteIsOnWhileOpenAndOffOnEveryWayOut() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        #expect(contains(pty.output(), "\u{1B}[?2004h"))
        terminal.leaveForStop()  // Ctrl-Z, without stopping the test process
        #expect(contains(pty.output(), "\u{1B}[?2004l"), "off while stopped (Ctrl-Z)")
        _ = terminal.resume()
        #expect(contains(pty.output(), "\u{1B}[?2004h"), "on again once continued")
        terminal.close()
        #expect(contains(pty.output(), "\u{1B}[?2004l"))
    }

    @Test func aPasteIsTextNeverKeys() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        defer { terminal.close() }
        _ = pty.output()
        // An escape sequence inside a paste (an arrow) is left out, a lone ESC and other controls stay text for the
        // prompt to judge; after the end marker keys are keys again.
        pty.type(Self.pasteBegins + "ab\u{1B}[Acd\u{1B}q\tq" + Self.pasteEnds + "x")
        let inputs = collectInputs(from: terminal, count: 2)
        #expect(inputs == [.paste("abcd\u{1B}q\tq"), .key(.character("x"))])
    }

    /// Types `text` from a thread of its own (the pseudo-terminal takes a few KB at a time; the test reads).
    static func typeInBackground(_ pty: PseudoTerminal, _ text: String) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let master = pty.master
        let bytes = Array(text.utf8)
        Thread {
            var offset = 0
            let deadline = ContinuousClock.now.advanced(by: .seconds(30))  // a reader that stopped: give up
            while offset < bytes.count, ContinuousClock.now < deadline {
                let written = bytes.withUnsafeBytes { write(master, $0.baseAddress! + offset, $0.count - offset) }
                if written > 0 {
                    offset += written
                    continue
                }
                var ready = pollfd(fd: master, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, 100)
            }
            done.signal()
        }.start()
        return done
    }

    @Test func aHundredKilobytePasteComesInBoundedPiecesAndTheKeyAfterItIsAKey() throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let terminal = try open(pty)
        defer { terminal.close() }
        _ = pty.output()
        let text = String((0..<100_000).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
        let typed = Self.typeInBackground(pty, Self.pasteBegins + text + Self.pasteEnds + "q")
        var pieces: [String] = []
        var keys: [Key] = []
        var reads = 0
        while keys.isEmpty, reads < 10_000 {
            reads += 1
            for input in terminal.readInputs(timeout: 1) {
                switch input {
                case .paste(let piece): pieces.append(piece)
                case .key(let key): keys.append(key)
                default: break
                }
            }
        }
        typed.wait()
        #expect(keys == [.character("q")], "the q after the paste is a key, and nothing in it was")
        #expect(pieces.joined() == text)
        #expect(pieces.count >= 100_000 / 4096, "in pieces: \(pieces.count)")
        #expect(pieces.allSatisfy { $0.count <= 4096 }, "each at most one read's worth")
    }

    @Test func theLoopHonoursAQAfterAHundredKilobytePasteInBoundedSteps() throws {
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        let terminal = try open(pty)
        defer { terminal.close() }
        let engine = FakeEngineClient(snapshot: SnapshotSamples.demoMidway)
        let loop = DashboardLoop(terminal: terminal, engine: engine)
        let drained = Self.drain(pty)  // frames go somewhere
        defer { drained.stop() }
        let text = String(repeating: "0123456789", count: 10_000)
        let typed = Self.typeInBackground(pty, Self.pasteBegins + text + Self.pasteEnds + "q")
        var steps = 0
        var exit: DashboardLoop.Exit?
        var messages: Set<String> = []
        while exit == nil, steps < 1000 {
            steps += 1
            exit = loop.step(wait: true)
            if let message = loop.state.message { messages.insert(message) }
        }
        typed.wait()
        #expect(exit == .quit)
        #expect(steps < 200, "the paste took \(steps) loop steps")
        #expect(messages.contains("paste ignored: no prompt is open (a asks for a URL, / for a filter)"))
        #expect(engine.sent.isEmpty, "nothing in the paste acted as a key")
    }

    /// Reads and discards what the terminal writes until stopped.
    static func drain(_ pty: PseudoTerminal) -> Stopper {
        let stopper = Stopper()
        let master = pty.master
        Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while !stopper.stopped {
                var ready = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 50) > 0 { _ = read(master, &buffer, buffer.count) }
            }
            stopper.ended.signal()
        }.start()
        return stopper
    }

    /// A flag another thread watches, and the thread's end.
    final class Stopper: Sendable {
        private let flag = Atomic(false)
        let ended = DispatchSemaphore(value: 0)
        var stopped: Bool { flag.load(ordering: .acquiring) }

        /// Stops the thread and waits for it (its descriptor may be reused as soon as the test's pty closes).
        func stop() {
            flag.store(true, ordering: .releasing)
            ended.wait()
        }
    }
}
