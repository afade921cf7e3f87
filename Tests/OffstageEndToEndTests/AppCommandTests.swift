import OffstageCore
import Testing

@testable import offstage

/// What `offstage app VERB` says when it was done: a sentence, the app where a person puts it.
@Suite struct AppCommandTests {
    @Test(arguments: [
        ("open", AppRequest.open, "opened the app"),
        ("background", .home, "sent the app to the background"),
        ("home", .home, "sent the app to the background"),
        ("kill", .kill(reason: "memory pressure"), "the system terminated the app"),
        ("force-quit", .forceQuit, "force-quit the app"),
        ("mistake", .setMistake(name: "async-file-move", on: true), "switched async-file-move on"),
    ])
    func doneLines(verb: String, request: AppRequest, line: String) {
        #expect(AppCommand.doneLine(verb, request) == line)
    }
}
