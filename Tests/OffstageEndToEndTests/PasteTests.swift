import Foundation
import OffstageCore
import OffstageStore
import OffstageTestSupport
import Testing

/// A paste into the real dashboard on a pseudo-terminal (bracketed, as terminals send it): text for the open prompt,
/// never keys. Before, an ESC in the paste closed the add prompt and the rest ran as keys (it cancelled a transfer
/// and quit).
@Suite struct PasteTests {
    @Test func aPasteWithAnEscapeAndKeyLettersStaysTextInTheAddPrompt() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-paste")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        #expect(try binary.run(["add", origin.url("/gen/64m?rate=500000")]).status == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["OFFSTAGE_HOME"] = home
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        let session = try TerminalSession(path: binary.path, arguments: [], environment: environment)
        #expect(session.read(seconds: 20) { TerminalSession.contains($0, "64m") }, "the dashboard drew the transfer")
        session.type("a")
        #expect(session.read(seconds: 20) { TerminalSession.contains($0, "URL") }, "the add prompt opened")
        // ESC closed the prompt, c asked to cancel the selected transfer, y confirmed, q quit.
        session.type("\u{1B}[200~https://example.com/x\u{1B}cyq\u{1B}[201~")
        #expect(
            session.read(seconds: 20) { TerminalSession.contains($0, "https://example.com/xcyq") },
            "the paste is the prompt's text")
        #expect(session.waitFor(seconds: 0) == nil, "still running")
        kill(session.pid, SIGTERM)
        #expect(session.waitFor(seconds: 20) == .exited(130))
        let store = try Store.open(home: OffstageHome(path: home), readOnly: true)
        defer { store.close() }
        #expect(try store.task(id: 1)?.state != .cancelled, "nothing in the paste cancelled the transfer")
        #expect(try store.loadTasks().count == 1, "nothing was added")
    }
}
