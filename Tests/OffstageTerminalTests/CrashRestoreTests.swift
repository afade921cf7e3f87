import Dispatch
import Foundation
import Glibc
import OffstageTerminal
import OffstageUI
import Testing

/// A crash restores the terminal: a child process (this test binary, running `CrashChild` only) opens an
/// `NCursesTerminal` on a pseudo-terminal and crashes; the parent checks the modes and the escapes it left.
@Suite struct CrashRestoreTests {
    @Test(arguments: [("trap", [SIGILL, SIGTRAP]), ("abort", [SIGABRT]), ("segv", [SIGSEGV])])
    func aCrashRestoresTheTerminal(kind: String, signals: [Int32]) throws {
        let pty = try PseudoTerminal(columns: 30, rows: 6)
        let shellModes = pty.modes()
        let path = try #require(pty.slavePath)
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = ["--testing-library", "swift-testing", "--filter", "CrashChild"]
        child.environment = [
            "OFFSTAGE_CRASH_CHILD_TTY": path, "OFFSTAGE_CRASH_CHILD_KIND": kind, "SWIFT_BACKTRACE": "enable=no",
        ]
        child.standardInput = FileHandle.nullDevice
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        child.terminationHandler = { _ in ended.signal() }
        try child.run()
        guard ended.wait(timeout: .now() + 30) == .success else {
            child.terminate()
            Issue.record("the crashing child did not end")
            return
        }
        #expect(child.terminationReason == .uncaughtSignal)
        #expect(signals.contains(child.terminationStatus), "ended by signal \(child.terminationStatus)")
        let bytes = pty.output()
        #expect(contains(bytes, "child frame"))  // it did draw
        #expect(contains(bytes, "\u{1B}[?1049l"))  // out of the alternate screen
        #expect(contains(bytes, "\u{1B}[?25h"))  // cursor visible
        #expect(contains(bytes, "\u{1B}[?2004l"))  // bracketed paste off
        #expect(sameModes(pty.modes(), shellModes))
    }
}

/// The child side of `CrashRestoreTests`: runs only in the child process that test starts.
@Suite struct CrashChild {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["OFFSTAGE_CRASH_CHILD_TTY"] != nil))
    func openTheTerminalAndCrash() throws {
        let environment = ProcessInfo.processInfo.environment
        let path = try #require(environment["OFFSTAGE_CRASH_CHILD_TTY"])
        let descriptor = open(path, O_RDWR | O_NOCTTY)
        try #require(descriptor >= 0)
        let terminal = try NCursesTerminal(
            input: descriptor, output: descriptor, terminalType: "xterm-256color", locale: "C.UTF-8")
        var frame = Screen(size: terminal.size)
        frame.put("child frame", x: 0, y: 0)
        terminal.present(frame)
        switch environment["OFFSTAGE_CRASH_CHILD_KIND"] {
        case "abort": abort()
        case "segv": kill(getpid(), SIGSEGV)
        default: fatalError("the crash the parent waits for")
        }
        _ = pause()  // a signal sent with kill arrives asynchronously; the parent gives up after 30 s
        terminal.close()
    }
}
