import Foundation
import OffstageTestSupport
import Testing

/// What a new user meets first, on a fresh home: every line true, nothing raw, a bad value named back.
@Suite struct NewUserTests {
    @Test("on a fresh home the views say what is there in words")
    func aFreshHomeInWords() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-new-user")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        let events = try binary.run(["events"])
        #expect(events.status == 0 && events.stdout == "no events\n", "\(events.stdout)")
        let app = try binary.run(["app"]).stdout
        #expect(app.hasPrefix("app: not running: no offstage is running on \(home) (`offstage run` starts one)\n"))
        #expect(!app.contains("when offstage stopped") && !app.contains("(s)") && !app.contains("0 deliveries"), "\(app)")
    }

    @Test("a bad battery level is named back")
    func aBadBatteryLevelIsNamed() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-new-user-battery")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let result = try binary.run(["device", "battery", "150"])
        #expect(result.status == 2)
        #expect(result.stderr == "offstage: battery needs a level from 0 to 100, not 150\n", "\(result.stderr)")
    }

    @Test("a get stopped before any byte came says so, not \"interrupted at 0 B … to resume\"")
    func aGetStoppedBeforeAnyDataSaysSo() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-new-user-get")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let errors = folder.base + "/get.err"
        // Port 1 refuses: the download retries, and no byte ever arrives.
        let get = try binary.launch(["get", "http://127.0.0.1:1/x", "-o", folder.base + "/x"], errors: errors)
        try Wait.until { try !get.isRunning || binary.run(["events"]).stdout.contains("retry-scheduled") }
        kill(get.processIdentifier, SIGINT)
        get.waitUntilExit()
        let text = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(
            text.hasSuffix(
                "offstage: interrupted before any data arrived; run the same command again to try again\n"), "\(text)")
    }

    @Test("naming a session for the first time says it was created")
    func aNewSessionIsSaidToBeCreated() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-new-user-session")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let first = try binary.run(["session", "com.example.s1"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("created session com.example.s1: discretionary off"), "\(first.stdout)")
        let again = try binary.run(["session", "com.example.s1", "--cellular", "off"])
        #expect(again.stdout.hasPrefix("com.example.s1: discretionary off"), "\(again.stdout)")
        #expect(again.stdout.contains("cellular off"), "\(again.stdout)")
    }
}
