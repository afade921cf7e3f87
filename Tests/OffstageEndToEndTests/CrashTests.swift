import Foundation
import OffstageOrigin
import OffstageStore
import OffstageTestSupport
import Testing

/// The real binary under `kill -9` at random moments: every file is delivered exactly once and intact.
@Suite(.serialized)
struct CrashTests {
    static let size: Int64 = 20 << 20
    static let seeds: [UInt64] = [11, 12, 13, 14, 15]

    @Test func fiveThrottledDownloadsSurviveTwentyRandomKills() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-crash")
        let binary = try OffstageBinary(home: folder.base + "/home")
        for (index, seed) in Self.seeds.enumerated() {
            let added = try binary.run([
                "add", origin.url("/gen/20m?seed=\(seed)&rate=1500000"), "--name", "file\(index).bin",
            ])
            #expect(added.status == 0, "\(added.stderr)")
        }
        var random = SeededRandom(seed: 2026)
        var kills = 0
        var launches = 0
        while kills < 20 && launches < 60 {
            launches += 1
            let process = try binary.launch(
                ["run", "--until-idle", "--quiet"], environment: ["OFFSTAGE_CHECKPOINT_SECONDS": "0.5"])
            // The random moment of the kill is the input of this test, not a synchronisation.
            Wait.moment(random.uniform(0.15...1.2)) { !process.isRunning }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
            let delivered = folder.files(in: "home/Documents")
            #expect(!delivered.contains { $0.contains(" (") }, "a file was delivered twice: \(delivered)")
            #expect(delivered.count <= Self.seeds.count)
        }
        #expect(kills >= 20, "the downloads finished before 20 kills (\(kills)); slow the origin down")
        let final = try binary.run(["run", "--until-idle", "--quiet"])
        #expect(final.status == 0, "\(final.stderr)")

        #expect(folder.files(in: "home/Documents") == Self.seeds.indices.map { "file\($0).bin" })
        for (index, seed) in Self.seeds.enumerated() {
            let digest = try SHA256.hexDigest(ofFile: folder.base + "/home/Documents/file\(index).bin")
            #expect(digest == GeneratedContent.sha256Hex(size: Self.size, seed: seed), "file\(index).bin is corrupt")
        }
        #expect(folder.files(in: "home/parts").isEmpty)
        let listing = try binary.run(["ls", "--json"])
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]])
        #expect(tasks.count == Self.seeds.count)
        #expect(tasks.allSatisfy { $0["state"] as? String == "completed" })
        let store = try Store.open(home: OffstageHome(path: folder.base + "/home"), readOnly: true)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.outbox().isEmpty)
    }
}
