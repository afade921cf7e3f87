import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageTestSupport
import Testing

@Suite("CurlEngine disk full")
struct DiskFullTests {
    /// Runs `/bin/mount` or `/bin/umount`; true on success.
    private func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }

    @Test func diskFullKeepsTheDurableOffsetAndResumes() throws {
        let mountPoint = try EngineHarness.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: mountPoint) }
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint]) else {
            print("DiskFullTests: skipped, cannot mount a tmpfs at \(mountPoint) (needs root)")
            return
        }
        defer { _ = run("/bin/umount", [mountPoint]) }
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
