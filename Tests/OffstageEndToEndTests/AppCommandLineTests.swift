import Foundation
import OffstageStore
import OffstageTestSupport
import Testing

/// `offstage app …` and the relaunch demo as a user meets them.
struct AppCommandLineTests {
    @Test(arguments: [
        (["app", "frobnicate"], "unknown app command frobnicate"),
        (["app", "mistake", "bogus", "on"], "no app mistake bogus"),
        (["app", "mistake", "async-file-move", "maybe"], "takes on or off"),
        (["app", "download"], "takes one URL"),
        (["app", "download", "ftp://example.com/x"], "only http and https"),
        (["app", "download", "http://user:secret@127.0.0.1/x"], "never stored"),
        (["app", "upload", "/nonexistent/file", "http://127.0.0.1/u"], "cannot read /nonexistent/file"),
        (["app", "open", "now"], "takes no arguments"),
        (["demo", "--scenario", "bogus"], "unknown demo scenario bogus"),
    ])
    func badInputIsOneClearLineAndExitTwo(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder("app-cli")
        let result = try OffstageBinary(home: folder.path + "/home").run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("offstage: "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.contains("secret"))
    }

    @Test func appJSONOfAFreshHomeSaysNotRunningWithAnEmptyRegistry() throws {
        let folder = try TemporaryFolder("app-json")
        let result = try OffstageBinary(home: folder.path + "/home").run(["app", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let app = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(app["phase"] as? String == "not-running")
        #expect(app["backgroundTimeRemaining"] as? Double == 0)
        #expect(app["forceQuit"] as? Bool == false)
        #expect(app["session"] as? String == "com.example.offstage.background")
        #expect(app["waitingDeliveries"] as? Int == 0)
        #expect((app["registry"] as? [String: Any])?["total"] as? Int == 0)
    }

    @Test func theRelaunchDemoTellsTheWholeStoryAndChecksIt() throws {
        let folder = try TemporaryFolder("relaunch-demo")
        let result = try OffstageBinary(home: folder.path + "/home").run(
            ["--home", folder.path + "/demo", "demo", "--scenario", "relaunch", "--headless"])
        #expect(result.status == 0, "\(result.stderr)")
        for line in [
            "The user opens the app.", "terminated by the system (memory pressure)",
            "launched in the background for session events", "finished-while-away → deliver",
            "didFinishDownloadingTo", "urlSessionDidFinishEvents", "handler 1 called with",
            "Delivered exactly once",
        ] {
            #expect(result.stdout.contains(line), "missing: \(line)")
        }
    }
}
