import Foundation
import OffstageStore
import OffstageTestSupport
import Testing

/// `offstage app …` and the relaunch demo as a user meets them (their input errors are in `CommandLineTests`).
struct AppCommandLineTests {
    @Test func appJSONOfAFreshHomeSaysNotRunningWithAnEmptyRegistry() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-app-json")
        let result = try OffstageBinary(home: folder.base + "/home").run(["app", "--json"])
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
        let folder = try TemporaryHome(prefix: "offstage-e2e-relaunch-demo")
        let result = try OffstageBinary(home: folder.base + "/home").run(
            ["--home", folder.base + "/demo", "demo", "--scenario", "relaunch", "--headless"])
        #expect(result.status == 0, "\(result.stderr)")
        for line in [
            "The user opens the app.", "terminated by the system (memory pressure)",
            "launched in the background for session events", "finished-while-away → deliver",
            "didFinishDownloadingTo", "urlSessionDidFinishEvents", "handler 1 called with",
            "Delivered exactly once: episode-1.mp3 (SHA-256",
        ] {
            #expect(result.stdout.contains(line), "missing: \(line)")
        }
    }
}
