import Foundation
import OffstageOrigin
import OffstageTestSupport
import Testing

/// The real binary, SIGKILLed at each step of finalisation and delivery to the app, then started again: the
/// file is delivered exactly once, and the app's registry and the system's store agree.
struct DeliveryKillTests {
    static let points = [
        "deliver-before-callback", "finalize-before-link", "finalize-after-link", "finalize-after-unlink",
        "deliver-after-ack", "deliver-before-completion-handler",
    ]

    /// An app whose relaunches are never held back, so a second run delivers at once.
    static func configuration(in folder: TemporaryHome) throws -> String {
        let directory = folder.base + "/config"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let json = #"{"lifecycle": {"relaunchInitialDelay": 0, "relaunchMaxDelay": 0}}"#
        try Data(json.utf8).write(to: URL(fileURLWithPath: directory + "/app.json"))
        return directory
    }

    @Test(arguments: points)
    func killedDuringDeliveryDeliversExactlyOnce(point: String) throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-deliver-\(point)")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let config = try Self.configuration(in: folder)
        // Slow enough (5 s) that the app is gone before the download ends, even on a loaded machine: it finishes
        // while the app is away.
        let url = origin.url("/gen/2m?seed=31&rate=400000")

        // A running offstage: the app opens, starts a download, goes home and is terminated by the system.
        let engine = try binary.startEngine(
            ["run", "--quiet", "--config", config], environment: ["OFFSTAGE_KILL_POINT": point])
        for command in [
            ["app", "open"], ["app", "download", url, "--description", "clip"], ["app", "background"],
            ["app", "kill"],
        ] {
            let done = try binary.run(command)
            #expect(done.status == 0, "\(command): \(done.stderr)")
        }
        Wait.ended(engine, timeout: 60)
        if engine.isRunning { kill(engine.processIdentifier, SIGTERM) }
        engine.waitUntilExit()
        #expect(
            engine.terminationReason == .uncaughtSignal && engine.terminationStatus == SIGKILL,
            "the kill point \(point) was not reached")

        let again = try binary.run(["run", "--until-idle", "--quiet", "--config", config])
        #expect(again.status == 0, "\(again.stderr)")

        #expect(folder.files(in: "home/Documents") == ["2m"])
        let expected = GeneratedContent.sha256Hex(size: 2 << 20, seed: 31)
        #expect(try SHA256.hexDigest(ofFile: folder.base + "/home/Documents/2m") == expected)
        #expect(folder.files(in: "home/parts").isEmpty)

        let status = try binary.run(["app", "--json", "--config", config])
        let app = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
        let registry = app?["registry"] as? [String: Any]
        #expect(app?["waitingDeliveries"] as? Int == 0)
        #expect(registry?["total"] as? Int == 1)
        #expect(registry?["delivered"] as? Int == 1)
        let record = (registry?["records"] as? [[String: Any]])?.first
        #expect(record?["deliveredPath"] as? String == folder.base + "/home/Documents/2m")

        let list = try binary.run(["ls", "--json"])
        let tasks = try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]]
        #expect(tasks?.count == 1)
        #expect(tasks?.first?["state"] as? String == "completed")

        let events = try binary.run(["events", "--json", "--limit", "100000"])
        let delivered =
            (try JSONSerialization.jsonObject(with: Data(events.stdout.utf8)) as? [[String: Any]])?
            .filter { $0["kind"] as? String == "app-delivery" } ?? []
        // Each delivery says twice what the app did: it moved the file inside the callback, then its record.
        let moves = delivered.filter {
            ($0["reason"] as? String)?.contains("before didFinishDownloadingTo returned") == true
        }
        #expect(moves.count == 1, "the app must move the file exactly once: \(delivered)")
        #expect(delivered.count - moves.count == 1, "the app must be told exactly once: \(delivered)")
    }
}
