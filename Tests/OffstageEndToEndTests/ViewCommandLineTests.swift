import Foundation
import OffstageCore
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import OffstageUI
import Testing

/// `ls`, `app` and `pending` while an engine runs: they format its live snapshot, the one the dashboard gets.
@Suite(.serialized)
struct ViewCommandLineTests {
    /// Stops an engine with SIGTERM and waits for it.
    static func stop(_ engine: Process) {
        if engine.isRunning { kill(engine.processIdentifier, SIGTERM) }
        engine.waitUntilExit()
    }

    /// The objects of a JSON array printed by a command.
    static func array(_ result: OffstageBinary.Result) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func lsShowsARunningTasksLiveBytesBeyondItsLastCheckpoint() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-views-live")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        #expect(try binary.run(["add", origin.url("/gen/8m?rate=400000")]).status == 0)
        // Checkpoints a minute apart: the store keeps 0 bytes while the transfer runs.
        let engine = try binary.startEngine(["run", "--quiet"], environment: ["OFFSTAGE_CHECKPOINT_SECONDS": "60"])
        defer { Self.stop(engine) }
        var live = 0
        try Wait.until(poll: 0.1) {
            live = try Self.array(try binary.run(["ls", "--json"])).first?["bytesWritten"] as? Int ?? 0
            return live >= 100_000 || !engine.isRunning
        }
        let store = try Store.open(home: OffstageHome(path: home), readOnly: true)
        defer { store.close() }
        let checkpoint = try #require(try store.loadTasks().first).bytesWritten
        #expect(live >= 100_000, "ls never showed the running task's bytes")
        #expect(Int64(live) > checkpoint, "live \(live) vs checkpoint \(checkpoint)")
        let listing = try Self.array(try binary.run(["ls", "--json"]))
        #expect(listing.first?["state"] as? String == "running")
        #expect(listing.first?["error"] is NSNull)
        let table = try binary.run(["ls"])
        #expect(table.stdout.contains("   1  running  "), "\(table.stdout)")
        #expect(!table.stdout.contains("no offstage is running"), "\(table.stdout)")
    }

    @Test func appAndPendingPrintWhatTheDashboardsSnapshotSays() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-views-agree")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        let engine = try binary.startEngine(["run", "--quiet"])
        defer { Self.stop(engine) }
        #expect(try binary.run(["schedule", "refresh", "com.example.refresh", "--earliest", "2h"]).status == 0)
        #expect(try binary.run(["app", "open"]).status == 0)
        #expect(try binary.run(["app", "mistake", "async-file-move", "on"]).status == 0)

        let client = try SnapshotClient(home: home)
        defer { client.close() }
        let before = try #require(try client.next(timeout: 5))
        let app = try binary.run(["app", "--json"])
        let appText = try binary.run(["app"])
        let pending = try binary.run(["pending", "--json"])
        let pendingText = try binary.run(["pending"])
        // A countdown may have ticked between the frames: the commands' output is one of them.
        let after = (try client.next(timeout: 1.5)) ?? before
        #expect(app.status == 0 && pending.status == 0, "\(app.stderr)\(pending.stderr)")

        let frames = [before, after]
        #expect(try frames.map { try AppText.json($0) + "\n" }.contains(app.stdout), "\(app.stdout)")
        #expect(frames.map { AppText.text($0) + "\n" }.contains(appText.stdout), "\(appText.stdout)")
        #expect(try frames.map { try PendingText.json($0) + "\n" }.contains(pending.stdout), "\(pending.stdout)")
        #expect(
            frames.map { PendingText.text($0, timeZone: .current) + "\n" }.contains(pendingText.stdout),
            "\(pendingText.stdout)")
        let status = try #require(try JSONSerialization.jsonObject(with: Data(app.stdout.utf8)) as? [String: Any])
        #expect(status["offstageRunning"] as? Bool == true)
        #expect(status["phase"] as? String == "active")
        #expect(status["mistakes"] as? [String] == ["async-file-move"])
        #expect(try Self.array(pending).first?["identifier"] as? String == "com.example.refresh")
    }

    @Test func anEngineThatHoldsTheHomeButDoesNotAnswerIsNeverReportedGone() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-views-silent")
        let home = OffstageHome(path: folder.base + "/home")
        let store = try Store.open(home: home)
        let now = Date()
        var task = TransferTask(
            id: 1, session: "com.offstage.default", taskIdentifier: 1, kind: .download, url: "http://127.0.0.1:9/a",
            destinationDirectory: home.documentsDirectory, createdAt: now)
        task.state = .running
        task.bytesWritten = 512
        task.bytesExpected = 1024
        var changes = StoreChanges()
        changes.tasks = [task]
        try store.apply(changes, now: now)
        store.close()
        // This process holds the home's lock and serves no socket: an engine that does not answer.
        let lock = try InstanceLock.acquire(home: home)
        defer { lock.release() }
        let binary = try OffstageBinary(home: home.path)
        let started = Date()
        let table = try binary.run(["ls"])
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("   1  running      50% 512 B/1.0 KB"), "\(table.stdout)")
        #expect(!table.stdout.contains("interrupted") && !table.stdout.contains("no offstage is running"))
        let app = try binary.run(["app", "--json"])
        let status = try #require(try JSONSerialization.jsonObject(with: Data(app.stdout.utf8)) as? [String: Any])
        #expect(status["offstageRunning"] as? Bool == true)
    }
}
