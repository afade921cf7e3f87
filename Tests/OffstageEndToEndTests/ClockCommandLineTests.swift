import Foundation
import OffstageOrigin
import OffstageStore
import OffstageTestSupport
import Testing

/// `offstage run --warp N` and `offstage clock …` as a user meets them.
struct ClockCommandLineTests {
    @Test func badWarpFactorsAndClockWordsAreUsageErrors() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-clock-usage")
        let binary = try OffstageBinary(home: folder.base + "/home")
        for warp in ["0", "0.5", "10001", "inf", "nan", "fast"] {
            let result = try binary.run(["run", "--until-idle", "--warp", warp])
            #expect(result.status == 2, "--warp \(warp): \(result.stderr)")
            #expect(result.stderr.contains("--warp needs a factor from 1 to 10000"), "\(result.stderr)")
        }
        for words in [
            ["clock"], ["clock", "warp"], ["clock", "warp", "0"], ["clock", "slow"], ["clock", "next", "1"],
        ] {
            #expect(try binary.run(words).status == 2, "\(words)")
        }
    }

    @Test func withNoEngineRunningTheClockCommandSaysSoAndQueuesNothing() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-clock-none")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let result = try binary.run(["clock", "warp", "60"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no offstage is running on"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        let store = try Store.open(home: OffstageHome(path: folder.base + "/home"))
        defer { store.close() }
        #expect(try store.pendingCommands().isEmpty)
    }

    @Test func aRunningEngineExecutesClockCommandsAndSaysWhatItDid() throws {
        let folder = try TemporaryHome(prefix: "offstage-e2e-clock-run")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let engine = try binary.launch(["run", "--quiet", "--warp", "10"])
        defer {
            kill(engine.processIdentifier, SIGTERM)
            engine.waitUntilExit()
        }
        let home = OffstageHome(path: folder.base + "/home")
        Wait.until { InstanceLock.owner(home: home) != nil || !engine.isRunning }
        let warp = try binary.run(["clock", "warp", "600"])
        #expect(warp.status == 0 && warp.stdout == "clock runs at ×600\n", "\(warp.stdout)\(warp.stderr)")
        let freeze = try binary.run(["clock", "freeze"])
        #expect(freeze.status == 0 && freeze.stdout == "clock frozen\n", "\(freeze.stdout)\(freeze.stderr)")
        let next = try binary.run(["clock", "next"])
        #expect(next.status == 0, "\(next.stderr)")
        let jumpedOrNothing = next.stdout.hasPrefix("clock jumped ") || next.stdout.hasPrefix("nothing is due later")
        #expect(jumpedOrNothing, "\(next.stdout)")
        let real = try binary.run(["clock", "real"])
        #expect(real.status == 0 && real.stdout == "clock runs at real time\n", "\(real.stdout)\(real.stderr)")
    }

    @Test func aWarpedRunWaitsOutARetryAfterInAFractionOfItsRealTime() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-clock-warp")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let added = try binary.run(["add", origin.url("/gen/64k?seed=5&status=503&retryAfter=600")])
        #expect(added.status == 0, "\(added.stderr)")
        let started = Date()
        let run = try binary.run(["run", "--until-idle", "--warp", "1000"])
        let took = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("clock ×1000"), "\(run.stdout)")
        #expect(run.stdout.contains("next in 10 min"), "\(run.stdout)")
        #expect(run.stdout.contains("delivered"), "\(run.stdout)")
        #expect(took < 60, "a 10-minute Retry-After at ×1000 took \(took) s")
        let statuses = origin.server.requestLog().map(\.status)
        #expect(statuses == [503, 200])
    }
}
