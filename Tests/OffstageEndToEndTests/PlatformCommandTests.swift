import Foundation
import OffstageCore
import Testing

@testable import offstage

/// `offstage device platform ios|android|both` (issue 17): the home's simulated platform from the command line, kept
/// in the store; with no engine it takes effect at the next start, a running engine switches at once; each says which.
struct PlatformCommandTests {
    @Test("with no engine the platform is kept, said to take effect at the next start, and the next engine runs it")
    func keptThenStarted() throws {
        let folder = try TemporaryFolder("platform-offline")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let shown = try binary.run(["device"])
        #expect(shown.status == 0)
        #expect(
            shown.stdout.hasSuffix("\nplatform ios (none chosen for this home: config/android.json, else ios)\n"),
            "\(shown.stdout)")

        let bad = try binary.run(["device", "platform", "windows"])
        #expect(bad.status == 2 && bad.stdout.isEmpty)
        #expect(bad.stderr.contains("platform needs one of ios, android, both"), "\(bad.stderr)")
        #expect(try binary.run(["device", "platform"]).status == 2)

        let switched = try binary.run(["device", "platform", "android"])
        #expect(switched.status == 0, "\(switched.stderr)")
        #expect(
            switched.stdout
                == "platform android kept for this home: no offstage is running, so it takes effect when one starts\n")
        #expect(try binary.run(["device"]).stdout.hasSuffix("\nplatform android (chosen for this home)\n"))
        let work = try binary.run(["work", "ls"])
        #expect(work.status == 0 && !work.stdout.contains("iOS only"), "\(work.stdout)")
        #expect(try binary.run(["run", "--until-idle", "--quiet"]).status == 0)
        let refused = try binary.run(["schedule", "refresh", "com.example.refresh"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("this engine runs the Android profile only"), "\(refused.stderr)")
    }

    @Test("a switch goes before the other settings, so the Android ones reach the model it starts")
    func switchFirst() throws {
        let plan = try DeviceCommand.parse(
            ["doze", "on", "platform", "android", "in-use", "on", "platform", "both"], current: DeviceConditions())
        #expect(
            plan.steps.map(\.command) == [
                .setPlatform(.android), .setPlatform(.both), .android(.doze(true)), .setDeviceInUse(true),
            ])
        #expect(plan.conditions == nil)

        let folder = try TemporaryFolder("platform-first")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let result = try binary.run(["device", "roaming", "on", "platform", "android"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.first?.hasPrefix("platform android kept for this home") == true, "\(lines)")
        #expect(lines.last == "roaming: on")
    }

    @Test("a running engine switches at once and says what started and stopped")
    func runningEngineSwitches() throws {
        let folder = try TemporaryFolder("platform-running")
        let binary = try OffstageBinary(home: folder.path + "/home")
        let engine = try binary.startEngine(["run", "--quiet"])
        defer {
            if engine.isRunning { kill(engine.processIdentifier, SIGKILL) }
        }
        try #require(engine.isRunning)
        let iOSOnly = try binary.run(["work", "ls"])
        #expect(iOSOnly.stdout.contains("iOS only"))

        let both = try binary.run(["device", "platform", "both"])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(
            both.stdout
                == "platform both, now in the running offstage (pid \(engine.processIdentifier)): the Android model "
                + "started\n")
        let work = try binary.run(["work", "ls"])
        #expect(work.status == 0 && work.stdout == "no work requests\n", "\(work.stdout)")
        let events = try binary.run(["events"]).stdout
        #expect(events.contains("platform") && events.contains("the Android model started"))

        kill(engine.processIdentifier, SIGTERM)
        engine.waitUntilExit()
        #expect(try binary.run(["device"]).stdout.hasSuffix("\nplatform both (chosen for this home)\n"))
    }
}
