import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageTestSupport
import Testing

@Suite("CurlEngine disk full")
struct DiskFullTests {
    @Test func diskFullKeepsTheDurableOffsetAndResumes() throws {
        let mount = try TmpfsMount(size: "2m")
        defer { mount.unmount() }
        let mountPoint = mount.path
        let filler = mountPoint + "/filler"
        try Data(repeating: 0, count: 1_536 * 1024).write(to: URL(fileURLWithPath: filler))
        let origin = try OriginFixture()
        defer { origin.stop() }
        // No reserve: this test drives the engine into a real ENOSPC.
        let harness = try EngineHarness(parts: mountPoint) { $0.diskReserve = 0 }
        let url = origin.url("/gen/1m")

        let first = try harness.run(download(url))
        guard case .diskFull(let kept) = first.end else {
            Issue.record("expected disk full, got \(String(describing: first.end))")
            return
        }
        #expect(kept > 0 && kept < 1 << 20)
        #expect(first.checkpoints.last == kept)
        #expect(first.checkpointPrecedesEnd)
        #expect(harness.partSize(1) == kept)
        let validator = try #require(first.accepted?.validator)

        try FileManager.default.removeItem(atPath: filler)
        let second = try harness.run(download(url, offset: kept, validator: validator))
        #expect(second.end == .completed(bytes: 1 << 20, status: 206, responseSummary: nil))
        #expect(try SHA256.hexDigest(ofFile: harness.partPath(1)) == GeneratedContent.sha256Hex(size: 1 << 20, seed: 1))
    }
}
