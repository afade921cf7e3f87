import Foundation
import OffstageCore
import OffstageStore
import Testing

@testable import offstage

/// `fgs`, `android`, the Android `device` settings and `simulate --platform`: the commands they build, and what the
/// binary prints today, while the engine still runs the iOS profile only (usage errors, refusals, help).
@Suite struct AndroidCommandLineTests {
    @Test func foregroundServices() throws {
        #expect(
            try ForegroundServiceCommand.parse(["start", "player", "--text", "Playing"])
                == .startForegroundService(name: "player", notification: "Playing"))
        #expect(
            try ForegroundServiceCommand.parse(["start", "player"])
                == .startForegroundService(name: "player", notification: nil))
        #expect(try ForegroundServiceCommand.parse(["stop", "player"]) == .stopForegroundService(name: "player"))
        for raw in [
            ["stop", "p", "--text", "x"], ["start"], ["pause", "p"], ["start", "p", "q"], ["start", "\u{7}"],
        ] {
            #expect(throws: (any Error).self, "\(raw)") { try ForegroundServiceCommand.parse(raw) }
        }
        #expect(
            ForegroundServiceCommand.done(.startForegroundService(name: "p", notification: "a\u{1B}b"))
                == "started foreground service p; its notification shows \"a\\x1Bb\"")
    }

    @Test(arguments: [
        ("open", AndroidRequest.appOpened), ("leave", .appLeft), ("low-memory-kill", .lowMemoryKill),
        ("force-stop", .forceStop), ("reboot", .reboot),
    ])
    func theProcessVerbs(verb: String, request: AndroidRequest) throws {
        #expect(try AndroidCommand.parse([verb]).0 == request)
        #expect(CommandCatalog.android.subcommands.contains { $0.name == verb })
    }

    @Test func theAndroidDeviceSettingsAreCommandsInOrderAndTheIOSOnesStayConditions() throws {
        let current = DeviceConditions()
        let plan = try DeviceCommand.parse(
            [
                "doze", "on", "cellular", "bucket", "working-set", "in-use", "off", "battery-saver", "off",
                "background-restricted", "on", "roaming", "on", "storage-low", "off",
            ],
            current: current)
        #expect(
            plan.steps.map(\.command) == [
                .android(.doze(true)), .android(.bucket(.workingSet)), .setDeviceInUse(false),
                .android(.batterySaver(false)), .android(.backgroundRestricted(true)), .android(.roaming(true)),
                .android(.storageLow(false)),
            ])
        var expected = current
        expected.network = .cellular
        #expect(plan.conditions == expected)
        #expect(plan.steps[1].done == "the Android app is in the working set bucket")
        let androidOnly = try DeviceCommand.parse(["doze", "off"], current: current)
        #expect(androidOnly.conditions == nil, "an Android setting alone leaves the iOS conditions as they are")
        for raw in [["doze"], ["doze", "maybe"], ["bucket"], ["bucket", "sometimes"], ["battery", "1e308"]] {
            #expect(throws: (any Error).self, "\(raw)") { try DeviceCommand.parse(raw, current: current) }
        }
    }

    @Test func simulateTakesAPlatform() throws {
        #expect(try SimulateCommand.platform(nil) == .ios)
        #expect(try SimulateCommand.platform("both") == .both)
        #expect(throws: (any Error).self) { try SimulateCommand.platform("mars") }
    }

    @Test func simulateOnIOSPrintsWhatItPrintedWithoutThePlatform() throws {
        let folder = try TemporaryFolder("simulate-platform")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let plain = try binary.run(["simulate", "--days", "2", "--usage", "rare"])
        let ios = try binary.run(["simulate", "--days", "2", "--usage", "rare", "--platform", "ios"])
        #expect(plain.status == 0 && ios.status == 0)
        #expect(!plain.stdout.isEmpty && ios.stdout == plain.stdout)
        let mars = try binary.run(["simulate", "--platform", "mars"])
        #expect(mars.status == 2 && mars.stderr == "offstage: --platform is ios, android or both, not mars\n")
    }

    @Test(arguments: [
        ["work", "enqueue", "x", "--delay", "1e308"], ["work", "enqueue", "x", "--periodic", "nan"],
        ["work", "enqueue", "x", "--delay", "-5s"], ["work", "enqueue", "x", "--expedited", "--delay", "1m"],
        ["work", "enqueue", "x", "--periodic", "1h", "--after", "y"], ["work", "enqueue", "x\u{1B}]0;t\u{7}"],
        ["work", "cancel"], ["work", "bogus"], ["fgs", "start"], ["android", "fly"], ["device", "doze", "1e308"],
        ["device", "bucket", "gold"],
    ])
    func aRefusedAndroidLineExitsTwoAndStoresNothing(arguments: [String]) throws {
        let folder = try TemporaryFolder("android-refused")
        let home = folder.path + "/home"
        let binary = try OffstageBinary(home: home)
        let result = try binary.run(arguments)
        #expect(result.status == 2, "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("offstage: ") && result.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!result.stderr.contains("\u{1B}"), "the name is escaped")
        let store = OffstageHome(path: home)
        if FileManager.default.fileExists(atPath: store.databasePath) {
            let opened = try Store.open(home: store, readOnly: true)
            #expect(try opened.pendingCommands().isEmpty)
        }
    }

    /// The line an iOS-profile engine refuses every Android command with.
    static let iOSOnly =
        "offstage: this engine runs the iOS profile only: offstage device platform android or both switches it\n"

    /// In the iOS profile the engine refuses work: the CLI says so after WorkManager's warnings, with no success word.
    @Test func anIOSOnlyEngineRefusesWorkAndTheRefusalIsPrintedAfterTheWarnings() throws {
        let folder = try TemporaryFolder("android-refusal")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let result = try binary.run(["work", "enqueue", "sync", "--periodic", "5m"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "no success word: \(result.stdout)")
        #expect(
            result.stderr
                == "warning: Interval duration lesser than minimum allowed value; Changed to 900000 ms (15 min)\n"
                + Self.iOSOnly)
        let doze = try binary.run(["device", "doze", "on"])
        #expect(doze.status == 1 && doze.stdout.isEmpty)
        #expect(doze.stderr == Self.iOSOnly)
    }

    /// A configuration folder like the repository's, with `android.json` set to `platform`.
    static func configuration(in folder: TemporaryFolder, platform: String) throws -> String {
        let directory = folder.path + "/config"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let source = CommandHelpTests.repository.appendingPathComponent("config")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".json") {
            var text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            if name == "android.json" {
                text = text.replacingOccurrences(of: "\"platform\": \"ios\"", with: "\"platform\": \"\(platform)\"")
            }
            try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// In the Android profile, with no engine running, what only changes state is applied here: the engine's
    /// words are printed (kept or enqueued), the device conditions go before Doze, and `work ls` says it needs
    /// an engine rather than claiming there is no work.
    @Test func inTheAndroidProfileWorkAndDeviceSettingsApplyWithoutAnEngine() throws {
        let folder = try TemporaryFolder("android-profile")
        let home = folder.path + "/home"
        let binary = try OffstageBinary(home: home)
        let config = try Self.configuration(in: folder, platform: "android")
        let first = try binary.run(["work", "enqueue", "sync", "--unique", "KEEP", "--config", config])
        #expect(first.status == 0 && first.stderr.isEmpty, "\(first.stderr)")
        #expect(first.stdout.hasPrefix("enqueued sync as "), "\(first.stdout)")
        let again = try binary.run(["work", "enqueue", "sync", "--unique", "KEEP", "--config", config])
        #expect(again.status == 0 && again.stdout.hasPrefix("kept sync"), "\(again.stdout)")
        let doze = try binary.run(["device", "charging", "off", "doze", "on", "--config", config])
        #expect(doze.status == 0, "\(doze.stderr)")
        let lines = doze.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0].contains("on battery"), "\(doze.stdout)")
        let list = try binary.run(["work", "ls", "--config", config])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("sync") && list.stdout.contains("ENQUEUED"), "\(list.stdout)")
        #expect(list.stdout.contains("no offstage is running on \(home)"), "\(list.stdout)")
    }

    @Test func whatNeedsARunningEngineSaysHowToStartOne() throws {
        let folder = try TemporaryFolder("android-not-running")
        let home = folder.path + "/home"
        let binary = try OffstageBinary(home: home)
        for arguments in [["work", "run", "sync"], ["fgs", "start", "player"], ["android", "open"]] {
            let result = try binary.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(
                result.stderr
                    == "offstage: no offstage is running on \(home): start `offstage run` and run this again\n")
        }
    }

    @Test func workLsSaysWhenTheProfileHasNoAndroid() throws {
        let folder = try TemporaryFolder("android-ls")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let text = try binary.run(["work", "ls"])
        #expect(text.status == 0)
        #expect(
            text.stdout
                == "the platform profile is iOS only: there is no WorkManager "
                + "(offstage device platform android or both switches to it)\n")
        let json = try binary.run(["work", "ls", "--json"])
        #expect(json.status == 0 && json.stdout == "[]\n")
    }
}
