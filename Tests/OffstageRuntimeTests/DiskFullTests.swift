import Foundation
import OffstageCore
import OffstageHTTP
import OffstageOrigin
import OffstageRuntime
import OffstageStore
import OffstageTestSupport
import Testing

/// A full disk pauses the download (or stops the runtime with `StoreError.diskFull`) without
/// losing anything durable; once space is freed, a resume completes it.
///
/// The home lives on a 6 MiB tmpfs, which needs root; without it the test is cancelled (skipped).
@Suite(.serialized) struct DiskFullTests {
    @Test(.timeLimit(.minutes(1)))
    func aFullDiskPausesTheDownloadAndAResumeCompletesItOnceThereIsRoom() throws {
        let mount = try TmpfsMount(size: "6m")
        defer { mount.unmount() }
        try Self.scenario(on: mount)
    }

    static func scenario(on mount: TmpfsMount) throws {
        let harness = try RuntimeHarness(parent: mount.path)
        let size = 16 * mebibyte
        let id = try harness.download("/gen/16m?seed=111", name: "big.bin")
        let checkpoints: (inout RuntimeOptions) -> Void = { options in
            options.configureEngine = { $0.checkpointBytes = 1 << 20 }
        }

        do {
            #expect(try harness.run(checkpoints) == .idle)
        } catch let error as StoreError {
            #expect(error == .diskFull, "the run may only fail because the disk is full: \(error)")
        }

        // Nothing durable was lost: the store opens, checks clean, and keeps the checkpoint.
        try harness.reopenStore()
        #expect(try harness.store.integrityCheck() == "ok")
        let stopped = try harness.task(id)
        #expect(stopped.bytesWritten > 0 && stopped.bytesWritten < size)
        #expect((RuntimeHarness.size(harness.home.partPath(taskID: id)) ?? 0) >= stopped.bytesWritten)
        if stopped.state == .paused {
            #expect(stopped.error?.hasPrefix("disk full") == true)
        } else {
            #expect(stopped.state == .running || stopped.state == .queued, "\(stopped.state)")
        }
        #expect(harness.documents().isEmpty)

        try mount.resize("64m")
        try harness.enqueue(.resume(id: id))
        #expect(try harness.run(checkpoints) == .idle)

        let task = try harness.task(id)
        #expect(task.state == .completed)
        #expect(RuntimeHarness.digest(task.deliveredPath) == RuntimeHarness.expected(size: size, seed: 111))
        #expect(harness.documents() == ["big.bin"])
        #expect(harness.parts().isEmpty)
        let resumed = harness.requests(path: "/gen/16m").dropFirst()
        #expect(resumed.first?.range == "bytes=\(stopped.bytesWritten)-")
    }
}
