import Foundation
import OffstageCore
import OffstageStore
import OffstageTestSupport
import Testing

/// Commands that never pretend: with no engine they apply at once or say that nothing runs; with one they say
/// what happened only once it has; one task numbering; unusable homes are exit 3; signals end `run` with 130.
@Suite(.serialized)
struct HonestCommandTests {
    /// Starts `offstage run --quiet` and waits until its engine has started (its signal trap is in place).
    static func startEngine(_ binary: OffstageBinary, environment: [String: String] = [:]) throws -> Process {
        try binary.startEngine(["run", "--quiet"], environment: environment)
    }

    /// Stops an engine with SIGTERM and waits for it.
    static func stop(_ engine: Process) {
        if engine.isRunning { kill(engine.processIdentifier, SIGTERM) }
        engine.waitUntilExit()
    }

    /// The commands still pending in a home's inbox.
    static func pendingCommands(_ home: String) throws -> Int {
        let home = OffstageHome(path: home)
        guard FileManager.default.fileExists(atPath: home.databasePath) else { return 0 }
        return try Store.open(home: home, readOnly: true).pendingCommands().count
    }

    @Test func anUnpermittedScheduleWithNoEngineFailsWithApplesErrorAndAPermittedOneIsPendingAtOnce() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-schedule")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        let refused = try binary.run(["schedule", "refresh", "not.permitted.id"])
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty, "\(refused.stdout)")
        #expect(refused.stderr.contains("BGTaskScheduler.Error.notPermitted"), "\(refused.stderr)")
        #expect(refused.stderr.contains("not in BGTaskSchedulerPermittedIdentifiers"), "\(refused.stderr)")

        let submitted = try binary.run(["schedule", "refresh", "com.example.refresh", "--earliest", "2h"])
        #expect(submitted.status == 0, "\(submitted.stderr)")
        #expect(submitted.stdout == "submitted app refresh request com.example.refresh\n")
        let pending = try binary.run(["pending"])
        #expect(pending.stdout.contains("com.example.refresh"), "\(pending.stdout)")
        #expect(pending.stdout.contains("earliest in"), "\(pending.stdout)")
        #expect(try Self.pendingCommands(home) == 0)
    }

    @Test func anUnpermittedScheduleWithAnEngineSaysNothingWasSubmitted() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-schedule-live")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let engine = try Self.startEngine(binary)
        defer { Self.stop(engine) }
        let refused = try binary.run(["schedule", "refresh", "not.permitted.id"])
        #expect(refused.status == 1)
        #expect(!refused.stdout.contains("submitted"), "\(refused.stdout)")
        #expect(refused.stderr.contains("notPermitted"), "\(refused.stderr)")
    }

    @Test func addThenLsShowsTheTaskWithItsFinalIdAndCommandsUseUpNoIds() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-ids")
        let binary = try OffstageBinary(home: folder.base + "/home")
        // Commands before the first add: under "task ids are inbox ids" the first task would have been 5.
        #expect(try binary.run(["device", "wifi"]).status == 0)
        #expect(try binary.run(["schedule", "refresh", "com.example.refresh"]).status == 0)
        #expect(try binary.run(["session", "com.example.s", "--discretionary", "on"]).status == 0)
        #expect(try binary.run(["unschedule", "com.example.refresh"]).status == 0)
        let first = try binary.run(["add", "http://127.0.0.1:9/one.bin"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "added task 1: http://127.0.0.1:9/one.bin\n")
        #expect(try binary.run(["pause", "1"]).stdout == "paused task 1\n")
        let second = try binary.run(["add", "http://127.0.0.1:9/two.bin"])
        #expect(second.stdout == "added task 2: http://127.0.0.1:9/two.bin\n")
        let listing = try binary.run(["ls", "--json"])
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
        #expect(tasks.map { $0["id"] as? Int } == [1, 2])
        #expect(tasks.map { $0["state"] as? String } == ["paused", "queued"])
        let table = try binary.run(["ls"])
        #expect(table.stdout.contains("no offstage is running on"), "\(table.stdout)")
    }

    @Test func addsRacingWithNoEngineAreAllAppliedWithDistinctIds() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-race")
        let binary = try OffstageBinary(home: folder.base + "/home")
        #expect(try binary.run(["device", "wifi"]).status == 0)  // the store exists before the race
        let adds = try (1...5).map { try binary.launch(["add", "http://127.0.0.1:9/\($0).bin"]) }
        for add in adds { add.waitUntilExit() }
        #expect(adds.map(\.terminationStatus) == [0, 0, 0, 0, 0])
        let listing = try binary.run(["ls", "--json"])
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
        #expect(tasks.compactMap { $0["id"] as? Int } == [1, 2, 3, 4, 5])
        #expect(tasks.allSatisfy { $0["state"] as? String == "queued" })
        #expect(try Self.pendingCommands(folder.base + "/home") == 0)
    }

    @Test func addWithAnEngineRunningPrintsTheIdTheEngineCreatedAndTheAppsTaskShowsBothIds() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-ids-live")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let engine = try Self.startEngine(binary)
        defer { Self.stop(engine) }
        let added = try binary.run(["add", "http://127.0.0.1:9/one.bin"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "added task 1: http://127.0.0.1:9/one.bin\n")
        #expect(try binary.run(["app", "open"]).status == 0)
        let created = try binary.run(["app", "download", "http://127.0.0.1:9/app.bin", "--description", "photo"])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout == "created task 2 (the app's taskIdentifier 1)\n", "\(created.stdout)")
        let table = try binary.run(["ls"])
        #expect(table.stdout.contains("com.example.offstage.background #1"), "\(table.stdout)")
        let app = try binary.run(["app"])
        #expect(app.stdout.contains("(task 2, the app's taskIdentifier 1)"), "\(app.stdout)")
    }

    @Test(arguments: [
        ["launch", "com.example.refresh"], ["expire", "com.example.refresh"],
        ["app", "download", "http://127.0.0.1:9/x"], ["app", "open"], ["app", "relaunch"],
    ])
    func aCommandThatNeedsRunningWorkSaysNothingRunsAndLeavesNothingBehind(arguments: [String]) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-needs-engine")
        let home = folder.base + "/home"
        let result = try OffstageBinary(home: home).run(arguments)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(
            result.stderr == "offstage: no offstage is running on \(home): start `offstage run` and run this again\n",
            "\(result.stderr)")
        #expect(try Self.pendingCommands(home) == 0)
    }

    @Test func aRelaunchTheAppDoesNotNeedIsRefusedNotRequested() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-relaunch")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let engine = try Self.startEngine(binary)
        defer { Self.stop(engine) }
        let relaunch = try binary.run(["app", "relaunch"])
        #expect(relaunch.status == 1)
        #expect(!relaunch.stdout.contains("requested"), "\(relaunch.stdout)")
        #expect(relaunch.stderr.contains("no session events wait for the app"), "\(relaunch.stderr)")
    }

    @Test func afterAKilledRunLsAndAppSayNothingRunsAndTheTaskWasInterrupted() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-killed")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        #expect(try binary.run(["add", origin.url("/gen/8m?rate=800000")]).status == 0)
        let engine = try Self.startEngine(binary, environment: ["OFFSTAGE_CHECKPOINT_SECONDS": "0.2"])
        var written: Int64 = 0
        // The store's checkpoint, not `ls` (which shows the running engine's live bytes).
        try Wait.until(poll: 0.05) {
            let store = try Store.open(home: OffstageHome(path: home), readOnly: true)
            written = try store.loadTasks().first?.bytesWritten ?? 0
            store.close()
            return written > 0 || !engine.isRunning
        }
        kill(engine.processIdentifier, SIGKILL)
        engine.waitUntilExit()
        #expect(written > 0, "no checkpoint before the kill")

        let table = try binary.run(["ls"])
        #expect(table.status == 0)
        #expect(table.stdout.contains("interrupted"), "\(table.stdout)")
        #expect(
            table.stdout.firstMatch(of: /interrupted at \d+%: resumes when offstage runs/) != nil, "\(table.stdout)")
        #expect(table.stdout.contains("   1  interrupted  "), "\(table.stdout)")
        #expect(table.stdout.contains("no offstage is running on \(home)"), "\(table.stdout)")
        let listing = try binary.run(["ls", "--json"])
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
        #expect(tasks.first?["state"] as? String == "interrupted")
        #expect(
            (tasks.first?["error"] as? String)?.wholeMatch(of: /interrupted at \d+%: resumes when offstage runs/)
                != nil,
            "\(tasks)")
        let app = try binary.run(["app"])
        #expect(app.stdout.hasPrefix("app: not running: no offstage is running on \(home)"), "\(app.stdout)")
        let json = try binary.run(["app", "--json"])
        let status = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(status["offstageRunning"] as? Bool == false)

        // A command applied now is no restart: nothing is rebooted, and the paused task is the only change.
        let before = try binary.run(["events", "--limit", "100000"]).stdout
        let paused = try binary.run(["pause", "1"])
        #expect(paused.stdout == "paused task 1\n", "\(paused.stderr)")
        let after = try binary.run(["events", "--limit", "100000"]).stdout
        let added = after.split(separator: "\n").dropFirst(before.split(separator: "\n").count)
        #expect(added.count == 1 && added.first?.contains("paused") == true, "\(added)")
        #expect(try binary.run(["app", "--json"]).stdout == json.stdout)
    }

    @Test(arguments: [["ls"], ["events"], ["pending"], ["app"], ["add", "http://127.0.0.1:9/x"], ["device"]])
    func aHomeThatIsAFileIsExitThreeWithOneLine(arguments: [String]) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-file-home")
        let home = folder.base + "/home"
        try Data("not a directory".utf8).write(to: URL(fileURLWithPath: home))
        let result = try OffstageBinary(home: home).run(arguments)
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr == "offstage: the home \(home) is not a directory\n", "\(result.stderr)")
    }

    @Test(arguments: [["ls"], ["events"], ["pending"], ["app"], ["schedule", "refresh", "com.example.refresh"]])
    func anEmptyHomeOptionIsExitThreeNotTheDefaultHome(arguments: [String]) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-empty-home")
        let result = try OffstageBinary(home: folder.base + "/home").run(["--home", ""] + arguments)
        #expect(result.status == 3)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.hasPrefix("offstage: --home is empty"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.base + "/home"))
    }

    @Test(.enabled(if: getuid() != 0, "root reads every directory"), arguments: [["ls"], ["events"], ["pending"]])
    func aHomeWithoutPermissionIsExitThreeWithOneLine(arguments: [String]) throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-locked-home")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        #expect(try binary.run(["add", "http://127.0.0.1:9/x"]).status == 0)
        chmod(home, 0)
        defer { chmod(home, 0o700) }
        let result = try binary.run(arguments)
        #expect(result.status == 3)
        #expect(result.stderr == "offstage: cannot use the home \(home): Permission denied\n", "\(result.stderr)")
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func runInterruptedByASignalExits130AndLeavesTheStoreClean(signal: Int32) throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-honest-signal")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        #expect(try binary.run(["add", origin.url("/gen/8m?rate=800000")]).status == 0)
        let engine = try Self.startEngine(binary)
        try Wait.until { try !engine.isRunning || binary.run(["events"]).stdout.contains("receiving") }
        kill(engine.processIdentifier, signal)
        engine.waitUntilExit()
        #expect(engine.terminationReason == .exit)
        #expect(engine.terminationStatus == 130)
        let listing = try binary.run(["ls", "--json"])
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
        #expect(tasks.first?["state"] as? String == "queued", "\(tasks)")
        let store = try Store.open(home: OffstageHome(path: home), readOnly: true)
        #expect(try store.integrityCheck() == "ok")
        #expect(InstanceLock.owner(home: OffstageHome(path: home)) == nil)
    }
}
