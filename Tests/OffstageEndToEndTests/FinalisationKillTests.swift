import Foundation
import OffstageOrigin
import OffstageTestSupport
import Testing

/// SIGKILL at each step of finalisation, then the same command again: the file lands exactly once.
struct FinalisationKillTests {
    @Test(arguments: ["finalize-before-link", "finalize-after-link", "finalize-after-unlink"])
    func getKilledDuringFinalisationDeliversExactlyOnce(point: String) throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-kill-\(point)")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let output = folder.base + "/out/file.bin"
        // `get -o` delivers into an existing folder only (or with --create-dirs).
        try FileManager.default.createDirectory(
            atPath: (output as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let url = origin.url("/gen/3m?seed=21")

        let killed = try binary.run(["get", url, "-o", output], environment: ["OFFSTAGE_KILL_POINT": point])
        #expect(killed.status == 128 + SIGKILL, "the kill point \(point) was not reached: \(killed.stderr)")

        let again = try binary.run(["get", url, "-o", output])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == output)
        #expect(folder.files(in: "out") == ["file.bin"])
        #expect(try SHA256.hexDigest(ofFile: output) == GeneratedContent.sha256Hex(size: 3 << 20, seed: 21))
        #expect(folder.files(in: "home/parts").isEmpty)
    }

    @Test func getKilledMidTransferResumesWithARangeRequest() throws {
        let origin = try OriginFixture()
        defer { origin.stop() }
        let folder = try TemporaryHome(prefix: "offstage-e2e-get-resume")
        let binary = try OffstageBinary(home: folder.base + "/home")
        let output = folder.base + "/out/big.bin"
        // `get -o` delivers into an existing folder only (or with --create-dirs).
        try FileManager.default.createDirectory(
            atPath: (output as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let url = origin.url("/gen/8m?seed=22&rate=2000000")
        let process = try binary.launch(
            ["get", url, "-o", output], environment: ["OFFSTAGE_CHECKPOINT_SECONDS": "0.2"])
        Wait.until { !process.isRunning || Self.partBytes(in: folder.base + "/home/parts") >= 2 << 20 }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()

        let again = try binary.run(["get", url, "-o", output])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try SHA256.hexDigest(ofFile: output) == GeneratedContent.sha256Hex(size: 8 << 20, seed: 22))
        let ranged = origin.server.requestLog().filter { $0.range != nil }
        #expect(ranged.count == 1, "expected one resumed request: \(origin.server.requestLog())")
        #expect(ranged.first?.status == 206)
        #expect(ranged.first?.ifRange != nil)
    }

    /// The size of the (single) partial file, 0 when there is none.
    static func partBytes(in folder: String) -> Int64 {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.compactMap { name in
            (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? NSNumber)?.int64Value
        }.max() ?? 0
    }
}
