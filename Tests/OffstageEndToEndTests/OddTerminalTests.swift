import Foundation
import OffstageTestSupport
import Testing

/// A terminal the dashboard cannot draw on (`TERM=dumb`, unknown or unset): the dashboard and the demo say why in
/// one line, then print the plain progress lines used when output is not a terminal; no escape codes, and a signal
/// still stops them cleanly.
@Suite struct OddTerminalTests {
    /// The environment for the child, with `TERM` set to `term` (nil: unset).
    static func environment(home: String, term: String?) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["OFFSTAGE_HOME"] = home
        environment["LANG"] = "C.UTF-8"
        environment["TERM"] = term
        return environment
    }

    @Test(arguments: [
        ("dumb", "TERM=dumb cannot move the cursor"),
        ("no-such-terminal", "the terminal type TERM=no-such-terminal is unknown to terminfo"),
        ("", "TERM is not set"),
    ])
    func theDashboardFallsBackToPlainLinesAfterOneLineSayingWhy(term: String, why: String) throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-odd-terminal")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        #expect(try binary.run(["add", origin.url("/gen/64m?rate=2000000")]).status == 0)
        let session = try TerminalSession(
            path: binary.path, arguments: [],
            environment: Self.environment(home: home, term: term.isEmpty ? nil : term))
        let line = "offstage: \(why), so the dashboard shows plain progress lines (Ctrl-C stops it)"
        #expect(session.read(seconds: 20) { TerminalSession.contains($0, "task 1 64m running") }, "plain lines came")
        let text = String(decoding: session.output, as: UTF8.self)
        #expect(text.hasPrefix(line + "\r\n"), "the reason first, once: \(text.prefix(300))")
        #expect(text.components(separatedBy: line).count == 2)
        #expect(text.contains("daemon-started"))
        #expect(!session.output.contains(0x1B), "no escape codes: \(text.prefix(300).debugDescription)")
        kill(session.pid, SIGTERM)
        #expect(session.waitFor(seconds: 20) == .exited(130))
        #expect(SignalStressTests.problems(home: home) == [])
    }

    @Test func theDemoOnADumbTerminalTellsItsStoryInPlainLines() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-odd-terminal-demo")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        let session = try TerminalSession(
            path: binary.path, arguments: ["demo"], environment: Self.environment(home: home, term: "dumb"))
        #expect(session.read(seconds: 30) { TerminalSession.contains($0, "demo ▸ ") }, "the story's lines came")
        let text = String(decoding: session.output, as: UTF8.self)
        #expect(
            text.hasPrefix("offstage: TERM=dumb cannot move the cursor, so the dashboard shows plain progress lines"))
        #expect(!session.output.contains(0x1B), "no escape codes: \(text.prefix(300).debugDescription)")
        kill(session.pid, SIGINT)
        #expect(session.waitFor(seconds: 20) == .exited(130))
    }
}
