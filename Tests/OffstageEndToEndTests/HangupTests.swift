import Foundation
import OffstageCore
import OffstageOrigin
import OffstageStore
import OffstageTestSupport
import Testing

/// SIGHUP (the terminal closed) stops `get` and the dashboard as SIGTERM does: exit 130, the store clean and
/// unlocked, the download's bytes kept for the same command to resume.
@Suite(.serialized)
struct HangupTests {
    /// Waits up to 20 s until `engine` has received some bytes of task 1 (its `receiving` event is logged).
    static func awaitReceiving(_ binary: OffstageBinary, _ engine: Process) throws {
        try Wait.until { try !engine.isRunning || binary.run(["events"]).stdout.contains("receiving") }
    }

    /// Sends `signal`, waits, and checks the clean stop every interrupted command promises.
    static func interrupt(_ engine: Process, with signal: Int32, home: String) throws {
        kill(engine.processIdentifier, signal)
        engine.waitUntilExit()
        #expect(engine.terminationReason == .exit, "ended by the signal itself, not by a clean stop")
        #expect(engine.terminationStatus == 130)
        let store = try Store.open(home: OffstageHome(path: home), readOnly: true)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.task(id: 1)?.state == .queued)
        store.close()
        #expect(InstanceLock.owner(home: OffstageHome(path: home)) == nil)
    }

    @Test(arguments: [SIGHUP, SIGTERM])
    func getStopsCleanlyOnAHangupAndTheSameCommandResumes(signal: Int32) throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-hangup-get")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        let arguments = ["get", origin.url("/gen/4m?seed=8&rate=1000000"), "-o", folder.base + "/four.bin"]
        let get = try binary.launch(arguments)
        try Self.awaitReceiving(binary, get)
        try Self.interrupt(get, with: signal, home: home)
        #expect((try? FileManager.default.attributesOfItem(atPath: home + "/parts/1.part")) != nil)
        let again = try binary.run(arguments)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(origin.server.requestLog().contains { $0.range != nil }, "the same command resumed with a range")
        #expect(
            try SHA256.hexDigest(ofFile: folder.base + "/four.bin")
                == GeneratedContent.sha256Hex(size: 4 << 20, seed: 8))
    }

    @Test func thePlainDashboardStopsCleanlyOnAHangup() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-hangup-dashboard")
        let home = folder.base + "/home"
        let binary = try OffstageBinary(home: home)
        #expect(try binary.run(["add", origin.url("/gen/8m?rate=800000")]).status == 0)
        let dashboard = try binary.launch([])  // stdout is not a terminal: the plain dashboard, hosting the engine
        try Self.awaitReceiving(binary, dashboard)
        try Self.interrupt(dashboard, with: SIGHUP, home: home)
    }
}
