import Foundation
import OffstageOrigin
import OffstageTestSupport
import Testing

/// A force-quit cancels the app's download; the app is SIGKILLed right after it was told (with resume data);
/// at the next launch it reconciles from its registry alone and continues the download from its resume data.
struct ForceQuitRecoveryTests {
    @Test func resumeDataKeptOnlyInTheRegistryIsUsedAtTheNextLaunch() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-force-quit")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let config = try DeliveryKillTests.configuration(in: folder)
        let url = origin.url("/gen/6m?seed=41&rate=1500000")

        // A running offstage: the app opens and starts the download; the user force-quits it mid-way.
        let run = try binary.startEngine(
            ["run", "--quiet", "--config", config], environment: ["OFFSTAGE_CHECKPOINT_SECONDS": "0.2"])
        #expect(try binary.run(["app", "open"]).status == 0)
        #expect(try binary.run(["app", "download", url, "--description", "movie"]).status == 0)
        Wait.until { FinalisationKillTests.partBytes(in: folder.base + "/home/parts") >= 1 << 20 }
        let quit = try binary.run(["app", "force-quit"])
        #expect(quit.status == 0, "\(quit.stderr)")
        kill(run.processIdentifier, SIGTERM)
        run.waitUntilExit()
        #expect(folder.files(in: "home/parts").count == 1, "the partial file is kept for the resume data")

        // The user opens the app; it is told −999 with resume data, and killed right after acknowledging it.
        let killed = try binary.startEngine(
            ["run", "--quiet", "--config", config], environment: ["OFFSTAGE_KILL_POINT": "deliver-after-ack"])
        _ = try binary.run(["app", "open"])  // the engine may die at the kill point before it answers
        Wait.ended(killed)
        if killed.isRunning { kill(killed.processIdentifier, SIGTERM) }
        killed.waitUntilExit()
        #expect(killed.terminationReason == .uncaughtSignal && killed.terminationStatus == SIGKILL)

        // Next launch: only the registry knows the resume data; the app continues from it.
        let again = try binary.startEngine(["run", "--quiet", "--config", config])
        #expect(try binary.run(["app", "open"]).status == 0)
        let file = folder.base + "/home/Documents/6m"
        try Wait.until(timeout: 60, poll: 0.05) {
            try !again.isRunning || binary.run(["ls", "--json"]).stdout.contains("\"completed\"")
        }
        kill(again.processIdentifier, SIGTERM)
        again.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(
            try SHA256.hexDigest(ofFile: folder.base + "/home/Documents/6m")
                == GeneratedContent.sha256Hex(size: 6 << 20, seed: 41))
        let ranged = origin.server.requestLog().filter { $0.range != nil }
        #expect(ranged.count == 1, "one resumed request: \(origin.server.requestLog())")

        let events = try binary.run(["events", "--limit", "100000"]).stdout
        #expect(
            events.contains("failed-with-resume-data → recreate-from-resume-data: the app kept resume data at byte"))
        #expect(events.contains("downloadTask(withResumeData:)"))
        let app = try binary.run(["app", "--json", "--config", config]).stdout
        #expect(app.contains("\"delivered\" : 1"))
    }
}
